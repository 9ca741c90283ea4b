import Foundation
import Testing

@testable import RastrilloNative

/// Issue 15's port defects: ports longer than an integer (an overflow trap before the fix) and an
/// explicit `:0` (accepted before the fix).
@Suite("LinkRouter: hostile URLs (issue 15)")
struct HostileURLTests {
    static let router = LinkRouter(manifest: ManifestFixtures.parityManifest)

    static let longPorts = [
        "https://app.example.com:99999999999999999999/notes/",
        "https://app.example.com:18446744073709551617/",
        "https://app.example.com:9223372036854775808/",
        "https://app.example.com:000000000000000000000443/",
        "https://evil.example:" + String(repeating: "9", count: 400) + "/",
        "companion://app:92233720368547758070/notes/",
    ]

    @Test("a port with more digits than an integer holds is refused, never a trap", arguments: longPorts)
    func longPortString(url: String) {
        guard case .refused(.invalidPort(let port)) = Self.router.decide(url) else {
            Issue.record("\(url) was not refused for its port: \(Self.router.decide(url))")
            return
        }
        #expect(url.contains(":" + port + "/"))
        // Both readers: the one-pass reader hands the URL on, the strict one refuses it.
        #expect(RawURL.read(url) == .failure(.invalidPort(port)))
    }

    @Test("the same ports through decide(URL), the web screen's navigation and origin parsing", arguments: longPorts)
    func longPortElsewhere(url: String) throws {
        let value = try #require(URL(string: url))
        #expect(Self.router.decide(value).refusal?.code == "invalid-port", "\(value.absoluteString)")
        let navigation = WebScreenNavigation(router: Self.router)
        // Every main-frame way a web screen can be sent there leaves it refused; none loads it.
        for kind in WebScreenNavigation.Kind.allCases where kind != .subframe {
            guard
                case .leave(.refused(.invalidPort)) = navigation.decide(
                    url: url, kind: kind, current: "https://app.example.com/")
            else {
                Issue.record("web-screen navigation (\(kind)) let \(url) through")
                return
            }
        }
        let origin = String(url.prefix { $0 != "/" }) + "//" + url.split(separator: "/")[1]
        #expect(ManifestOrigin(parsing: origin) == nil, "\(origin)")
    }

    @Test(
        "an explicit port 0 is refused in URLs and origins",
        arguments: [
            "https://app.example.com:0/notes/", "https://app.example.com:00/notes/", "http://localhost:0/",
            "companion://app:0/notes/",
        ])
    func portZero(url: String) {
        #expect(Self.router.decide(url).refusal?.code == "invalid-port", "\(url)")
        #expect(ManifestOrigin(parsing: String(url.dropLast(url.hasSuffix("/notes/") ? 7 : 1))) == nil)
    }

    @Test(
        "a port from 1 to 65535 is still read",
        arguments: [
            ("https://app.example.com:1/", 1), ("https://app.example.com:65535/", 65535),
            ("https://app.example.com:00443/", 443),
        ])
    func validPorts(url: String, port: Int) throws {
        #expect(try RawURL.read(url).get().port == port)
    }
}

extension LinkDecision {
    /// The refusal, if the decision is one.
    var refusal: LinkRefusal? {
        if case .refused(let refusal) = self { return refusal }
        return nil
    }
}

/// Found while auditing input-reachable conversions for issue 15: a double param of `1e20`
/// trapped in `Int64(_:)` as soon as anything printed it (the `route` command, a log line).
@Suite("LinkValue: large integral doubles print without a trap")
struct LargeDoubleTests {
    @Test(
        "written as JavaScript's String(number) writes them",
        arguments: [
            (1e20, "100000000000000000000"),
            (-1.2345678901234567e20, "-123456789012345670000"),
            (0x1p60, "1152921504606847000"),
            (0x1p53, "9007199254740992"),
            (9_007_199_254_740_991, "9007199254740991"),
            (1e21, "1e+21"),
            (1.5, "1.5"),
        ])
    func format(value: Double, expected: String) {
        #expect(LinkValue.double(value).description == expected)
    }

    @Test("a URL carrying 1e20 as a double param is routed and printed")
    func throughTheRouter() {
        let decision = LinkRouter(manifest: ManifestFixtures.parityManifest).decide(
            "https://app.example.com/ratio/1e20")
        #expect(decision == .native(LinkMatch(destination: "ratio", params: ["value": .double(1e20)])))
        #expect(decision.match?.params.description == "[value: 100000000000000000000]")
    }
}
