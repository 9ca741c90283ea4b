import Foundation
import RastrilloNative
import RastrilloTestSupport
import Testing

/// Seeded fuzz and differential tests of the router (the seed is printed).
@Suite("LinkRouter: fuzz and parser differentials")
struct LinkRouterFuzzTests {
    static let seed = SeededGenerator.seed("LinkRouterFuzzTests", fallback: 0x00C0_FFEE_2026)
    static let router = LinkRouter(manifest: ManifestFixtures.parityManifest)

    static let bases = [
        "https://app.example.com/notes/6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f", "https://www.example.com/files/a/b",
        "http://localhost:8080/search?q=x", "companion://app/users/42", "https://app.example.com:443/",
        "https://evil.com/", "mailto:a@b.c", "https://app.example.com/settings/general/",
    ]
    static let pieces = [
        "@", "\\", "%40", "%2F", "%2f", "%5C", "%2e", ".", "..", "/", "//", "#", "?", " ", "\t", "\n", "%", "%zz",
        "[", "]", ":", ":80", ":443", ":8080", "A", "APP", "é", "\u{0}", "\u{7F}", "\u{2028}", "evil.com",
        "app.example.com",
        "xn--e1a", "0x7f", "127.0.0.1", "&", "=", "+", "{", "}", "%00", "%C3%A9", "javascript:", "HTTPS:", "www.",
    ]

    /// A random mutation of a base URL: insertions, deletions and replacements at random offsets.
    static func mutate(_ text: String, using generator: inout SeededGenerator) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let offset = Int.random(in: 0...scalars.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: scalars.insert(contentsOf: pieces.randomElement(using: &generator)!.unicodeScalars, at: offset)
            case 1: if offset < scalars.count { scalars.remove(at: offset) }
            default:
                let end = min(scalars.count, offset + Int.random(in: 0...3, using: &generator))
                scalars.replaceSubrange(offset..<end, with: pieces.randomElement(using: &generator)!.unicodeScalars)
            }
        }
        var out = ""
        out.unicodeScalars.append(contentsOf: scalars)
        return out
    }

    static func fuzzURLs(count: Int) -> [String] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in mutate(bases.randomElement(using: &generator)!, using: &generator) }
    }

    @Test("random and mutated URLs never crash the router, and refusals are always explained")
    func neverCrashes() {
        var generator = SeededGenerator(seed: Self.seed ^ 0xA5A5)
        for text in Self.fuzzURLs(count: 20_000) {
            let decision = Self.router.decide(text)
            if case .refused(let reason) = decision { #expect(!reason.description.isEmpty) }
            _ = Self.router.decide(text, context: .redirect)
            if let url = URL(string: text) { _ = Self.router.decide(url) }
        }
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                UInt8.random(in: 0...127, using: &generator)
            }
            _ = Self.router.decide(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The internal origins, as (scheme, lowercased host, port) strings.
    static let listed: Set<String> = Set(
        ManifestFixtures.parityManifest.internalOrigins.map { "\($0.scheme)://\($0.host):\($0.port)" })

    /// What URLComponents says: is the URL's origin listed?
    static func foundationListed(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty
        else { return false }
        let port = components.port ?? ManifestOrigin.defaultPort(for: scheme) ?? 0
        return listed.contains("\(scheme)://\(host):\(port)")
    }

    @Test(
        "internal only when URLComponents and node's WHATWG URL agree the origin is listed; refused where they disagree",
        .enabled(if: CrossLanguageOracles.enabled, "needs node (WHATWG URL): make swift-oracles runs it"))
    func whatwgDifferential() throws {
        let urls = Self.fuzzURLs(count: 4_000) + (try LinkRouterCorpusTests.load().map(\.url))
        var lines: [String] = []
        for text in urls {
            let decision = Self.router.decide(text)
            let record: [String: Any] = [
                "url": text, "internal": decision.isInternal, "refused": decision.name == "refused",
                "foundation": Self.foundationListed(text),
            ]
            let data = try JSONSerialization.data(withJSONObject: record)
            lines.append(String(decoding: data, as: UTF8.self))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatwg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("urls.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: input)
        let listedURL = directory.appendingPathComponent("listed.json")
        try JSONSerialization.data(withJSONObject: Self.listed.sorted()).write(to: listedURL)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/node/whatwg-origins.cjs")
        let node = try ChildProcess(["node", script.path, input.path, listedURL.path])
        defer { node.stop() }
        let output = String(decoding: node.output.readDataToEndOfFile(), as: UTF8.self)
        let status = node.waitForExit()
        print(output)
        #expect(status == 0, "\(output)")
        #expect(output.contains("checked"))
    }

    @Test("URLs built for random params route back to the same destination and params")
    func builtURLsRoundTrip() {
        var generator = SeededGenerator(seed: Self.seed ^ 0x5A5A)
        let manifest = ManifestFixtures.parityManifest
        let alphabet = Array("aZ09-._~!$&'()*+,;=:@/?#[]% é✓\u{2028}")
        var checked = 0
        for _ in 0..<3_000 {
            let destination = manifest.destinations.randomElement(using: &generator)!
            var params: [String: LinkValue] = [:]
            for param in destination.params {
                var type = param.type
                if case .optional(let wrapped) = type {
                    if Bool.random(using: &generator) { continue }
                    type = wrapped
                }
                switch type {
                case .int:
                    params[param.name] = .int(
                        Int64.random(in: -9_007_199_254_740_991...9_007_199_254_740_991, using: &generator))
                case .bool: params[param.name] = .bool(Bool.random(using: &generator))
                case .double: params[param.name] = .double(Double.random(in: -1e9...1e9, using: &generator))
                case .uuid: params[param.name] = .uuid(UUID())
                case .named(let name):
                    if case .stringEnum(let cases) = manifest.namedType(name)?.kind {
                        params[param.name] = .string(cases.randomElement(using: &generator)!)
                    }
                default:
                    let length = Int.random(in: 0...8, using: &generator)
                    params[param.name] = .string(
                        String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
                }
            }
            guard let url = manifest.urlString(for: destination.id, params: params) else { continue }
            checked += 1
            let decision = Self.router.decide(url)
            #expect(
                decision.match == LinkMatch(destination: destination.id, params: LinkParams(params)),
                "\(url) → \(decision)")
        }
        #expect(checked > 2_000)
    }
}
