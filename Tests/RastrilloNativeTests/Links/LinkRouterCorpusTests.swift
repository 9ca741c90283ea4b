import Foundation
import RastrilloNative
import Testing

/// The parity corpus (Tests/ManifestParity/corpus.json) against the native
/// router; `make manifest-parity-js` and `manifest-parity-go` hold the emitted
/// JavaScript and Go to the same file.
@Suite("LinkRouter: parity corpus")
struct LinkRouterCorpusTests {
    struct Entry: CustomStringConvertible {
        let url: String
        let redirect: Bool
        let decision: String
        let destination: String?
        let params: [String: Any]
        let reason: String?
        var description: String { url.debugDescription }
    }

    static func load() throws -> [Entry] {
        let data = try Data(contentsOf: ManifestFixtures.parityFile("corpus.json"))
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return list.map { item in
            Entry(
                url: item["url"] as! String, redirect: item["redirect"] as? Bool ?? false,
                decision: item["decision"] as! String, destination: item["destination"] as? String,
                params: item["params"] as? [String: Any] ?? [:], reason: item["reason"] as? String)
        }
    }

    static func matches(_ value: LinkValue, _ expected: Any) -> Bool {
        switch value {
        case .string(let text): return (expected as? String) == text
        case .uuid: return (expected as? String) == value.description
        case .int(let number): return (expected as? NSNumber)?.int64Value == number && !(expected is String)
        case .double(let number): return (expected as? NSNumber)?.doubleValue == number && !(expected is String)
        case .bool(let flag): return (expected as? Bool) == flag && !(expected is String)
        }
    }

    @Test("the corpus has at least 200 URLs and covers every decision")
    func corpusSize() throws {
        let entries = try Self.load()
        #expect(entries.count >= 200)
        #expect(Set(entries.map(\.decision)) == ["native", "web", "in-app-browser", "external", "refused"])
    }

    @Test("the native router reaches every expected decision")
    func corpus() throws {
        let router = LinkRouter(manifest: ManifestFixtures.parityManifest)
        for entry in try Self.load() {
            let decision = router.decide(entry.url, context: entry.redirect ? .redirect : .navigation)
            #expect(decision.name == entry.decision, "\(entry): \(decision)")
            #expect(decision.match?.destination == entry.destination, "\(entry): \(decision)")
            let params = decision.match?.params ?? [:]
            #expect(Set(params.keys) == Set(entry.params.keys), "\(entry): \(decision)")
            for (key, value) in params {
                #expect(entry.params[key].map { Self.matches(value, $0) } == true, "\(entry) \(key): \(value)")
            }
            if let reason = entry.reason {
                guard case .refused(let refusal) = decision else { continue }
                #expect(refusal.description.contains(reason), "\(entry): \(refusal)")
            }
        }
    }

    @Test("URL values built from corpus strings are never more permissive than the strings")
    func urlValues() throws {
        let router = LinkRouter(manifest: ManifestFixtures.parityManifest)
        for entry in try Self.load() where entry.decision == "refused" {
            guard let url = URL(string: entry.url) else { continue }
            let decision = router.decide(url, context: entry.redirect ? .redirect : .navigation)
            #expect(!decision.isInternal || url.absoluteString != entry.url, "\(entry) → \(url.absoluteString)")
            if case .refused = decision { continue }
            // Foundation repaired the string into a different URL; that URL must be judged on its own.
            #expect(url.absoluteString != entry.url, "\(entry) → \(decision)")
        }
    }
}
