import Foundation
import RastrilloNative
import Testing

/// Issue 15 (defect 3, port 0) and issue 19 (trailing slash): what an origin or alias may be.
@Suite("Manifest: origin and scheme rules")
struct ManifestOriginRulesTests {
    /// The schemes issue 15 requires refused, written out here independently of the library's list.
    static let scriptCapable = [
        "javascript", "data", "file", "vbscript", "blob", "about", "filesystem", "view-source",
    ]

    static func manifest(origin: String, aliases: [String] = [], external: [String] = []) -> String {
        let aliasList = aliases.map { "\"\($0)\"" }.joined(separator: ", ")
        let externalList = external.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {"schemaVersion": 1, "app": {"name": "T", "appIDs": ["ABCDE12345.com.example.t"]},
             "origins": [{"origin": "\(origin)", "aliases": [\(aliasList)]}],
             "links": {"externalSchemes": [\(externalList)]},
             "destinations": [\(ManifestFixtures.destination("home", "/{$}"))]}
            """
    }

    @Test("the library's list holds every required scheme")
    func listIsComplete() {
        for scheme in Self.scriptCapable {
            #expect(ManifestOrigin.isRefusedScheme(scheme), "\(scheme)")
            #expect(ManifestOrigin.isRefusedScheme(scheme.uppercased()), "\(scheme) upper case")
        }
        #expect(!ManifestOrigin.isRefusedScheme("https"))
        #expect(!ManifestOrigin.isRefusedScheme("companion"))
    }

    @Test("a script-capable scheme is refused as an origin, in any case", arguments: scriptCapable)
    func refusedOrigin(scheme: String) {
        for written in [scheme, scheme.uppercased()] {
            let issues = ManifestFixtures.issues(Self.manifest(origin: "\(written)://app.example.com"))
            #expect(issues.map(\.pointer) == ["/origins/0/origin"], "\(written): \(issues)")
            #expect(issues.first?.message.contains("scheme '\(scheme)'") == true, "\(issues)")
        }
    }

    @Test("a script-capable scheme is refused as an alias", arguments: scriptCapable)
    func refusedAlias(scheme: String) {
        let issues = ManifestFixtures.issues(
            Self.manifest(origin: "https://app.example.com", aliases: ["\(scheme)://app.example.com"]))
        #expect(issues.map(\.pointer) == ["/origins/0/aliases/0"], "\(issues)")
    }

    @Test("a script-capable scheme is refused as an external scheme", arguments: scriptCapable)
    func refusedExternal(scheme: String) {
        let issues = ManifestFixtures.issues(Self.manifest(origin: "https://app.example.com", external: [scheme]))
        #expect(issues.map(\.pointer) == ["/links/externalSchemes/0"], "\(issues)")
    }

    @Test(
        "https, http and custom schemes with a host are origins",
        arguments: ["https://app.example.com", "http://localhost:8080", "companion://app", "my-app+x.y://host"])
    func acceptedOrigins(origin: String) {
        #expect(ManifestFixtures.issues(Self.manifest(origin: origin)).isEmpty)
    }

    @Test("an origin with a trailing slash is refused with a clear message (issue 19)")
    func trailingSlash() {
        for text in ["https://app.example.com/", "companion://app/"] {
            let issues = ManifestFixtures.issues(Self.manifest(origin: text))
            #expect(issues.count == 1)
            #expect(issues.first?.message.contains("remove the trailing '/'") == true, "\(issues)")
        }
        let alias = ManifestFixtures.issues(
            Self.manifest(origin: "https://app.example.com", aliases: ["https://www.example.com/"]))
        #expect(alias.map(\.pointer) == ["/origins/0/aliases/0"])
    }

    @Test("an explicit port 0 or an overlong port is refused in an origin")
    func portZeroAndOverflow() {
        for text in [
            "https://app.example.com:0", "http://localhost:000", "https://app.example.com:99999999999999999999",
        ] {
            let issues = ManifestFixtures.issues(Self.manifest(origin: text))
            #expect(issues.map(\.pointer) == ["/origins/0/origin"], "\(text): \(issues)")
            #expect(issues.first?.message.contains("invalid port") == true, "\(issues)")
        }
    }

    @Test("the bridge refuses frames of every refused scheme, even with an internal host")
    func bridgeRefusesTheSameSchemes() throws {
        let manifest = try AppManifest.decode(
            Array(Self.manifest(origin: "https://app.example.com").utf8), source: "test.json")
        let policy = BridgeTrustPolicy(manifest: manifest)
        for scheme in Self.scriptCapable + Self.scriptCapable.map({ $0.uppercased() }) {
            let frame = BridgeFrame(isMainFrame: true, scheme: scheme, host: "app.example.com", port: 0)
            guard case .failure(let refusal) = policy.decide(frame) else {
                Issue.record("\(scheme) frame trusted")
                continue
            }
            #expect(refusal.code == "opaque-origin", "\(scheme): \(refusal)")
        }
    }

    /// Issue 25: WHATWG URL keeps a custom scheme's host as written, so `companion://APP` is
    /// another origin than `companion://app`; an origin that only case-exact URLs reach is refused.
    @Test(
        "a custom scheme's origin with an uppercase host is refused, naming the lowercase one",
        arguments: ["companion://APP", "companion://App", "my-app+x.y://Host"])
    func uppercaseCustomHost(origin: String) {
        let issues = ManifestFixtures.issues(Self.manifest(origin: origin))
        #expect(issues.map(\.pointer) == ["/origins/0/origin"], "\(issues)")
        let lowercase = origin.lowercased()
        #expect(issues.first?.message.contains("write it in lowercase: '\(lowercase)'") == true, "\(issues)")
    }

    @Test("a special scheme's host is case-insensitive: an uppercase one is the same origin")
    func uppercaseSpecialHost() {
        #expect(ManifestFixtures.issues(Self.manifest(origin: "https://App.Example.COM")).isEmpty)
        #expect(
            ManifestOrigin(parsing: "HTTPS://App.Example.COM")
                == ManifestOrigin(scheme: "https", host: "app.example.com"))
    }

    @Test("a custom scheme's host keeps its case when an origin is parsed or made")
    func customHostKeepsCase() {
        #expect(ManifestOrigin(parsing: "companion://APP")?.host == "APP")
        #expect(ManifestOrigin(parsing: "COMPANION://app") == ManifestOrigin(scheme: "companion", host: "app"))
        #expect(ManifestOrigin(scheme: "companion", host: "APP") != ManifestOrigin(scheme: "companion", host: "app"))
        #expect(ManifestOrigin(scheme: "companion", host: "[::A]").host == "[::a]")
    }
}
