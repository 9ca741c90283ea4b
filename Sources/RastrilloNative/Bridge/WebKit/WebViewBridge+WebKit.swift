#if canImport(WebKit)
    import WebKit
    #if os(macOS)
        import AppKit
    #endif

    /// Connects one `WKWebView` web screen to a ``BridgeDispatcher``, a ``WebScreenModel`` and
    /// the ``WebScreenNavigation`` rules. It translates WebKit callbacks into core calls and
    /// decides nothing itself:
    ///
    /// - messages: registered as a `WKScriptMessageHandlerWithReply` named
    ///   ``BridgeProtocol/handlerName`` in the **page** content world (the page's ES module posts
    ///   there); the frame facts come from `message.frameInfo` — never from the body — and the
    ///   reply is the dispatcher's JSON text;
    /// - navigation: every navigation action, server redirect and new window (`window.open`,
    ///   `target=_blank`) is decided by ``WebScreenModel/decide(_:kind:using:)``; what is not
    ///   loaded in place is handed to `route` (push, replace, or leave the app) and no second web
    ///   view is ever made;
    /// - loading: navigation callbacks, the main frame's HTTP status, `estimatedProgress`,
    ///   `title` and a content-process end become ``WebScreenEvent``s, each navigation tagged with
    ///   its own ``WebNavigationID``; the model's effects become `load(_:)` and `reload()`;
    /// - the page's `alert`/`confirm`/`prompt` wait for ``WebScreenModel/presentDialog(_:message:origin:)``
    ///   (the view shows a native alert); on macOS a file input opens an `NSOpenPanel` (iOS
    ///   WebKit shows its own picker);
    /// - events: ``send(_:_:)`` evaluates the dispatcher's event script in the page world;
    /// - the document: a committed main-frame navigation resets the page state;
    /// - page actions (when the screen has ``WebScreenModel/pageCommands`` and the adapter is
    ///   given the generated `page-actions.js`): the script is added as a main-frame user script in
    ///   a content world of its own (``PageActionProtocol/contentWorldName``), so the page's own
    ///   scripts cannot reach it and the page's CSP does not apply to it; its reports go to
    ///   ``WebScreenModel/receivePageActions(_:from:)`` with the frame's facts, and
    ///   ``WebScreenEffect/invokePageAction(_:)`` calls its `invoke` in that world.
    ///
    /// It adds no other user scripts, no gesture recognisers, key commands or menu overrides and
    /// claims no responder actions: text selection, editing (⌘C, ⌘V, ⌘Z …), the edit menu and
    /// find work as in any web view.
    ///
    /// ```swift
    /// let bridge = WebViewBridge(
    ///     dispatcher: dispatcher, screen: screen, navigation: WebScreenNavigation(router: router)
    /// ) { action, url in appNavigation.perform(action, url) }
    /// bridge.attach(to: webView)  // loads the screen's URL
    /// ```
    @MainActor
    public final class WebViewBridge: NSObject, WKScriptMessageHandlerWithReply, WKScriptMessageHandler,
        WKNavigationDelegate, WKUIDelegate
    {
        /// The core that decides trust and answers messages.
        public let dispatcher: BridgeDispatcher
        /// The core that decides what the screen shows and reloads it.
        public let screen: WebScreenModel
        /// The rules that decide navigations.
        public let navigation: WebScreenNavigation
        private let route: @MainActor (WebScreenNavigation.Action, URL) -> Void
        private let pageActionsScript: String?
        private let pageActionsWorld = WKContentWorld.world(name: PageActionProtocol.contentWorldName)
        /// The user script ``attach(to:)`` added (the page-actions script), kept so ``detach()``
        /// removes exactly it and nothing the app added.
        private var addedUserScript: WKUserScript?
        /// Whether ``attach(to:)`` registered the page-actions message handler.
        private var addedPageActionsHandler = false
        /// Runs keymail sign-in outside the web view (``WebScreenEffect/authenticate(_:)``).
        private let keymail = KeymailSession()
        private weak var webView: WKWebView?
        private var observations: [NSKeyValueObservation] = []
        /// Navigations under way, held until they end so an identifier is never reused.
        private var navigations: [ObjectIdentifier: (navigation: WKNavigation, id: WebNavigationID)] = [:]
        private var lastNavigation: UInt64 = 0

        /// Creates the adapter.
        ///
        /// - Parameters:
        ///   - pageActionsScript: the generated `page-actions.js` (`manifest build`), or `nil`
        ///     when the app binds no commands to page actions.
        ///   - route: called with every navigation the web view does not load itself (every
        ///     ``WebScreenNavigation/Action`` but ``WebScreenNavigation/Action/load`` and
        ///     ``WebScreenNavigation/Action/authenticate(_:)``, which the adapter runs itself
        ///     with ``KeymailSession``) and its URL, which is what the app opens in the browser.
        public init(
            dispatcher: BridgeDispatcher, screen: WebScreenModel, navigation: WebScreenNavigation,
            pageActionsScript: String? = nil, route: @escaping @MainActor (WebScreenNavigation.Action, URL) -> Void
        ) {
            self.dispatcher = dispatcher
            self.screen = screen
            self.navigation = navigation
            self.pageActionsScript = pageActionsScript
            self.route = route
        }

        /// Registers the message handler in the page content world, becomes the navigation and
        /// UI delegate, observes progress and title, and attaches the screen (which loads its URL).
        public func attach(to webView: WKWebView) {
            let contents = webView.configuration.userContentController
            contents.addScriptMessageHandler(self, contentWorld: .page, name: BridgeProtocol.handlerName)
            if let pageActionsScript, screen.pageCommands != nil {
                let script = WKUserScript(
                    source: pageActionsScript, injectionTime: .atDocumentStart, forMainFrameOnly: true,
                    in: pageActionsWorld)
                contents.addUserScript(script)
                addedUserScript = script
                contents.add(self, contentWorld: pageActionsWorld, name: PageActionProtocol.handlerName)
                addedPageActionsHandler = true
            }
            webView.navigationDelegate = self
            webView.uiDelegate = self
            self.webView = webView
            observations = [
                webView.observe(\.estimatedProgress, options: [.new]) { [weak self] _, change in
                    let progress = change.newValue ?? 0
                    MainActor.assumeIsolated { self?.screen.handle(.progress(progress)) }
                },
                webView.observe(\.title, options: [.new]) { [weak self] _, change in
                    let title = change.newValue ?? nil
                    MainActor.assumeIsolated { self?.screen.handle(.titleChanged(title)) }
                },
            ]
            screen.attach { [weak self, weak webView] effect in
                switch effect {
                case .load(let text):
                    // The model's URLs come from URL.absoluteString, so they parse again.
                    guard let url = URL(string: text) else { return }
                    webView?.load(URLRequest(url: url))
                case .reload:
                    webView?.reload()
                case .invokePageAction(let offer):
                    self?.invoke(offer)
                case .authenticate(let attempt):
                    self?.authenticate(attempt)
                case .cancelAuthentication(let attempt):
                    self?.keymail.cancel(attempt)
                case .loadSettled:
                    break
                }
            }
        }

        /// Runs a keymail attempt in ``KeymailSession`` and hands its end back to the screen, which
        /// checks the callback and loads it in this web view.
        private func authenticate(_ attempt: KeymailAttempt) {
            keymail.anchorView = webView
            let navigation = self.navigation
            keymail.start(attempt) { [weak self] attempt, outcome in
                self?.screen.keymailEnded(attempt, outcome, using: navigation)
            }
        }

        /// Calls the page-actions script's `invoke` in its world: it checks that the element is
        /// still the offered form or link, then submits (`requestSubmit`) or follows it.
        private func invoke(_ offer: PageCommandOffer) {
            guard let webView else { return }
            let world = pageActionsWorld
            let submitter: Any = offer.submitter.map { ["name": $0.name, "value": $0.value] } ?? NSNull()
            let arguments: [String: Any] = [
                "target": offer.target, "method": offer.method.rawValue, "url": offer.url, "submitter": submitter,
                "fields": offer.fields,
            ]
            Task { @MainActor in
                _ = try? await webView.callAsyncJavaScript(
                    "return await \(PageActionProtocol.scriptGlobal).invoke(target, method, url, submitter, fields);",
                    arguments: arguments, in: nil, in: world)
            }
        }

        /// Removes exactly what ``attach(to:)`` added to the web view's
        /// `WKUserContentController` (the content controller holds the adapter strongly until
        /// then), stops observing, and tells the screen it went away (waiting reloads and dialogs
        /// end).
        ///
        /// What it removes: the bridge handler in the page world and, when page actions were on,
        /// the page-actions handler and the page-actions user script. Scripts and handlers the app
        /// added to the same controller stay. WebKit removes user scripts only all at once, so the
        /// adapter removes them all and adds back every script it did not add, in their order
        /// (`OwnedUserScripts`); an app that adds scripts from another thread while this runs
        /// is not supported (`WKUserContentController` is main-thread only anyway).
        public func detach() {
            let contents = webView?.configuration.userContentController
            contents?.removeScriptMessageHandler(forName: BridgeProtocol.handlerName, contentWorld: .page)
            if addedPageActionsHandler {
                contents?.removeScriptMessageHandler(
                    forName: PageActionProtocol.handlerName, contentWorld: pageActionsWorld)
                addedPageActionsHandler = false
            }
            if let script = addedUserScript, let contents {
                let others = OwnedUserScripts.remaining(contents.userScripts, removing: [script])
                contents.removeAllUserScripts()
                for other in others { contents.addUserScript(other) }
            }
            addedUserScript = nil
            keymail.cancel()
            for observation in observations { observation.invalidate() }
            observations = []
            navigations = [:]
            screen.handle(.detached)
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
            let frame = Self.frame(message.frameInfo)
            guard let body = message.body as? String else {
                replyHandler(dispatcher.receive(nonText: String(describing: type(of: message.body)), from: frame), nil)
                return
            }
            let dispatcher = self.dispatcher
            Task { @MainActor in replyHandler(await dispatcher.receive(body, from: frame), nil) }
        }

        /// A report of the page-actions script, with the sending frame's facts from WebKit.
        public func userContentController(
            _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
        ) {
            guard message.name == PageActionProtocol.handlerName, let body = message.body as? String else { return }
            screen.receivePageActions(body, from: Self.frame(message.frameInfo))
        }

        // MARK: Navigation decisions

        /// Loads a navigation only when the screen's rules say so; otherwise routes it.
        public func webView(
            _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction
        ) async -> WKNavigationActionPolicy {
            guard let url = navigationAction.request.url else { return .cancel }
            // No target frame is a new window: it is decided once, in createWebViewWith.
            guard let frame = navigationAction.targetFrame else { return .allow }
            let kind: WebScreenNavigation.Kind
            if !frame.isMainFrame {
                kind = .subframe
            } else if navigationAction.navigationType == .formSubmitted
                || navigationAction.navigationType == .formResubmitted
            {
                kind = .formSubmission
            } else {
                kind = .link
            }
            return follow(url, kind) ? .allow : .cancel
        }

        /// `window.open` and `target=_blank`: routed like any navigation; never a second web view.
        public func webView(
            _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
            for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
        ) -> WKWebView? {
            if let url = navigationAction.request.url { _ = follow(url, .newWindow) }
            return nil
        }

        /// Decides a server redirect of the main frame; a redirect that leaves the screen is stopped.
        public func webView(
            _ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation!
        ) {
            guard let url = webView.url, !follow(url, .redirect) else { return }
            webView.stopLoading()
            screen.handle(.failed(end(navigation), .cancelled))
        }

        /// Routes everything but ``WebScreenNavigation/Action/load``; returns whether to load.
        private func follow(_ url: URL, _ kind: WebScreenNavigation.Kind) -> Bool {
            let action = screen.decide(url.absoluteString, kind: kind, using: navigation)
            switch action {
            case .load: return true
            case .authenticate: return false  // the screen runs it (``WebScreenEffect/authenticate(_:)``)
            default:
                route(action, url)
                return false
            }
        }

        // MARK: Loading events

        /// A main-frame navigation started: it gets a new identity.
        public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
            lastNavigation += 1
            let id = WebNavigationID(lastNavigation)
            if let navigation { navigations[ObjectIdentifier(navigation)] = (navigation, id) }
            screen.handle(.started(id, url: webView.url?.absoluteString ?? ""))
        }

        /// Reports the main frame's HTTP status; the response is always shown (the model decides
        /// whether the failure view covers it).
        public func webView(
            _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse
        ) async -> WKNavigationResponsePolicy {
            if navigationResponse.isForMainFrame, let response = navigationResponse.response as? HTTPURLResponse {
                screen.handle(.httpStatus(response.statusCode))
            }
            return .allow
        }

        /// A new document replaced the old one: events wait for its hello.
        public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
            dispatcher.documentDidChange()
            screen.handle(.committed(id(of: navigation), url: webView.url?.absoluteString ?? ""))
        }

        /// The navigation finished.
        public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
            screen.handle(.finished(end(navigation)))
        }

        /// The navigation failed after its commit.
        public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
            let error = error as NSError
            screen.handle(.failed(end(navigation), WebLoadErrorKind(domain: error.domain, code: error.code)))
        }

        /// The navigation failed before its commit.
        public func webView(
            _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
        ) {
            let error = error as NSError
            screen.handle(.failed(end(navigation), WebLoadErrorKind(domain: error.domain, code: error.code)))
        }

        /// The web content process ended (memory pressure, a crash): the page is gone.
        public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
            navigations = [:]
            screen.handle(.processTerminated)
        }

        /// The identity of `navigation`; WebKit passes no object for some loads, which belong to
        /// the latest navigation.
        private func id(of navigation: WKNavigation?) -> WebNavigationID {
            navigation.flatMap { navigations[ObjectIdentifier($0)]?.id } ?? WebNavigationID(lastNavigation)
        }

        /// The identity of `navigation`, which has ended.
        private func end(_ navigation: WKNavigation?) -> WebNavigationID {
            let id = id(of: navigation)
            if let navigation { navigations[ObjectIdentifier(navigation)] = nil }
            return id
        }

        // MARK: The page's dialogs and file inputs

        /// `alert()`: shown natively with the frame's origin; returns when dismissed.
        public func webView(
            _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String,
            initiatedByFrame frame: WKFrameInfo
        ) async {
            _ = await screen.presentDialog(.alert, message: message, origin: origin(of: frame))
        }

        /// `confirm()`: `true` for OK.
        public func webView(
            _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
            initiatedByFrame frame: WKFrameInfo
        ) async -> Bool {
            await screen.presentDialog(.confirm, message: message, origin: origin(of: frame)).confirmed
        }

        /// `prompt()`: the text for OK, `nil` for Cancel.
        public func webView(
            _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
            initiatedByFrame frame: WKFrameInfo
        ) async -> String? {
            await screen.presentDialog(
                .prompt(defaultText: defaultText ?? ""), message: prompt, origin: origin(of: frame)
            ).promptText
        }

        private func origin(of frame: WKFrameInfo) -> String { Self.frame(frame).origin }

        /// The frame facts WebKit reports, for the core: the bridge's trust decision and dialog titles.
        private static func frame(_ info: WKFrameInfo) -> BridgeFrame {
            let origin = info.securityOrigin
            return BridgeFrame(
                isMainFrame: info.isMainFrame, scheme: origin.protocol, host: origin.host, port: origin.port)
        }

        #if os(macOS)
            /// `<input type=file>` on the Mac: an open panel as a sheet on the web view's window.
            public func webView(
                _ webView: WKWebView, runOpenPanelWith parameters: WKOpenPanelParameters,
                initiatedByFrame frame: WKFrameInfo
            ) async -> [URL]? {
                let panel = NSOpenPanel()
                panel.canChooseFiles = true
                panel.canChooseDirectories = parameters.allowsDirectories
                panel.allowsMultipleSelection = parameters.allowsMultipleSelection
                let response: NSApplication.ModalResponse
                if let window = webView.window {
                    response = await panel.beginSheetModal(for: window)
                } else {
                    response = panel.runModal()
                }
                return response == .OK ? panel.urls : nil
            }
        #endif
    }
#endif
