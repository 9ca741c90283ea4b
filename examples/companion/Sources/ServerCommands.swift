import SwiftUI

/// The Server menu (Mac menu bar, iPad keyboard menu): Check Version, ⌘R.
struct ServerCommands: Commands {
    let model: CompanionModel

    var body: some Commands {
        CommandMenu("Server") {
            Button("Check Version") {
                Task { await model.refresh() }
            }
            .keyboardShortcut("r", modifiers: .command)
        }
    }
}
