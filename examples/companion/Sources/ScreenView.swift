import SwiftUI

/// The view for a screen: one view per ``ScreenContent``, which ``CompanionModel/content(of:)``
/// decides for every destination of the manifest (tested in `ManifestWalkTests`).
struct ScreenView: View {
    @Bindable var model: CompanionModel
    let screen: Screen
    /// The window's own stack when the screen is in a destination's window; `nil` in the main one.
    var window: WindowStack?

    var body: some View {
        switch model.content(of: screen) {
        case .serverList:
            ServerListView(model: model, window: window)
        case .serverDetail(let server):
            ServerDetailView(model: model, server: server, window: window)
        case .serverNotFound:
            ServerNotFoundView(model: model, window: window)
        case .addServer:
            AddServerView(model: model, window: window)
        case .web(let url):
            // A new URL gets a new web view (and a fresh page state for the bridge and the screen).
            WebScreen(screen: screen, url: url, model: model, window: window).id(url)
        case .browser(let url):
            OpenInBrowserView(screen: screen, url: url)
        case .nothingToShow(let reason):
            ContentUnavailableView(
                "Nothing to show", systemImage: "questionmark.square.dashed", description: Text(verbatim: reason))
        }
    }
}
