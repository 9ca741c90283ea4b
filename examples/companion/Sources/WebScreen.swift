#if canImport(WebKit)
    import RastrilloNative
    import SwiftUI
    import WebKit

    /// The web screen inside native navigation: a `WKWebView` driven by RastrilloNative's
    /// `WebViewBridge` and a `WebScreenModel`, which decide everything this view shows:
    ///
    /// - the loading view until the page commits, then the page with a progress bar while a
    ///   navigation runs, or the native failure view with Try Again (``WebFailureView``);
    /// - the page's `<title>` as the navigation title, the manifest's title until it has one;
    /// - the page's `alert`/`confirm`/`prompt` as a native alert titled with the page's origin;
    /// - links: another destination is pushed, the same destination with new params replaces
    ///   this screen, links out go to the system (``CompanionModel/followFromWebScreen(_:action:in:)``);
    /// - reload: pull-to-refresh (iOS), Reload Page (⌘R) and Try Again share the screen's runner.
    ///
    /// The page's `compareRelease` action is answered by ``CompanionModel/compareRelease(_:)``,
    /// and every change of the server's status is sent to the page as `serverChecked`. The page
    /// signs in with the web app's own cookie session, kept by WebKit's default website data
    /// store; native code never reads or sets it.
    struct WebScreen: View {
        let screen: Screen
        let model: CompanionModel
        /// The stack pushes land in: the destination window's own, or the main window's (`nil`).
        let window: WindowStack?
        @State private var page: WebScreenModel
        @State private var promptText = ""
        @Environment(\.openURL) private var openURL

        init(screen: Screen, url: URL, model: CompanionModel, window: WindowStack? = nil) {
            self.screen = screen
            self.model = model
            self.window = window
            _page = State(initialValue: WebScreenModel(url: url.absoluteString))
        }

        var body: some View {
            WebViewHost(page: page, model: model, serverCheck: model.status.check) { action, target in
                if case .openExternally(let external, _) = model.followFromWebScreen(target, action: action, in: window)
                {
                    openURL(external)
                }
            }
            .opacity(showsPage ? 1 : 0)
            .overlay { status }
            .overlay(alignment: .top) { progressBar }
            .navigationTitle(title)
            .onAppear { model.webScreenAppeared(page) }
            .onDisappear { model.webScreenDisappeared(page) }
            .onChange(of: page.dialog?.id) {
                if case .prompt(let defaultText) = page.dialog?.kind { promptText = defaultText }
            }
            .alert(
                Text(verbatim: page.dialog?.origin ?? ""), isPresented: dialogShown, presenting: page.dialog
            ) { dialog in
                dialogButtons(dialog)
            } message: { dialog in
                Text(verbatim: dialog.message)
            }
        }

        /// The page's title, or the manifest's title (localized) until it has one.
        private var title: String {
            let key = CompanionModel.titleKey(of: screen)
            return page.navigationTitle(fallback: String(localized: String.LocalizationValue(key)))
        }

        /// The web view stays alive under the loading and failure views, so Try Again reuses it.
        private var showsPage: Bool {
            if case .content = page.display { return true }
            return false
        }

        @ViewBuilder private var status: some View {
            switch page.display {
            case .loading(let progress):
                WebLoadingView(progress: progress)
            case .failed(let failure):
                WebFailureView(failure: WebFailurePresentation(failure)) {
                    Task { await page.reload() }
                }
            case .content, .signInRequired:
                // The companion's manifest declares no session: no screen waits for sign-in.
                EmptyView()
            }
        }

        @ViewBuilder private var progressBar: some View {
            if case .content(let progress?) = page.display {
                ProgressView(value: progress)
                    .progressViewStyle(.linear)
                    .accessibilityLabel(Text("webScreen.loading"))
            }
        }

        /// Only the buttons answer; dismissing by other means is the Cancel button's role.
        private var dialogShown: Binding<Bool> {
            Binding(get: { page.dialog != nil }, set: { _ in })
        }

        @ViewBuilder private func dialogButtons(_ dialog: WebPageDialog) -> some View {
            switch dialog.kind {
            case .alert:
                Button("webScreen.dialog.ok") { page.answerDialog(.ok) }
            case .confirm:
                Button("webScreen.dialog.cancel", role: .cancel) { page.answerDialog(.cancel) }
                Button("webScreen.dialog.ok") { page.answerDialog(.ok) }
            case .prompt:
                TextField("webScreen.dialog.prompt", text: $promptText)
                Button("webScreen.dialog.cancel", role: .cancel) { page.answerDialog(.cancel) }
                Button("webScreen.dialog.ok") { page.answerDialog(.text(promptText)) }
            }
        }
    }

    /// Hosts one `WKWebView` with the bridge adapter attached; translates, decides nothing.
    /// Main-actor isolated as a whole: the representable conformance is in an extension, and
    /// `WebViewBridge` and `BridgeDispatcher` are created on the main actor.
    @MainActor
    struct WebViewHost {
        let page: WebScreenModel
        let model: CompanionModel
        /// The server's state now; each change reaches the page as `serverChecked`.
        let serverCheck: ServerCheck
        let route: @MainActor (WebScreenNavigation.Action, URL) -> Void

        func makeCoordinator() -> WebViewBridge {
            let dispatcher = BridgeDispatcher(manifest: GeneratedManifest.manifest, diagnostics: model.diagnostics)
            dispatcher.handle(BridgeActions.CompareRelease.self) { [model] query in
                try await model.compareRelease(query)
            }
            return WebViewBridge(
                dispatcher: dispatcher, screen: page, navigation: WebScreenNavigation(router: model.router),
                route: route)
        }

        /// Sends the server's state to the page. Before the page's hello (loading, or a page
        /// without the module) the dispatcher refuses the event; the page asks on load instead.
        fileprivate func deliver(_ bridge: WebViewBridge) {
            let check = serverCheck
            Task { try? await bridge.send(BridgeEvents.ServerChecked.self, check) }
        }

        /// A web view with the adapter attached; attaching loads the screen's URL.
        fileprivate func makeWebView(_ bridge: WebViewBridge) -> WKWebView {
            let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
            bridge.attach(to: webView)
            return webView
        }
    }

    #if os(iOS)
        extension WebViewHost: UIViewRepresentable {
            func makeUIView(context: Context) -> WKWebView {
                let webView = makeWebView(context.coordinator)
                // Pull-to-refresh: the screen's runner reloads; the spinner stops when the page loaded.
                let refresh = UIRefreshControl()
                refresh.addAction(
                    UIAction { [page, weak refresh] _ in
                        Task { @MainActor in
                            await page.reload()
                            refresh?.endRefreshing()
                        }
                    }, for: .valueChanged)
                webView.scrollView.refreshControl = refresh
                return webView
            }
            func updateUIView(_ webView: WKWebView, context: Context) { deliver(context.coordinator) }
            static func dismantleUIView(_ webView: WKWebView, coordinator: WebViewBridge) { coordinator.detach() }
        }
    #elseif os(macOS)
        extension WebViewHost: NSViewRepresentable {
            func makeNSView(context: Context) -> WKWebView { makeWebView(context.coordinator) }
            func updateNSView(_ webView: WKWebView, context: Context) { deliver(context.coordinator) }
            static func dismantleNSView(_ webView: WKWebView, coordinator: WebViewBridge) { coordinator.detach() }
        }
    #endif
#endif
