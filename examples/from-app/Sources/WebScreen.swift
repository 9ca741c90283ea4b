#if canImport(WebKit)
    import RastrilloNative
    import SwiftUI
    import WebKit

    /// One screen's `WKWebView`, driven by RastrilloNative's `WebViewBridge` and the screen's
    /// `WebScreenModel`, which decide everything: what loads, the page's title, its dialogs,
    /// and every navigation it does not load in place, which goes to ``NotesModel/route(_:url:from:)``.
    ///
    /// The bridge injects the generated `page-actions.js` (a bundled resource of the app target,
    /// written by `rastrillo-native manifest build`; see project.yml) in a content world of its
    /// own, so the page's forms and links become the native commands. The page signs in with
    /// the web app's own cookie session, kept by WebKit's default website data store; native
    /// code never reads or sets it.
    struct WebScreen: View {
        let model: NotesModel
        let screen: NotesScreen
        @State private var promptText = ""

        var body: some View {
            WebViewHost(model: model, screen: screen)
                .onChange(of: screen.page.dialog?.id) {
                    if case .prompt(let defaultText) = screen.page.dialog?.kind { promptText = defaultText }
                }
                .alert(
                    Text(verbatim: screen.page.dialog?.origin ?? ""), isPresented: dialogShown,
                    presenting: screen.page.dialog
                ) { dialog in
                    dialogButtons(dialog)
                } message: { dialog in
                    Text(verbatim: dialog.message)
                }
        }

        /// Only the buttons answer; dismissing by other means is the Cancel button's role.
        private var dialogShown: Binding<Bool> {
            Binding(get: { screen.page.dialog != nil }, set: { _ in })
        }

        @ViewBuilder private func dialogButtons(_ dialog: WebPageDialog) -> some View {
            let page = screen.page
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

    /// The web views of the open screens, by screen id: SwiftUI may make a screen's view again
    /// (a split view collapsing, a sheet re-presented), and the screen keeps its one web view
    /// and bridge; a screen's web view is let go once the model closed the screen.
    @MainActor
    final class WebViews {
        static let shared = WebViews()
        private var views: [Int: (webView: WKWebView, bridge: WebViewBridge)] = [:]

        /// The generated page-actions script, bundled with the app.
        static let pageActionsScript: String? = Bundle.main.url(forResource: "page-actions", withExtension: "js")
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) }

        func webView(for screen: NotesScreen, model: NotesModel) -> WKWebView {
            if let kept = views[screen.id] { return kept.webView }
            let bridge = WebViewBridge(
                dispatcher: BridgeDispatcher(manifest: model.manifest, diagnostics: model.diagnostics),
                screen: screen.page, navigation: model.navigation, pageActionsScript: Self.pageActionsScript
            ) { [weak model, weak screen] action, url in
                guard let model, let screen else { return }
                model.route(action, url: url.absoluteString, from: screen)
            }
            let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
            bridge.attach(to: webView)
            views[screen.id] = (webView, bridge)
            return webView
        }

        /// The view of screen `id` went away: its web view goes too if the model closed it.
        func dismantled(_ id: Int, model: NotesModel) {
            guard model.screen(id) == nil, let kept = views.removeValue(forKey: id) else { return }
            kept.bridge.detach()
        }
    }

    /// Hosts a screen's `WKWebView`; translates, decides nothing.
    @MainActor
    struct WebViewHost {
        let model: NotesModel
        let screen: NotesScreen

        func makeCoordinator() -> Coordinator { Coordinator(id: screen.id, model: model) }

        /// What dismantling needs: the screen's id and the model.
        @MainActor
        final class Coordinator {
            let id: Int
            let model: NotesModel
            init(id: Int, model: NotesModel) {
                self.id = id
                self.model = model
            }
        }
    }

    #if os(iOS)
        extension WebViewHost: UIViewRepresentable {
            func makeUIView(context: Context) -> WKWebView {
                let webView = WebViews.shared.webView(for: screen, model: model)
                // Pull-to-refresh: the screen's runner reloads; the spinner stops when the page loaded.
                let refresh = UIRefreshControl()
                refresh.addAction(
                    UIAction { [page = screen.page, weak refresh] _ in
                        Task { @MainActor in
                            await page.reload()
                            refresh?.endRefreshing()
                        }
                    }, for: .valueChanged)
                webView.scrollView.refreshControl = refresh
                return webView
            }
            func updateUIView(_ webView: WKWebView, context: Context) {}
            static func dismantleUIView(_ webView: WKWebView, coordinator: Coordinator) {
                WebViews.shared.dismantled(coordinator.id, model: coordinator.model)
            }
        }
    #elseif os(macOS)
        extension WebViewHost: NSViewRepresentable {
            func makeNSView(context: Context) -> WKWebView { WebViews.shared.webView(for: screen, model: model) }
            func updateNSView(_ webView: WKWebView, context: Context) {}
            static func dismantleNSView(_ webView: WKWebView, coordinator: Coordinator) {
                WebViews.shared.dismantled(coordinator.id, model: coordinator.model)
            }
        }
    #endif
#endif
