import OSLog
import RastrilloNative
import SwiftUI

/// The notes companion: the web app's pages as native screens in a sidebar and a navigation
/// stack, the sign-in page as a sheet, and the pages' own actions as native commands in the
/// menu bar (⌘N New Bookmark, ⌘E Edit, ⇧⌘P Publish, ⇧⌘U Unpublish, Delete; Sign Out in the
/// app menu), the toolbar and the action menu. Every decision is ``NotesModel``'s.
@main
struct NotesApp: App {
    @State private var model = NotesModel(diagnostics: Self.diagnostics)

    /// Refused links and page-action reports go to the unified log (their text stays private in
    /// release logs, as URLs may carry personal data).
    private static let diagnostics: RefusalDiagnostics = {
        let logger = Logger(subsystem: "Notes", category: "refusals")
        return RefusalDiagnostics { event in logger.warning("\(event.description)") }
    }()

    var body: some Scene {
        WindowGroup {
            ContentView(model: model)
        }
        .commands {
            NotesCommands(model: model)
        }
    }
}
