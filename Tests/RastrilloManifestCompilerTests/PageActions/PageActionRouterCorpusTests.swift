import Foundation
import RastrilloNative
import Testing

/// The page-action parity corpus (Tests/ManifestParity/page-action-corpus.json) against native's
/// `PageActionRouter`; `make page-actions-js` holds the generated page-actions.js to the same file.
@Suite("PageActionRouter: page-action parity corpus")
struct PageActionRouterCorpusTests {
    static let parity = EmitterTests.root.appendingPathComponent("Tests/ManifestParity")

    struct Entry: CustomStringConvertible {
        let method: ManifestPageAction.Method
        let url: String
        let command: String?
        let params: [String: Any]
        var description: String { "\(method.rawValue) \(url.debugDescription)" }
    }

    static func manifest() throws -> AppManifest {
        let data = try Data(contentsOf: parity.appendingPathComponent("page-actions-manifest.json"))
        return try AppManifest.decode(Array(data), source: "page-actions-manifest.json")
    }

    static func load() throws -> [Entry] {
        let data = try Data(contentsOf: parity.appendingPathComponent("page-action-corpus.json"))
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try list.map { item in
            Entry(
                method: try #require(ManifestPageAction.Method(rawValue: item["method"] as? String ?? "")),
                url: try #require(item["url"] as? String), command: item["command"] as? String,
                params: item["params"] as? [String: Any] ?? [:])
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

    @Test("the corpus covers both methods, offered and refused, and every bound command")
    func coverage() throws {
        let entries = try Self.load()
        let manifest = try Self.manifest()
        #expect(entries.count >= 80)
        for method in ManifestPageAction.Method.allCases {
            #expect(entries.contains { $0.method == method && $0.command != nil })
            #expect(entries.contains { $0.method == method && $0.command == nil })
        }
        let bound = Set(manifest.commands.filter { $0.pageAction != nil }.map(\.id))
        #expect(Set(entries.compactMap(\.command)) == bound)
    }

    @Test("native's page-action router reads every form and link as the corpus says")
    func corpus() throws {
        let router = PageActionRouter(manifest: try Self.manifest())
        for entry in try Self.load() {
            let match = router.match(entry.method, entry.url)
            #expect(match?.command == entry.command, "\(entry): \(String(describing: match))")
            let params = match?.params ?? [:]
            #expect(Set(params.keys) == Set(entry.params.keys), "\(entry): \(String(describing: match))")
            for (key, value) in params {
                #expect(entry.params[key].map { Self.matches(value, $0) } == true, "\(entry) \(key): \(value)")
            }
        }
    }
}
