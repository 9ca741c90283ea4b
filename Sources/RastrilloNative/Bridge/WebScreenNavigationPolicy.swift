/// Decides, for a web screen, whether the web view may load a URL — from the ``LinkRouter``.
///
/// Main-frame navigations are routed: an internal page with no native destination (`web`) loads
/// in place; anything else is cancelled and handed back with the router's decision so the app
/// shows the native screen, opens the browser or the in-app browser, or does nothing (refused,
/// already reported to the router's diagnostics hook). Server redirects are routed with
/// ``LinkRouter/Context/redirect``, so a redirect leaves the web view only to an internal page.
/// Subframe loads are the page's own business and are allowed: subframes never reach the bridge
/// (``BridgeTrustPolicy`` refuses them).
///
/// ```swift
/// switch policy.decide(url: "https://app.example.com/notes/1/edit", isMainFrame: true, isRedirect: false) {
/// case .allow: decisionHandler(.allow)
/// case .cancel(let decision): decisionHandler(.cancel); route(decision)
/// }
/// ```
public struct WebScreenNavigationPolicy: Sendable {
    /// What the web view does with a navigation.
    public enum Decision: Sendable, Hashable {
        /// Load it in the web view.
        case allow
        /// Do not load it; act on the router's decision instead.
        case cancel(LinkDecision)
    }

    /// The router every decision comes from.
    public let router: LinkRouter

    /// Creates the policy from the app's router.
    public init(router: LinkRouter) { self.router = router }

    /// Decides one navigation.
    ///
    /// - Parameters:
    ///   - url: the target URL's string (`navigationAction.request.url?.absoluteString`).
    ///   - isMainFrame: whether the top-level document navigates.
    ///   - isRedirect: whether this is a server redirect of a navigation already under way.
    public func decide(url: String, isMainFrame: Bool, isRedirect: Bool) -> Decision {
        guard isMainFrame else { return .allow }
        let decision = router.decide(url, context: isRedirect ? .redirect : .navigation)
        if case .web = decision { return .allow }
        return .cancel(decision)
    }
}
