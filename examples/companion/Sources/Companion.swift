import SwiftUI

/// The companion app: one window with the server and its version, and a
/// Server menu whose Check Version command (⌘R) refreshes through the model's
/// one runner.
@main
struct CompanionApp: App {
    @State private var model = CompanionModel()

    var body: some Scene {
        WindowGroup {
            ContentView(model: model)
        }
        .commands {
            ServerCommands(model: model)
        }
    }
}
