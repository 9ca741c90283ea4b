#if canImport(WebKit)
    import WebKit

    /// Connects one `WKWebView` web screen to a ``BridgeDispatcher`` and a
    /// ``WebScreenNavigationPolicy``. It translates WebKit callbacks into core calls and decides
    /// nothing itself:
    ///
    /// - messages: registered as a `WKScriptMessageHandlerWithReply` named
    ///   ``BridgeProtocol/handlerName`` in the **page** content world (the page's ES module posts
    ///   there); the frame facts come from `message.frameInfo` — never from the body — and the
    ///   reply is the dispatcher's JSON text;
    /// - navigation: every navigation action and server redirect is decided by the policy (from the
    ///   ``LinkRouter``); cancelled ones are handed to `route`;
    /// - events: ``send(_:_:)`` evaluates the dispatcher's event script in the page world;
    /// - the document: a committed main-frame navigation resets the page state.
    ///
    /// It adds no user scripts, gesture recognisers or menu overrides: text selection, editing,
    /// the edit menu and find work as in any web view.
    ///
    /// ```swift
    /// let bridge = WebViewBridge(dispatcher: dispatcher, navigation: WebScreenNavigationPolicy(router: router)) {
    ///     decision, url in appRouter.handle(decision, url)
    /// }
    /// bridge.attach(to: webView)
    /// ```
    @MainActor
    public final class WebViewBridge: NSObject, WKScriptMessageHandlerWithReply, WKNavigationDelegate {
        /// The core that decides trust and answers messages.
        public let dispatcher: BridgeDispatcher
        /// The core that decides navigations.
        public let navigation: WebScreenNavigationPolicy
        private let route: @MainActor (LinkDecision, URL) -> Void
        private weak var webView: WKWebView?

        /// Creates the adapter.
        ///
        /// - Parameter route: called with the router's decision and the URL for every navigation the
        ///   web view does not load (a native screen, the browser, the in-app browser, or a refusal);
        ///   the URL is what the app opens in the browser.
        public init(
            dispatcher: BridgeDispatcher, navigation: WebScreenNavigationPolicy,
            route: @escaping @MainActor (LinkDecision, URL) -> Void
        ) {
            self.dispatcher = dispatcher
            self.navigation = navigation
            self.route = route
        }

        /// Registers the message handler in the page content world and becomes the navigation delegate.
        public func attach(to webView: WKWebView) {
            webView.configuration.userContentController.addScriptMessageHandler(
                self, contentWorld: .page, name: BridgeProtocol.handlerName)
            webView.navigationDelegate = self
            self.webView = webView
        }

        /// Removes the message handler (the content controller holds it strongly until then).
        public func detach() {
            webView?.configuration.userContentController.removeScriptMessageHandler(
                forName: BridgeProtocol.handlerName, contentWorld: .page)
            webView = nil
        }

        /// Sends a declared event to the page, if the core allows it (see ``BridgeDispatcher/eventScript(_:_:)``).
        public func send<E: BridgeEvent>(_ event: E.Type, _ payload: E.Payload) async throws {
            let script = try dispatcher.eventScript(event, payload)
            _ = try await webView?.callAsyncJavaScript(script, arguments: [:], in: nil, in: .page)
        }

        /// Answers a page message with the dispatcher's JSON reply (always exactly once).
        public func userContentController(
            _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
            replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
        ) {
            let origin = message.frameInfo.securityOrigin
            let frame = BridgeFrame(
                isMainFrame: message.frameInfo.isMainFrame, scheme: origin.protocol, host: origin.host,
                port: origin.port)
            guard let body = message.body as? String else {
                replyHandler(dispatcher.receive(nonText: String(describing: type(of: message.body)), from: frame), nil)
                return
            }
            let dispatcher = self.dispatcher
            Task { @MainActor in replyHandler(await dispatcher.receive(body, from: frame), nil) }
        }

        /// Loads a navigation only when the policy allows it; otherwise routes the decision.
        public func webView(
            _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction
        ) async -> WKNavigationActionPolicy {
            guard let url = navigationAction.request.url else { return .cancel }
            // No target frame means a new window: treat it as a main-frame navigation and route it.
            let isMainFrame = navigationAction.targetFrame?.isMainFrame ?? true
            switch navigation.decide(url: url.absoluteString, isMainFrame: isMainFrame, isRedirect: false) {
            case .allow: return .allow
            case .cancel(let decision):
                route(decision, url)
                return .cancel
            }
        }

        /// Routes a server redirect of the main frame with the redirect rules; stops it when refused.
        public func webView(
            _ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation!
        ) {
            guard let url = webView.url else { return }
            if case .cancel(let decision) = self.navigation.decide(
                url: url.absoluteString, isMainFrame: true, isRedirect: true)
            {
                webView.stopLoading()
                route(decision, url)
            }
        }

        /// A new document replaced the old one: events wait for its hello.
        public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
            dispatcher.documentDidChange()
        }
    }
#endif
