#if canImport(WebKit)
    import RastrilloNative
    import SwiftUI
    import WebKit

    /// The web screen inside native navigation: a `WKWebView` whose navigations and page
    /// messages go through RastrilloNative's WebKit adapter (`WebViewBridge`). Navigations the
    /// policy cancels are decided by ``CompanionModel/followFromWebScreen(_:decision:)``; the
    /// page's `compareRelease` action is answered by ``CompanionModel/compareRelease(_:)``, and
    /// every change of the server's status is sent to the page as `serverChecked`.
    ///
    /// The page signs in with the web app's own cookie session, kept by WebKit's default
    /// website data store; native code never reads or sets it.
    struct WebScreen: View {
        let url: URL
        let model: CompanionModel
        @Environment(\.openURL) private var openURL

        var body: some View {
            WebViewHost(url: url, model: model, serverCheck: model.status.check) { decision, target in
                if case .openExternally(let external, _) = model.followFromWebScreen(target, decision: decision) {
                    openURL(external)
                }
            }
        }
    }

    /// Hosts one `WKWebView` with the bridge adapter attached; translates, decides nothing.
    /// Main-actor isolated as a whole: the representable conformance is in an extension, and
    /// `WebViewBridge` and `BridgeDispatcher` are created on the main actor.
    @MainActor
    struct WebViewHost {
        let url: URL
        let model: CompanionModel
        /// The server's state now; each change reaches the page as `serverChecked`.
        let serverCheck: ServerCheck
        let route: @MainActor (LinkDecision, URL) -> Void

        func makeCoordinator() -> WebViewBridge {
            let dispatcher = BridgeDispatcher(manifest: GeneratedManifest.manifest, diagnostics: model.diagnostics)
            dispatcher.handle(BridgeActions.CompareRelease.self) { [model] query in
                try await model.compareRelease(query)
            }
            return WebViewBridge(
                dispatcher: dispatcher, navigation: WebScreenNavigationPolicy(router: model.router),
                route: route)
        }

        /// Sends the server's state to the page. Before the page's hello (loading, or a page
        /// without the module) the dispatcher refuses the event; the page asks on load instead.
        fileprivate func deliver(_ bridge: WebViewBridge) {
            let check = serverCheck
            Task { try? await bridge.send(BridgeEvents.ServerChecked.self, check) }
        }

        fileprivate func makeWebView(_ bridge: WebViewBridge) -> WKWebView {
            let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
            bridge.attach(to: webView)
            webView.load(URLRequest(url: url))
            return webView
        }
    }

    #if os(iOS)
        extension WebViewHost: UIViewRepresentable {
            func makeUIView(context: Context) -> WKWebView { makeWebView(context.coordinator) }
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
