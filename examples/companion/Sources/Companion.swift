import OSLog
import RastrilloNative
import SwiftUI

/// The companion app: the main window with the server and its version, a Server menu whose
/// Check Version command (⇧⌘R) refreshes through the model's one runner, and — on the Mac and
/// iPad — one more window per destination opened with "Open in New Window".
@main
struct CompanionApp: App {
    @State private var model = CompanionModel(diagnostics: Self.diagnostics)

    /// Refused links and web-screen messages go to the unified log (their text stays private
    /// in release logs, as URLs may carry personal data).
    private static let diagnostics: RefusalDiagnostics = {
        let logger = Logger(subsystem: "Companion", category: "refusals")
        return RefusalDiagnostics { event in logger.warning("\(event.description)") }
    }()

    var body: some Scene {
        WindowGroup {
            ContentView(model: model)
        }
        .commands {
            ServerCommands(model: model)
            OpenWindowCommands(model: model)
        }

        // A destination in its own window: `openWindow(value: destination)` opens it, and SwiftUI
        // keeps the value (the generated `Destination` is Codable) to restore the window. Its own
        // File ▸ New command is removed: such a window only opens for a destination.
        WindowGroup(for: Destination.self) { $destination in
            DestinationWindow(model: model, destination: destination)
        }
        .commandsRemoved()
    }
}
