import Foundation
import RastrilloNative
import Testing

/// What the sign-in screen does with every kind of authorize URL, and what it says: a valid one
/// starts the authentication session however the page reaches it; an attempt at one off the
/// app's origins that fails the rule is refused and reported exactly once, naming the rule; one
/// on the app's own origin is the app's page, reported as nothing; any other off-origin link
/// goes where the manifest's link policy sends it.
struct SignInRefusalReportingTests {
    typealias F = AuthFixture

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [RefusalDiagnostics.Event] = []
        var events: [RefusalDiagnostics.Event] { lock.withLock { stored } }
        func append(_ event: RefusalDiagnostics.Event) { lock.withLock { stored.append(event) } }
    }

    static func navigation(_ log: Log) throws -> WebScreenNavigation {
        WebScreenNavigation(
            router: LinkRouter(manifest: try F.auth(), diagnostics: RefusalDiagnostics { log.append($0) }))
    }

    struct Crafted: Sendable, CustomTestStringConvertible {
        let url: String
        let kind: WebScreenNavigation.Kind
        /// What the one diagnostic must say after `refused keymail authorize URL <url>: `.
        let reason: String
        let note: String
        var testDescription: String { note }
    }

    /// The authorize query Rastrillo builds, for URLs that put it on another path.
    static let query = String(F.authorize().split(separator: "?", maxSplits: 1)[1])

    static let crafted: [Crafted] = [
        Crafted(
            url: F.authorize(path: "/oauth/authorize/"), kind: .link, reason: "the path is not /oauth/authorize",
            note: "a trailing slash"),
        Crafted(
            url: "https://\(F.server)/login/oauth/authorize?\(query)", kind: .link,
            reason: "the path is not /oauth/authorize", note: "another path ending in /oauth/authorize"),
        Crafted(
            url: "https://\(F.server)/authorize?\(query)", kind: .link, reason: "the path is not /oauth/authorize",
            note: "another path, the authorize parameters kept"),
        Crafted(
            url: F.authorize(path: "/oauth%2Fauthorize"), kind: .link, reason: "the path is not /oauth/authorize",
            note: "an encoded slash"),
        Crafted(
            url: F.authorize(path: "/oauth%252Fauthorize"), kind: .link, reason: "the path is not /oauth/authorize",
            note: "a twice-encoded slash"),
        Crafted(
            url: F.authorize(host: "someone@" + F.server), kind: .link,
            reason: "the URL does not read strictly: userinfo", note: "userinfo"),
        Crafted(
            url: "javascript:location='\(F.authorize())'", kind: .link, reason: "not https",
            note: "a javascript: URL"),
        Crafted(
            url: F.authorize(F.parameters(prompt: "none")), kind: .redirect,
            reason: "parameter 'prompt' has a value the rule refuses", note: "Begin redirecting to prompt=none"),
        Crafted(
            url: F.authorize(host: "keymail.example.org"), kind: .newWindow,
            reason: "keymail server 'keymail.example.org' is not in keymailServers",
            note: "an unlisted host in a new window"),
        Crafted(
            url: F.authorize(suffix: "#x"), kind: .formSubmission, reason: "the URL has a fragment",
            note: "a form to a URL with a fragment"),
    ]

    @Test(arguments: crafted) func aCraftedAuthorizeURLIsRefusedAndReportedOnceWithItsRule(_ crafted: Crafted) throws {
        let log = Log()
        let action = try Self.navigation(log).decide(
            url: crafted.url, kind: crafted.kind, current: F.continuePage, role: .signIn)
        #expect(action == .leave(.refused(.keymailAuthorizeURL)), "\(action)")
        #expect(log.events.count == 1, "\(log.events)")
        guard case .signIn(let event)? = log.events.first, case .authorize = event.reason else {
            Issue.record("not one sign-in refusal: \(log.events)")
            return
        }
        #expect(event.url == crafted.url)
        #expect(event.description.hasPrefix("refused keymail authorize URL "), "\(event)")
        #expect(event.description.contains(": " + crafted.reason), "\(event)")
    }

    @Test(arguments: [WebScreenNavigation.Kind.link, .redirect, .newWindow, .formSubmission])
    func aValidAuthorizeURLStartsTheSessionHoweverThePageReachesIt(_ kind: WebScreenNavigation.Kind) throws {
        let log = Log()
        let action = try Self.navigation(log).decide(
            url: F.authorize(), kind: kind, current: F.continuePage, role: .signIn)
        guard case .authenticate(let authorization) = action else {
            Issue.record("\(kind): \(action)")
            return
        }
        #expect(authorization.url == F.authorize())
        #expect(log.events.isEmpty, "\(log.events)")
    }

    @Test(arguments: ["/signin/confirm", "/auth/verify?token=t1", "/bookmarks"])
    func aValidAuthorizeURLFromAnotherPageOfTheSignInScreenIsRefusedOnce(_ page: String) throws {
        let log = Log()
        let action = try Self.navigation(log).decide(
            url: F.authorize(), kind: .link, current: F.origin + page, role: .signIn)
        #expect(action == .leave(.refused(.keymailAuthorizeURL)), "\(page): \(action)")
        #expect(log.events.count == 1, "\(log.events)")
        guard case .signIn(let event)? = log.events.first else {
            Issue.record("not one sign-in refusal: \(log.events)")
            return
        }
        #expect(event.url == F.authorize())
        #expect(event.description.contains(": not navigated from the app's sign-in page"), "\(event)")
    }

    @Test func anAuthorizeShapedURLOnTheAppsOwnOriginIsTheAppsPage() throws {
        let log = Log()
        let navigation = try Self.navigation(log)
        let own = F.authorize(host: "notes.example.com")
        #expect(own.hasPrefix(F.origin + "/oauth/authorize?"))
        let action = navigation.decide(url: own, kind: .link, current: F.continuePage, role: .signIn)
        #expect(action == .load, "an internal page with no destination belongs to sign-in and loads in place")
        #expect(log.events.isEmpty, "not reported as a refused keymail URL: \(log.events)")
        let fromContent = navigation.decide(url: own, kind: .link, current: F.origin + "/bookmarks", role: .content)
        #expect(
            fromContent
                == navigation.decide(
                    url: F.origin + "/oauth/authorize", kind: .link,
                    current: F.origin + "/bookmarks", role: .content), "decided as any page of the app")
        #expect(log.events.isEmpty)
    }

    @Test func anOrdinaryOffOriginLinkFromSignInFollowsTheLinkPolicy() throws {
        let log = Log()
        let action = try Self.navigation(log).decide(
            url: "https://example.org/terms", kind: .link, current: F.continuePage, role: .signIn)
        #expect(action == .leave(.inAppBrowser(nil)), "the notes manifest's foreignWeb is inAppBrowser")
        #expect(log.events.isEmpty)
    }

    @Test func aRefusedLinkThatIsNoAuthorizeAttemptIsReportedOnceByTheRouter() throws {
        let log = Log()
        let action = try Self.navigation(log).decide(
            url: "https://someone@example.org/terms", kind: .link, current: F.continuePage, role: .signIn)
        #expect(action == .leave(.refused(.userinfo)))
        #expect(log.events.count == 1, "\(log.events)")
        guard case .link(let event)? = log.events.first else {
            Issue.record("not the router's refusal: \(log.events)")
            return
        }
        #expect(event.refusal == .userinfo && event.url == "https://someone@example.org/terms")
    }

    @Test(arguments: [
        (F.authorize(), true), (F.authorize(path: "/oauth/authorize/"), true),
        ("https://x.example/a?client_id=1", true),
        ("https://x.example/a?Redirect_URI=1", true), ("https://x.example/a%3Fcode_challenge%3D1", true),
        ("https://x.example/oauth%252fauthorize", true), ("https://example.org/terms", false),
        ("https://x.example/authorize", false), ("https://x.example/%zz/oauth", false),
    ])
    func whatCountsAsAnAuthorizeAttempt(_ url: String, _ expected: Bool) {
        #expect(AuthSignInRules.isAuthorizeAttempt(url) == expected, "\(url)")
    }
}
