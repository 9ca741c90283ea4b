import Foundation
import RastrilloNative
import Testing

/// Every link-routing pitfall of the hybrid-anchors security section, with raw
/// strings and, where Foundation can hold them, `URL` values.
@Suite("LinkRouter: security pitfalls")
struct LinkRouterSecurityTests {
    static let router = LinkRouter(manifest: ManifestFixtures.parityManifest)

    /// Pitfall 2: string-prefix and first-label origin checks.
    @Test(
        "look-alike origins are never internal",
        arguments: [
            "https://app.example.com.evil.tld/notes/",
            "https://app.example.comevil.tld/notes/",
            "https://evil.app.example.com/notes/",
            "https://app.example.co/notes/",
            "http://app.example.com/notes/",  // scheme differs
            "https://app.example.com:8443/notes/",  // port differs
            "https://localhost:8080/notes/",  // alias is http, not https
            "http://localhost:8081/notes/",
            "https://app-example.com/notes/",
        ])
    func lookAlikeOrigins(url: String) {
        let decision = Self.router.decide(url)
        #expect(!decision.isInternal, "\(url) → \(decision)")
        #expect(decision == .external(nil))
    }

    @Test(
        "exact origins and aliases are internal, default ports normalised, host case-insensitive",
        arguments: [
            "https://app.example.com/notes/",
            "https://app.example.com:443/notes/",
            "https://APP.Example.COM/notes/",
            "HTTPS://app.example.com/notes/",
            "https://www.example.com/notes/",
            "http://localhost:8080/notes/",
            "companion://app/notes/",
        ])
    func exactOrigins(url: String) {
        #expect(Self.router.decide(url) == .native(LinkMatch(destination: "notes", params: [:])))
    }

    /// Pitfall 3: userinfo tricks, including `%40` variants.
    @Test(
        "userinfo and escapes in the authority are refused",
        arguments: [
            ("https://app.example.com@evil.com/notes/", LinkRefusal.userinfo),
            ("https://app.example.com:pw@evil.com/notes/", .userinfo),
            ("https://evil.com@app.example.com/notes/", .userinfo),
            ("https://@app.example.com/", .userinfo),
            ("https://app.example.com%40evil.com/", .percentInAuthority),
            ("https://evil.com%40app.example.com/", .percentInAuthority),
            ("https://app.example.com%2Fevil.com/", .percentInAuthority),
            ("https://app.example.com%5C@evil.com/", .userinfo),
            ("https://app.example.com%5Cevil.com/", .percentInAuthority),
            ("https://app%2eexample.com/", .percentInAuthority),
        ])
    func userinfo(url: String, refusal: LinkRefusal) {
        #expect(Self.router.decide(url) == .refused(refusal))
    }

    /// Pitfall 4: parser differentials: backslash, whitespace, control characters.
    @Test(
        "backslash, whitespace and control characters are refused anywhere",
        arguments: [
            ("http://example.com\\@evil.com", LinkRefusal.backslash(offset: 18)),
            ("https://app.example.com\\notes\\", .backslash(offset: 23)),
            ("https://app.example.com/notes\\..\\", .backslash(offset: 29)),
            ("https://app.example.com /notes/", .whitespace(offset: 23)),
            (" https://app.example.com/notes/", .whitespace(offset: 0)),
            ("https://app.example.com/notes/\n", .whitespace(offset: 30)),
            ("https://app.exa\tmple.com/", .whitespace(offset: 15)),
            ("https://app.example.com/no\u{0}tes", .controlCharacter(offset: 26)),
            ("https://app.example.com/\u{7F}", .controlCharacter(offset: 24)),
            ("https://app.example.com/notes/%00", .controlCharacter(offset: 0)),
            ("https://app.example.com/notes/%0A", .controlCharacter(offset: 0)),
            ("https://app.exämple.com/", .nonASCII(offset: 14)),
            ("https://app.example.com/\u{2028}", .nonASCII(offset: 24)),
        ])
    func differentials(url: String, refusal: LinkRefusal) {
        #expect(Self.router.decide(url) == .refused(refusal))
    }

    /// Pitfall 5: a lowercased allowlist, never a denylist.
    @Test(
        "schemes outside the allowlist are refused whatever their case",
        arguments: [
            "javascript:alert(1)", "JavaScript:alert(1)", "JAVASCRIPT://app.example.com/%0Aalert(1)",
            "data:text/html,hi", "DATA:text/html,hi", "file:///etc/passwd", "FILE:///etc/passwd",
            "about:blank", "About:blank", "blob:https://app.example.com/uuid", "vbscript:x", "ftp://app.example.com/",
            "intent://x", "companion2://app/", "ws://app.example.com/",
        ])
    func schemeAllowlist(url: String) {
        let decision = Self.router.decide(url)
        guard case .refused(let reason) = decision else {
            Issue.record("\(url) → \(decision)")
            return
        }
        #expect(reason.code == "scheme-not-allowed" || reason.code == "missing-authority")
    }

    @Test("allowed external schemes go to the system, other hosts of the app scheme are refused")
    func externalSchemes() {
        #expect(Self.router.decide("mailto:help@example.com") == .external(nil))
        #expect(Self.router.decide("MAILTO:help@example.com") == .external(nil))
        #expect(Self.router.decide("tel:+15550100") == .external(nil))
        #expect(Self.router.decide("companion://other/notes/") == .refused(.schemeNotAllowed("companion")))
    }

    /// Pitfall 6: open redirects are honoured only for internal origins.
    @Test(
        "redirect targets must be internal",
        arguments: [
            ("https://evil.com/", false), ("https://app.example.com.evil.com/", false), ("mailto:x@evil.com", false),
            ("https://app.example.com/notes/", true), ("https://www.example.com/anything", true),
        ])
    func redirects(url: String, honoured: Bool) {
        let decision = Self.router.decide(url, context: .redirect)
        if honoured {
            #expect(decision.isInternal)
        } else {
            #expect(decision == .refused(.redirectNotInternal))
        }
    }

    /// Pitfall 7: path confusion.
    @Test(
        "dot segments (also encoded) and empty segments are refused",
        arguments: [
            ("https://app.example.com/notes/../admin", LinkRefusal.dotSegment),
            ("https://app.example.com/notes/./new", .dotSegment),
            ("https://app.example.com/notes/%2e%2e/admin", .dotSegment),
            ("https://app.example.com/notes/%2E%2E", .dotSegment),
            ("https://app.example.com/notes/.%2e/", .dotSegment),
            ("https://app.example.com/notes/%2e", .dotSegment),
            ("https://app.example.com/..", .dotSegment),
            ("https://evil.com/a/../b", .dotSegment),
            ("https://app.example.com//notes/", .emptySegment),
            ("https://app.example.com/notes//new", .emptySegment),
            ("https://app.example.com/notes/%zz", .badPercentEncoding),
            ("https://app.example.com/notes/%C3", .badPercentEncoding),
        ])
    func pathConfusion(url: String, refusal: LinkRefusal) {
        #expect(Self.router.decide(url) == .refused(refusal))
    }

    @Test("%2F is never a path separator")
    func encodedSlash() {
        // "/notes/new%2Fedit" is one segment "new/edit": not /notes/new, not a uuid → web.
        #expect(Self.router.decide("https://app.example.com/notes/new%2Fedit") == .web(nil))
        // A rest wildcard captures the decoded remainder, as ServeMux does.
        #expect(
            Self.router.decide("https://app.example.com/files/a%2Fb/c")
                == .native(LinkMatch(destination: "files", params: ["path": .string("a/b/c")])))
        // "%2F" in the {$} position is a segment named "/", not a trailing slash.
        #expect(Self.router.decide("https://app.example.com/settings/general/%2F") == .web(nil))
    }

    @Test(
        "hosts that parsers read differently are refused",
        arguments: [
            "https://2130706433/", "https://0x7f.1/", "https://127.1/", "https://010.0.0.1/", "https://[0:0::1]/",
            "https://app..example.com/", "https://.app.example.com/", "https://app.example.com./", "https:///notes/",
            "https://[::1/", "https://app.example.com:99999/", "https://app.example.com:8o/", "https:app.example.com/",
            "https:/app.example.com/",
        ])
    func ambiguousHosts(url: String) {
        guard case .refused = Self.router.decide(url) else {
            Issue.record("\(url) was not refused")
            return
        }
    }

    @Test("URL values take the same path as strings, Foundation repairs are refused")
    func urlValues() throws {
        let cases = [
            "http://example.com\\@evil.com", "https://app.example.com@evil.com/notes/",
            "https://app.example.com/notes/%2e%2e/admin", "JavaScript:alert(1)", "https://app.example.com%40evil.com/",
        ]
        for text in cases {
            guard let url = URL(string: text) else { continue }  // Foundation refused it too
            let decision = Self.router.decide(url)
            guard case .refused = decision else {
                Issue.record("URL(\(text)) → \(url.absoluteString) → \(decision)")
                continue
            }
        }
        let good = try #require(URL(string: "https://app.example.com/notes/new"))
        #expect(Self.router.decide(good) == .native(LinkMatch(destination: "newNote", params: [:])))
    }

    @Test("every refusal reaches the diagnostics hook, and nothing else does")
    func diagnosticsHook() {
        let seen = RefusalLog()
        let router = LinkRouter(manifest: ManifestFixtures.parityManifest, diagnostics: RefusalDiagnostics(seen.append))
        _ = router.decide("https://app.example.com@evil.com/")
        _ = router.decide("https://app.example.com/notes/")
        _ = router.decide("https://evil.com/", context: .redirect)
        _ = router.decide("https://evil.com/")
        #expect(seen.events.map(\.refusal) == [.userinfo, .redirectNotInternal])
        #expect(seen.events.map(\.url) == ["https://app.example.com@evil.com/", "https://evil.com/"])
    }
}

/// Collects events from a ``RefusalDiagnostics`` hook.
// @unchecked: every access to `stored` holds `lock`.
final class RefusalLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [RefusalDiagnostics.Event] = []
    @Sendable func append(_ event: RefusalDiagnostics.Event) { lock.withLock { stored.append(event) } }
    /// Everything reported, in order.
    var all: [RefusalDiagnostics.Event] { lock.withLock { stored } }
    /// The link refusals, in order.
    var events: [LinkRouter.RefusalEvent] {
        all.compactMap { event in
            if case .link(let link) = event { return link }
            return nil
        }
    }
}

@Suite("Origin check shared with the bridge")
struct OriginCheckTests {
    @Test(
        "isInternal(origin:) is exact and parses strictly",
        arguments: [
            ("https://app.example.com", true), ("https://app.example.com:443", true),
            ("https://APP.example.com/", true),
            ("http://localhost:8080", true), ("companion://app", true), ("https://app.example.com.evil.tld", false),
            ("https://app.example.com:8443", false), ("http://app.example.com", false), ("https://example.com", false),
        ])
    func internalOrigins(text: String, expected: Bool) throws {
        let origin = try #require(ManifestOrigin(parsing: text))
        #expect(ManifestFixtures.parityManifest.isInternal(origin: origin) == expected)
    }

    @Test(
        "origins with userinfo, paths or escapes do not parse",
        arguments: [
            "https://user@app.example.com", "https://app.example.com/path", "https://app.example.com?q",
            "https://app%2eexample.com", "app.example.com", "https://app.example.com\\", "null",
        ])
    func refusedOrigins(text: String) {
        #expect(ManifestOrigin(parsing: text) == nil)
    }
}
