import RastrilloNative
import SwiftUI

/// One manifest command as a button: its title, symbol, role and shortcut come from the
/// manifest; it is enabled only while the visible page offers it, and choosing it asks the
/// model (``NotesModel/request(_:)``), which makes the page submit its form or follow its link,
/// or asks for a confirmation first.
struct CommandButton: View {
    let state: CommandState
    let model: NotesModel
    var withShortcut = true

    var body: some View {
        Button(role: state.isDestructive ? .destructive : nil) {
            model.request(state.command)
        } label: {
            if let symbol = state.metadata.symbol {
                Label(LocalizedStringKey(state.metadata.titleKey), systemImage: symbol)
            } else {
                Text(LocalizedStringKey(state.metadata.titleKey))
            }
        }
        .disabled(!state.isEnabled)
        .keyboardShortcut(withShortcut ? state.metadata.shortcut?.swiftUI : nil)
    }
}
