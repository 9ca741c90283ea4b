/// Decides where a navigation of a web screen goes — this web view, a new screen on the native
/// stack, a replacement of this screen, or out of the app — from the ``LinkRouter``'s decision.
///
/// The rules keep navigation native: the back button, swipe-back and the Mac's window history
/// follow every page change, because each destination is its own native screen.
///
/// - Subframe loads are the page's business: ``Action/load``.
/// - A link to the page the screen shows (the same URL apart from its `#fragment`, or a web
///   destination with the same params) loads in place: ``Action/load``.
/// - A link to the same web destination with other params replaces this screen:
///   ``Action/replace(_:)``.
/// - A link to another destination, native or web, or to an internal page with no destination:
///   ``Action/push(_:)``.
/// - `window.open` and `target=_blank` (``Kind/newWindow``) never load in place and never make
///   a second web view: internal pages are pushed, the rest leaves the app.
/// - A form submission to an internal web page loads in place (pushing would lose its body);
///   a server redirect to an internal web page continues in place, to a native destination it
///   replaces this screen.
/// - Anything the router sends to the browser, the in-app browser or refuses:
///   ``Action/leave(_:)`` (a refusal was already reported to the router's diagnostics hook).
///
/// Forms and sign-in (given the navigation's ``WebFormSubmission`` and the screen's
/// ``Role``):
///
/// - The redirect of a form submission (POST → 303 → GET) that lands on the page the screen
///   shows continues in place; one that lands anywhere else internal is
///   ``Action/submitted(_:)``: the app pops back to a screen below that shows it
///   (``landing(of:url:below:)``) or replaces the form's screen, so Back never returns to a
///   submitted form.
/// - The redirect of the sign-out form (the manifest's `session.signOut` command):
///   ``Action/signedOut``: the app returns to its start.
/// - Any navigation of a content screen to the manifest's `session.signIn` destination (a
///   `303 /signin?return_to=…`, or a link): ``Action/signIn(_:)``: the app shows sign-in above
///   the screen, which waits (``WebScreenStateMachine/signInWait``).
/// - On the sign-in screen itself, its pages load in place (wrong password, sign-up); its form's
///   redirect, or a link to another destination, is ``Action/signInEnded(_:)``: the app dismisses
///   it and the screen below continues.
///
/// With Rastrillo's `auth` (the manifest's `session` of kind `auth`, ``AuthSignInRules``):
///
/// - the sign-in pages are the sign-in page with any query (`?reauth=1` is step-up), the magic
///   link's confirm page, the second-factor page and the keymail callback: a content screen sent
///   to any of them shows sign-in above it, and the sign-in screen keeps them all, so it waits
///   through a second factor;
/// - on the sign-in screen, a redirect to any other internal page, or a link to a destination,
///   ends sign-in (the screen below continues where it was going: `auth` carries no `return_to`);
/// - the one off-origin navigation allowed, from the sign-in page only, is a URL that passes
///   Rastrillo's authorize-URL rule: ``Action/authenticate(_:)``, run outside the web view, whether
///   the page follows a link, a meta refresh, a redirect, `window.open`/`target=_blank` or a form;
/// - on the sign-in screen, any other attempt at an authorize URL off the app's origins
///   (``AuthSignInRules/isAuthorizeAttempt(_:)``: a trailing slash, another path, an encoded
///   slash, a `javascript:` URL, userinfo) is ``Action/leave(_:)`` with
///   ``LinkRefusal/keymailAuthorizeURL``, reported once, as a ``SignInRefusalEvent`` naming the
///   rule it failed; one on the app's own origins is decided as any of the app's pages;
/// - the sign-out form's redirect lands on the sign-in page and is ``Action/signedOut``.
///
/// ```swift
/// let navigation = WebScreenNavigation(router: router)
/// navigation.decide(url: "https://app.example.com/releases/1.5.0", kind: .link,
///                   current: "https://app.example.com/releases/1.4.0")
/// // .replace(.web(releaseNotes with version 1.5.0))
/// ```
public struct WebScreenNavigation: Sendable {
    /// How the navigation was started, as the adapter reads it from WebKit.
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// A main-frame navigation: a link, `location` assignment, back/forward or reload.
        case link
        /// A main-frame form submission (`navigationType == .formSubmitted/.formResubmitted`).
        case formSubmission
        /// A new window: `window.open` or `target=_blank` (no target frame).
        case newWindow
        /// A server redirect of the main frame's navigation under way.
        case redirect
        /// A load inside a subframe.
        case subframe
    }

    /// What the screen does with a navigation.
    public enum Action: Sendable, Hashable {
        /// Load it in this web view.
        case load
        /// Cancel it and show the decision's destination (or web page) as a new screen on top.
        case push(LinkDecision)
        /// Cancel it and show the decision's destination in place of this screen.
        case replace(LinkDecision)
        /// Cancel it; the URL leaves the app (browser, in-app browser) or is refused.
        case leave(LinkDecision)
        /// Cancel it: a form submission's redirect lands on another screen. Pop back to the
        /// screen below that shows it and reload that screen, or replace this screen
        /// (``WebScreenNavigation/landing(of:url:below:)``).
        case submitted(LinkDecision)
        /// Cancel it: the page needs sign-in. Show the sign-in destination (this decision's URL,
        /// with the web app's `return_to`) above this screen.
        case signIn(LinkDecision)
        /// Cancel it: the sign-in screen is done (signed in, or left). Dismiss it; the screen
        /// below continues (``WebScreenModel/continueAfterSignIn()``).
        case signInEnded(LinkDecision)
        /// Cancel it: the sign-out form was submitted. Return to the app's start.
        case signedOut
        /// Cancel it: the sign-in page sent the person to keymail. The screen runs the
        /// authorization outside the web view (``WebScreenEffect/authenticate(_:)``) and loads the
        /// callback in the web view; the app has nothing to do.
        case authenticate(KeymailAuthorization)
    }

    /// What a web screen is for.
    public enum Role: Sendable, Hashable {
        /// An ordinary screen of the app.
        case content
        /// The sign-in screen, shown above the screen that needed it.
        case signIn
    }

    /// Where a form submission's landing goes on the native stack.
    public enum Landing: Sendable, Hashable {
        /// Pop back to the screen at this index of the stack below, and reload it.
        case popBack(to: Int)
        /// Replace the form's screen with the landing page.
        case replace
    }

    /// The router every decision comes from.
    public let router: LinkRouter

    /// The bound commands' router (for the sign-out form).
    public let actions: PageActionRouter

    /// The `auth` sign-in rules, when the manifest's session is of kind `auth`.
    public let signInRules: AuthSignInRules?

    /// Creates the decisions from the app's router.
    public init(router: LinkRouter) {
        self.router = router
        self.actions = PageActionRouter(manifest: router.manifest)
        self.signInRules = AuthSignInRules(manifest: router.manifest)
    }

    /// Whether `url` is a sign-in page: the manifest's `session.signIn` destination, and with
    /// `auth` every page of ``AuthSignInRules/isSignInPage(_:)``. An app opens such a URL (a
    /// universal link to the magic-link page, say) in its sign-in screen, never as a content
    /// screen.
    public func isSignInPage(_ url: String) -> Bool {
        guard let session = router.manifest.session else { return false }
        if let signInRules { return signInRules.isSignInPage(url) }
        return router.decide(url, context: .navigation).match?.destination == session.signIn
    }

    /// Decides one navigation.
    ///
    /// - Parameters:
    ///   - url: the target URL's string (`navigationAction.request.url?.absoluteString`).
    ///   - kind: how it started.
    ///   - current: the URL of the page the screen shows (``WebScreenStateMachine/url``).
    ///   - submission: the form submission this navigation belongs to, if any
    ///     (``WebScreenStateMachine/submission``).
    ///   - role: what the screen is for.
    public func decide(
        url: String, kind: Kind, current: String, submission: WebFormSubmission? = nil, role: Role = .content
    ) -> Action {
        if kind == .subframe { return .load }
        let context: LinkRouter.Context = kind == .redirect ? .redirect : .navigation
        // A valid authorize URL starts the session however the page gets there: a link, a meta
        // refresh, a redirect, window.open or target=_blank, a form (the session loads the URL
        // itself; a form's body is not sent).
        if role == .signIn, let signInRules {
            switch signInRules.keymailAuthorization(url, from: current) {
            case .success(let authorization):
                return .authenticate(authorization)
            case .failure(let refusal):
                // An attempt at an authorize URL off the app's origins is refused, reported once
                // with the rule it failed (never also as a refused link), and never handed to a
                // browser. One on the app's own origins is the app's page, decided below.
                if AuthSignInRules.isAuthorizeAttempt(url), !router.decideQuietly(url, context: .navigation).isInternal
                {
                    router.diagnostics(.signIn(SignInRefusalEvent(url: url, reason: .authorize(refusal))))
                    return .leave(.refused(.keymailAuthorizeURL))
                }
            }
        }
        let decision = router.decide(url, context: context)
        // The sign-out form's redirect (to `/`, or with `auth` to the sign-in page) signs out.
        if kind == .redirect, let submission, decision.isInternal, let signOut = router.manifest.session?.signOut,
            actions.match(.post, submission.action)?.command == signOut
        {
            return .signedOut
        }
        if let session = router.manifest.session, decision.isInternal {
            let isSignIn = signInRules?.isSignInPage(url) ?? (decision.match?.destination == session.signIn)
            switch role {
            case .content:
                if isSignIn { return .signIn(decision) }
            case .signIn:
                if isSignIn { return .load }
                // With `auth`, a redirect to any page that is not sign-in ends sign-in (its
                // landing, `/`, need not be a destination).
                if signInRules != nil, kind == .redirect { return .signInEnded(decision) }
                // A declared destination (or the sign-in form's redirect) leaves sign-in; other
                // internal pages (sign-up, a reset form) belong to it and load in place.
                if decision.match != nil || (kind == .redirect && submission != nil) { return .signInEnded(decision) }
                if case .web = decision { return .load }
            }
        }
        if kind == .redirect, submission != nil, decision.isInternal {
            return showsSame(current, url, decision) ? .load : .submitted(decision)
        }
        switch decision {
        case .native:
            return kind == .redirect ? .replace(decision) : .push(decision)
        case .web(let match):
            switch kind {
            case .subframe, .redirect, .formSubmission: return .load
            case .newWindow: return .push(decision)
            case .link: break
            }
            if Self.sameDocument(url, current) { return .load }
            guard let match, let shown = router.decide(current, context: .navigation).match,
                shown.destination == match.destination
            else { return .push(decision) }
            return shown.params == match.params ? .load : .replace(decision)
        case .inAppBrowser, .external, .refused:
            return .leave(decision)
        }
    }

    /// Where a form submission that landed on `url` (``Action/submitted(_:)``) goes: back to the
    /// nearest screen of `stack` (the URLs of the screens below the form's, bottom first) that
    /// shows the same page or destination with the same params, or in place of the form's screen.
    public func landing(of decision: LinkDecision, url: String, below stack: [String]) -> Landing {
        for index in stack.indices.reversed() where showsSame(stack[index], url, decision) {
            return .popBack(to: index)
        }
        return .replace
    }

    /// Whether the screen showing `shown` shows `url` (decided as `decision`): the same document,
    /// or the same destination with the same params.
    func showsSame(_ shown: String, _ url: String, _ decision: LinkDecision) -> Bool {
        if Self.sameDocument(shown, url) { return true }
        guard let match = decision.match else { return false }
        return router.decide(shown, context: .navigation).match == match
    }

    /// Whether two URLs differ at most in their fragment, or in the `/` WebKit adds to an empty
    /// path (`https://app.example.com` and `https://app.example.com/`).
    static func sameDocument(_ first: String, _ second: String) -> Bool {
        func document(_ url: String) -> String {
            var document = String(url.firstIndex(of: "#").map { url[..<$0] } ?? Substring(url))
            if let scheme = document.range(of: "://") {
                let afterAuthority = document[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" }
                if afterAuthority.map({ document[$0] != "/" }) ?? true {
                    document.insert("/", at: afterAuthority ?? document.endIndex)
                }
            }
            return document
        }
        return document(first) == document(second)
    }
}
