import Foundation
import RastrilloNative
import Testing

/// Precedence, ServeMux's trailing-slash and `{$}` rules, typed params.
@Suite("LinkRouter: matching")
struct LinkRouterMatchingTests {
    static let router = LinkRouter(manifest: ManifestFixtures.parityManifest)
    static let id = "6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f"

    static func native(_ id: String, _ params: LinkParams = [:]) -> LinkDecision {
        .native(LinkMatch(destination: id, params: params))
    }

    @Test(
        "the most specific pattern wins; a type that does not parse means no match",
        arguments: [
            ("/", native("home")),
            ("/notes/", native("notes")),
            ("/notes", native("notes")),  // ServeMux redirects /notes → /notes/
            ("/notes/new", native("newNote")),  // literal beats {id}
            ("/notes/\(id)", native("note", ["id": .uuid(UUID(uuidString: id)!)])),
            ("/notes/\(id.uppercased())", native("note", ["id": .uuid(UUID(uuidString: id)!)])),
            ("/notes/not-a-uuid", .web(nil)),  // type fails, nothing else matches
            ("/notes/\(id)/edit", native("noteEdit", ["id": .uuid(UUID(uuidString: id)!)])),
            (
                "/notes/\(id)/tags/red",
                native("noteTag", ["id": .uuid(UUID(uuidString: id)!), "color": .string("red")])
            ),
            ("/notes/\(id)/tags/purple", .web(nil)),
            ("/docs/", .web(LinkMatch(destination: "docs", params: [:]))),
            ("/docs/a/b/c", .web(LinkMatch(destination: "docs", params: [:]))),
            ("/docs", .web(LinkMatch(destination: "docs", params: [:]))),  // redirect to the subtree
            ("/docs/search", .web(LinkMatch(destination: "docsSearch", params: [:]))),
            ("/files/", native("files", ["path": .string("")])),
            ("/files/a/b.txt", native("files", ["path": .string("a/b.txt")])),
            ("/files/a/", native("files", ["path": .string("a/")])),
            ("/users/42", native("user", ["userID": .int(42)])),
            ("/users/-7", native("user", ["userID": .int(-7)])),
            ("/users/007", .web(nil)),
            ("/users/+7", .web(nil)),
            ("/users/-0", .web(nil)),
            ("/users/9007199254740991", native("user", ["userID": .int(9_007_199_254_740_991)])),
            ("/users/9007199254740992", .web(nil)),
            ("/users/by-name/ada", native("userByName", ["name": .string("ada")])),
            ("/users/by-name/ad%C3%A9", native("userByName", ["name": .string("adé")])),
            ("/users/by-name", .web(nil)),
            ("/flags/true", native("flag", ["enabled": .bool(true)])),
            ("/flags/True", .web(nil)),
            ("/ratio/1.5e3", native("ratio", ["value": .double(1500)])),
            ("/ratio/.5", .web(nil)),
            ("/ratio/NaN", .web(nil)),
            ("/v/3", native("version", ["number": .int(3)])),
            ("/v/latest", .web(LinkMatch(destination: "versionsAll", params: [:]))),  // int fails → subtree
            ("/caf%C3%A9/x", native("encoded", ["item": .string("x")])),
            ("/caf%c3%a9/x", native("encoded", ["item": .string("x")])),
            ("/settings", native("settings")),
            ("/settings/", .web(nil)),
            ("/settings/general/", native("settingsSection", ["section": .string("general")])),
            ("/settings/general", native("settingsSection", ["section": .string("general")])),  // redirect
            ("/settings/general/x", .web(nil)),
            ("/billing/", .external(LinkMatch(destination: "billing", params: [:]))),
            ("/help/links", .inAppBrowser(LinkMatch(destination: "help", params: ["topic": .string("links")]))),
            ("/nowhere", .web(nil)),
        ])
    func path(path: String, expected: LinkDecision) {
        #expect(Self.router.decide("https://app.example.com" + path) == expected)
    }

    @Test("query params are typed: required, optional, wrong type")
    func queryParams() {
        let base = "https://app.example.com"
        #expect(Self.router.decide(base + "/search?q=swift+go") == Self.native("search", ["q": .string("swift go")]))
        #expect(
            Self.router.decide(base + "/search?page=2&q=a%26b")
                == Self.native("search", ["q": .string("a&b"), "page": .int(2)]))
        #expect(Self.router.decide(base + "/search") == .web(nil))  // q is required
        #expect(Self.router.decide(base + "/search?q=x&page=two") == .web(nil))
        #expect(
            Self.router.decide(base + "/reports/2026/11?format=csv")
                == .web(
                    LinkMatch(
                        destination: "report",
                        params: ["year": .int(2026), "month": .int(11), "format": .string("csv")])))
        #expect(Self.router.decide(base + "/reports/2026/11?format=xls") == .web(nil))
        #expect(Self.router.decide(base + "/notes/#section") == Self.native("notes"))
    }

    @Test("foreign web links follow the manifest's policy")
    func foreignPolicy() throws {
        let json = ManifestFixtures.manifest(
            destinations: ManifestFixtures.destination("a", "/a"), extra: #""links": {"foreignWeb": "inAppBrowser"}"#)
        let manifest = try AppManifest.decode(Array(json.utf8), source: "test")
        let router = LinkRouter(manifest: manifest)
        #expect(router.decide("https://other.example/") == .inAppBrowser(nil))
        #expect(router.decide("https://app.example.com/a") == .native(LinkMatch(destination: "a", params: [:])))
        #expect(router.decide("https://app.example.com/b") == .web(nil))
    }

    /// Literals of every length from 1 to 40 bytes (and of 254–300) that share prefixes (so they differ only after byte
    /// 8 or 16, where the route table's inline comparison changes words), plus non-ASCII ones: each
    /// routes to its own destination, and every one-byte change, truncation or extension of it does not.
    @Test("literals of every length match exactly, byte for byte")
    func literalLengths() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCD")
        var literals = (1...40).map { String(alphabet[0..<$0]) }
        literals += (1...40).map { String(alphabet[0..<$0]) + "_" }
        literals += ["é", "aé", "abcdefghijklmné", "abcdefghijklmnopé", String(repeating: "é", count: 12)]
        // Around 255 bytes, where the table stops holding a literal's exact length inline.
        literals += [254, 255, 256, 300].map { String(String(repeating: "abcdefghij", count: 30).prefix($0)) }
        var entries: [String] = []
        for (index, literal) in literals.enumerated() {
            entries.append(ManifestFixtures.destination("top\(index)", "/\(literal)"))
            entries.append(ManifestFixtures.destination("nested\(index)", "/in/\(literal)/x"))
        }
        let json = ManifestFixtures.manifest(destinations: entries.joined(separator: ","))
        let router = LinkRouter(manifest: try AppManifest.decode(Array(json.utf8), source: "literals"))
        func decided(_ path: String) -> String? {
            let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
            return router.decide("https://app.example.com" + escaped).match?.destination
        }
        var nearMisses = 0
        for (index, literal) in literals.enumerated() {
            #expect(decided("/\(literal)") == "top\(index)", "literal \(literal)")
            #expect(decided("/in/\(literal)/x") == "nested\(index)", "literal \(literal)")
            var variants = [String(literal.dropLast()), literal + "z", literal + "!"]
            let bytes = Array(literal.utf8)
            for position in bytes.indices {
                var changed = bytes
                changed[position] = changed[position] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
                if let text = String(bytes: changed, encoding: .utf8) { variants.append(text) }
            }
            for variant in variants where !variant.isEmpty && !literals.contains(variant) {
                #expect(decided("/\(variant)") == nil, "variant \(variant) of \(literal)")
                #expect(decided("/in/\(variant)/x") == nil, "variant \(variant) of \(literal)")
                nearMisses += 1
            }
        }
        #expect(nearMisses > 1_000)
    }
}
