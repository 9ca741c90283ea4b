import Foundation
import RastrilloNative
import Testing

/// Web screens with Rastrillo `auth`: which navigations show sign-in, which the sign-in screen
/// keeps, where sign-in ends, and keymail started, replaced, finished and refused through the
/// model — the decisions the Apple adapter only carries out.
@MainActor
struct AuthSignInNavigationTests {
    typealias F = AuthFixture
    nonisolated static func url(_ path: String) -> String { F.origin + path }
    static func web(_ destination: String) -> LinkDecision { .web(LinkMatch(destination: destination, params: [:])) }

    struct Row: Sendable, CustomTestStringConvertible {
        let url: String
        let kind: WebScreenNavigation.Kind
        let current: String
        let submission: WebFormSubmission?
        let role: WebScreenNavigation.Role
        let expected: String
        let note: String
        var testDescription: String { note }
    }

    nonisolated static func submitted(_ action: String, on page: String) -> WebFormSubmission {
        WebFormSubmission(action: url(action), page: url(page))
    }

    /// `expected` names the action (`load`, `signIn`, `signInEnded`, `signedOut`, `authenticate`, `leave`).
    nonisolated static let rows: [Row] = [
        Row(
            url: url("/signin"), kind: .redirect, current: url("/bookmarks"), submission: nil, role: .content,
            expected: "signIn", note: "RequireSession's bare 303 /signin shows sign-in above"),
        Row(
            url: url("/signin?reauth=1"), kind: .redirect, current: url("/bookmarks/3/delete"), submission: nil,
            role: .content, expected: "signIn", note: "step-up (?reauth=1) is sign-in too"),
        Row(
            url: url("/auth/verify?token=abc"), kind: .link, current: url("/bookmarks"), submission: nil,
            role: .content, expected: "signIn", note: "a magic link followed in a page opens in sign-in"),
        Row(
            url: url("/signin"), kind: .redirect, current: url("/signout"),
            submission: submitted("/signout", on: "/bookmarks"), role: .content, expected: "signedOut",
            note: "auth's sign-out lands on the sign-in page and is signed out"),
        Row(
            url: url("/signin"), kind: .formSubmission, current: url("/signin"), submission: nil, role: .signIn,
            expected: "load", note: "Begin posts in place"),
        Row(
            url: url("/signin?continue=4f1c"), kind: .redirect, current: url("/signin"),
            submission: submitted("/signin", on: "/signin"), role: .signIn, expected: "load",
            note: "Begin's 303 to the continue page stays in sign-in"),
        Row(
            url: F.authorize(), kind: .link, current: F.continuePage, submission: nil, role: .signIn,
            expected: "authenticate", note: "the continue page's meta refresh to keymail runs outside the web view"),
        Row(
            url: F.authorize(), kind: .link, current: F.continuePage, submission: nil, role: .content,
            expected: "leave", note: "from a content screen the authorize URL is an ordinary off-origin link"),
        Row(
            url: F.authorize(F.parameters(prompt: "none")), kind: .link, current: F.continuePage, submission: nil,
            role: .signIn, expected: "leave", note: "a crafted authorize URL stays refused"),
        Row(
            url: url("/signin/confirm"), kind: .redirect, current: url("/auth/callback?code=c&state=s"),
            submission: nil, role: .signIn, expected: "load", note: "the callback's 303 to the second factor waits"),
        Row(
            url: url("/totp/signin"), kind: .formSubmission, current: url("/signin/confirm"), submission: nil,
            role: .signIn, expected: "load", note: "the TOTP form posts in place"),
        Row(
            url: url("/signin/confirm?totp=failed"), kind: .redirect, current: url("/totp/signin"),
            submission: submitted("/totp/signin", on: "/signin/confirm"), role: .signIn, expected: "load",
            note: "a wrong code comes back to the second-factor page: still sign-in"),
        Row(
            url: url("/"), kind: .redirect, current: url("/totp/signin"),
            submission: submitted("/totp/signin", on: "/signin/confirm"), role: .signIn, expected: "signInEnded",
            note: "the second factor's 303 to / ends sign-in"),
        Row(
            url: url("/"), kind: .redirect, current: url("/auth/callback?code=c&state=s"), submission: nil,
            role: .signIn, expected: "signInEnded", note: "the callback's 303 to / ends sign-in (no form)"),
        Row(
            url: url("/auth/verify"), kind: .formSubmission, current: url("/auth/verify?token=t"), submission: nil,
            role: .signIn, expected: "load", note: "the confirm tap posts in place"),
        Row(
            url: url("/signin?err=expired"), kind: .redirect, current: url("/auth/verify"),
            submission: submitted("/auth/verify", on: "/auth/verify?token=t"), role: .signIn, expected: "load",
            note: "a spent link's expired page is still sign-in"),
    ]

    static func name(_ action: WebScreenNavigation.Action) -> String {
        switch action {
        case .load: return "load"
        case .push: return "push"
        case .replace: return "replace"
        case .leave: return "leave"
        case .submitted: return "submitted"
        case .signIn: return "signIn"
        case .signInEnded: return "signInEnded"
        case .signedOut: return "signedOut"
        case .authenticate: return "authenticate"
        }
    }

    @Test(arguments: rows) func decides(_ row: Row) throws {
        let navigation = try F.navigation()
        let action = navigation.decide(
            url: row.url, kind: row.kind, current: row.current, submission: row.submission, role: row.role)
        #expect(Self.name(action) == row.expected, "\(action)")
    }

    @Test func aRefusedAuthorizeURLReachesTheDiagnosticsHook() throws {
        final class Log: @unchecked Sendable {
            var events: [String] = []
        }
        let log = Log()
        let manifest = try F.auth()
        let navigation = WebScreenNavigation(
            router: LinkRouter(
                manifest: manifest, diagnostics: RefusalDiagnostics { log.events.append($0.description) }))
        _ = navigation.decide(
            url: F.authorize(host: "keymail.example.org"), kind: .link, current: F.continuePage, role: .signIn)
        #expect(
            log.events.contains { $0.contains("refused keymail authorize URL") && $0.contains("keymail.example.org") })
    }

    @Test func signInPagesOpenInTheSignInScreen() throws {
        let navigation = try F.navigation()
        #expect(navigation.isSignInPage(Self.url("/auth/verify?token=abc")))
        #expect(navigation.isSignInPage(Self.url("/signin")))
        #expect(!navigation.isSignInPage(Self.url("/bookmarks")))
        let password = WebScreenNavigation(router: LinkRouter(manifest: try NotesManifest.load()))
        #expect(password.isSignInPage(Self.url("/signin?return_to=%2F")))
        #expect(!password.isSignInPage(Self.url("/auth/verify?token=abc")), "password apps have no magic links")
    }

    // MARK: Keymail through the model

    final class Effects {
        var all: [WebScreenEffect] = []
    }

    func signInScreen(_ navigation: WebScreenNavigation) -> (WebScreenModel, Effects) {
        let screen = WebScreenModel(url: Self.url("/signin"), role: .signIn)
        let effects = Effects()
        screen.attach { effects.all.append($0) }
        screen.handle(.started(WebNavigationID(1), url: F.continuePage))
        screen.handle(.committed(WebNavigationID(1), url: F.continuePage))
        screen.handle(.finished(WebNavigationID(1)))
        return (screen, effects)
    }

    func started(_ screen: WebScreenModel, _ effects: Effects, _ navigation: WebScreenNavigation) throws
        -> KeymailAttempt
    {
        let action = screen.decide(F.authorize(), kind: .link, using: navigation)
        guard case .authenticate = action else {
            Issue.record("not started: \(action)")
            throw CancellationError()
        }
        guard case .authenticate(let attempt) = effects.all.last else {
            Issue.record("no authenticate effect: \(effects.all)")
            throw CancellationError()
        }
        return attempt
    }

    @Test func aPassingCallbackLoadsInTheWebScreen() throws {
        let navigation = try F.navigation()
        let (screen, effects) = signInScreen(navigation)
        let attempt = try started(screen, effects, navigation)
        #expect(screen.keymail == attempt)
        #expect(attempt.authorization.state == F.state)
        let completion = screen.keymailEnded(attempt, .callback(F.callback()), using: navigation)
        #expect(completion == .loadingCallback(F.callback()))
        #expect(effects.all.last == .load(F.callback()))
        #expect(screen.keymail == nil)
        // The load the screen asked for loads in place, without a second decision.
        #expect(screen.decide(F.callback(), kind: .link, using: navigation) == .load)
        #expect(screen.keymailEnded(attempt, .callback(F.callback()), using: navigation) == .ignored, "once")
    }

    @Test func aSecondAttemptCancelsTheFirstWhoseLateAnswerIsIgnored() throws {
        let navigation = try F.navigation()
        let (screen, effects) = signInScreen(navigation)
        let first = try started(screen, effects, navigation)
        let second = try started(screen, effects, navigation)
        #expect(first.id != second.id)
        #expect(effects.all.suffix(2) == [.cancelAuthentication(first), .authenticate(second)])
        let before = effects.all.count
        #expect(screen.keymailEnded(first, .callback(F.callback()), using: navigation) == .ignored)
        #expect(effects.all.count == before, "the late callback of the first attempt loads nothing")
        #expect(
            screen.keymailEnded(second, .callback(F.callback()), using: navigation) == .loadingCallback(F.callback()))
    }

    nonisolated static let fallback = F.origin + "/signin?force=1&err=keymail"

    @Test(arguments: [KeymailOutcome.cancelled, .failed("network"), .unavailable])
    func anAttemptWithoutACallbackOffersTheLinkInstead(_ outcome: KeymailOutcome) throws {
        let navigation = try F.navigation()
        let (screen, effects) = signInScreen(navigation)
        let attempt = try started(screen, effects, navigation)
        guard case .sendingALinkInstead(let url, _) = screen.keymailEnded(attempt, outcome, using: navigation) else {
            Issue.record("no fallback")
            return
        }
        #expect(url == Self.fallback)
        #expect(effects.all.last == .load(Self.fallback))
    }

    @Test func aCallbackWithAnotherStateIsNotLoadedAndIsReported() throws {
        final class Log: @unchecked Sendable {
            var events: [String] = []
        }
        let log = Log()
        let navigation = WebScreenNavigation(
            router: LinkRouter(
                manifest: try F.auth(), diagnostics: RefusalDiagnostics { log.events.append($0.description) }))
        let (screen, effects) = signInScreen(navigation)
        let attempt = try started(screen, effects, navigation)
        let planted = F.callback(state: String(repeating: "p", count: 43))
        let completion = screen.keymailEnded(attempt, .callback(planted), using: navigation)
        #expect(
            completion == .sendingALinkInstead(url: Self.fallback, because: KeymailCallbackRefusal.state.description))
        #expect(!effects.all.contains(.load(planted)))
        #expect(log.events.contains { $0.hasPrefix("refused keymail callback") })
    }

    @Test func theScreenGoingAwayCancelsTheAttempt() throws {
        let navigation = try F.navigation()
        let (screen, effects) = signInScreen(navigation)
        let attempt = try started(screen, effects, navigation)
        screen.handle(.detached)
        #expect(effects.all.last == .cancelAuthentication(attempt))
        #expect(screen.keymailEnded(attempt, .callback(F.callback()), using: navigation) == .ignored)
    }
}
