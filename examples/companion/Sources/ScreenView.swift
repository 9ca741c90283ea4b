import SwiftUI

/// The screen for a selection: native views for native destinations, the web
/// screen for web destinations and undeclared internal pages.
struct ScreenView: View {
    @Bindable var model: CompanionModel
    let screen: Screen
    /// The window's own stack when the screen is in a destination's window; `nil` in the main one.
    var window: WindowStack?

    var body: some View {
        switch screen {
        case .destination(.server):
            ServerDetailView(model: model)
        case .destination(let destination) where destination.metadata.presentation == .native:
            ServerListView(model: model)
        default:
            if let url = screen.webURL {
                // A new URL gets a new web view (and a fresh page state for the bridge and the screen).
                WebScreen(screen: screen, url: url, model: model, window: window).id(url)
            } else {
                ContentUnavailableView("Nothing to show", systemImage: "questionmark.square.dashed")
            }
        }
    }
}
