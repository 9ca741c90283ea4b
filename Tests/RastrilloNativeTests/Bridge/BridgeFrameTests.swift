import Testing

@testable import RastrilloNative

/// One way to write an origin: a frame's origin (dialog titles, bridge refusals) and a manifest
/// origin (descriptions, built URLs) come out the same.
struct BridgeFrameTests {
    @Test(
        "a frame's origin: scheme and host, the port only when not 0 or the default, IPv6 in brackets",
        arguments: [
            ("https", "app.example.com", 0, "https://app.example.com"),
            ("https", "app.example.com", 443, "https://app.example.com"),
            ("HTTPS", "app.example.com", 8443, "https://app.example.com:8443"),
            ("http", "localhost", 80, "http://localhost"), ("http", "localhost", 8080, "http://localhost:8080"),
            ("http", "::1", 8080, "http://[::1]:8080"), ("https", "[::1]", 0, "https://[::1]"),
            ("companion", "app", 0, "companion://app"),
            ("https", "app.example.com", 70_000, "https://app.example.com:70000"),
        ])
    func origin(_ scheme: String, _ host: String, _ port: Int, _ shown: String) {
        for isMainFrame in [true, false] {
            let frame = BridgeFrame(isMainFrame: isMainFrame, scheme: scheme, host: host, port: port)
            #expect(frame.origin == shown)
            #expect(frame.description == (isMainFrame ? "main frame " : "subframe ") + shown)
        }
    }

    @Test("a frame's origin escapes what the web view reported; the frame keeps it raw")
    func escaped() {
        let frame = BridgeFrame(isMainFrame: false, scheme: "https", host: "a\u{202E}b.example", port: 0)
        #expect(frame.origin == #"https://a\xE2\x80\xAEb.example"#)
        #expect(frame.host == "a\u{202E}b.example")
    }

    @Test(
        "a frame and the manifest origin it matches are written the same way",
        arguments: ["https://app.example.com", "http://localhost:8080", "https://[::1]:8443", "companion://app"])
    func sameAsManifest(text: String) throws {
        let origin = try #require(ManifestOrigin(parsing: text))
        #expect(origin.description == text)
        let port = ManifestOrigin.defaultPort(for: origin.scheme) == origin.port ? 0 : origin.port
        let frame = BridgeFrame(isMainFrame: true, scheme: origin.scheme, host: origin.host, port: port)
        #expect(frame.origin == text)
    }

    @Test("a URL built on a custom-scheme origin has no port and routes back to its destination")
    func customSchemeURL() throws {
        let manifest = try AppManifest.decode(
            Array(ManifestOriginRulesTests.manifest(origin: "companion://app").utf8), source: "test.json")
        let url = try #require(manifest.urlString(for: "home", params: [:]))
        #expect(url == "companion://app/")
        #expect(LinkRouter(manifest: manifest).decide(url).match?.destination == "home")
    }

    /// Issue 25: WHATWG URL keeps a custom scheme's host as written, so a frame at
    /// `companion://APP` is not at the manifest's `companion://app`; a special scheme's host is
    /// case-insensitive.
    @Test("a custom-scheme frame whose host differs only in case is a foreign origin; https is not case-sensitive")
    func customSchemeHostCase() throws {
        let manifest = try AppManifest.decode(
            Array(
                ManifestOriginRulesTests.manifest(origin: "companion://app", aliases: ["https://app.example.com"]).utf8),
            source: "test.json")
        let policy = BridgeTrustPolicy(manifest: manifest)
        let trusted = policy.decide(BridgeFrame(isMainFrame: true, scheme: "COMPANION", host: "app", port: 0))
        #expect((try? trusted.get()) == ManifestOrigin(scheme: "companion", host: "app"))
        let https = policy.decide(BridgeFrame(isMainFrame: true, scheme: "https", host: "App.Example.COM", port: 0))
        #expect((try? https.get()) == ManifestOrigin(scheme: "https", host: "app.example.com"))
        for host in ["APP", "App"] {
            let decision = policy.decide(BridgeFrame(isMainFrame: true, scheme: "companion", host: host, port: 0))
            guard case .failure(let refusal) = decision else {
                Issue.record("\(host): trusted")
                continue
            }
            #expect(refusal.code == "foreign-origin", "\(host): \(refusal)")
        }
        let router = LinkRouter(manifest: manifest)
        #expect(router.decide("companion://APP/") == .refused(.customSchemeHostCase("APP")))
        #expect(router.decide("companion://app/").isInternal)
        #expect(router.decide("HTTPS://APP.EXAMPLE.COM/").isInternal)
    }
}
