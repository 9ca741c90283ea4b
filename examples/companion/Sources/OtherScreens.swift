import SwiftUI

/// A server screen for an id that is not in the list (a link to a removed server, a restored
/// window): says so, and offers Add Server.
struct ServerNotFoundView: View {
    let model: CompanionModel
    var window: WindowStack?

    var body: some View {
        ContentUnavailableView {
            Label("Server not in your list", systemImage: "questionmark.folder")
        } description: {
            Text("It was removed, or the link comes from another device. Add it again to check it.")
        } actions: {
            CommandButton(control: CommandControl(.addServerCommand), model: model, window: window, withShortcut: false)
        }
    }
}

/// A destination the manifest sends to the system browser, shown in a window anyway: a button
/// that opens it there.
struct OpenInBrowserView: View {
    let screen: Screen
    let url: URL
    @Environment(\.openURL) private var openURL

    var body: some View {
        ContentUnavailableView {
            Label(LocalizedStringKey(CompanionModel.titleKey(of: screen)), systemImage: "safari")
        } description: {
            Text("This page opens in your browser.")
        } actions: {
            Button("Open in Browser") { openURL(url) }
                .buttonStyle(.borderedProminent)
        }
    }
}

/// Asks to confirm Remove Server in the window it was asked in (``RemovalRequest``); only the
/// buttons answer: Remove removes the server (``CompanionModel/confirmRemoval()``), Cancel keeps it.
struct RemovalConfirmation: ViewModifier {
    let model: CompanionModel
    /// The destination window this is attached to; `nil` for the main window.
    let window: WindowStack?

    func body(content: Content) -> some View {
        content.confirmationDialog(
            "Remove Server?",
            isPresented: Binding(get: { model.removalRequest?.isAsked(in: window) == true }, set: { _ in }),
            titleVisibility: .visible,
            presenting: model.removalRequest
        ) { _ in
            Button("command.removeServer", role: .destructive) { model.confirmRemoval() }
            Button("Cancel", role: .cancel) { model.cancelRemoval() }
        } message: { request in
            Text("\(request.server.copyText) and its status are removed from this device. The server is not changed.")
        }
    }
}
