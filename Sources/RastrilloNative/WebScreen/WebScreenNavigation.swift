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
    }

    /// The router every decision comes from.
    public let router: LinkRouter

    /// Creates the decisions from the app's router.
    public init(router: LinkRouter) { self.router = router }

    /// Decides one navigation.
    ///
    /// - Parameters:
    ///   - url: the target URL's string (`navigationAction.request.url?.absoluteString`).
    ///   - kind: how it started.
    ///   - current: the URL of the page the screen shows (``WebScreenStateMachine/url``).
    public func decide(url: String, kind: Kind, current: String) -> Action {
        if kind == .subframe { return .load }
        let decision = router.decide(url, context: kind == .redirect ? .redirect : .navigation)
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
