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
        if state.isChoice {
            // A command of choices (the locale switch): a submenu with one item per offer.
            Menu {
                ForEach(state.choices, id: \.self) { offer in
                    Button(model.choiceTitle(offer)) { model.request(state.command, choice: offer.params) }
                }
            } label: {
                title
            }
            .disabled(!state.isEnabled)
        } else {
            Button(role: state.isDestructive ? .destructive : nil) {
                model.request(state.command)
            } label: {
                title
            }
            .disabled(!state.isEnabled)
            .keyboardShortcut(withShortcut ? state.metadata.shortcut?.swiftUI : nil)
        }
    }

    @ViewBuilder private var title: some View {
        if let symbol = state.metadata.symbol {
            Label(LocalizedStringKey(state.metadata.titleKey), systemImage: symbol)
        } else {
            Text(LocalizedStringKey(state.metadata.titleKey))
        }
    }
}
