import RastrilloNative
import SwiftUI

/// One manifest command as a button: title, symbol, role and (optionally) shortcut
/// come from its ``CommandControl``; the model runs it.
struct CommandButton: View {
    let control: CommandControl
    let model: CompanionModel
    var withShortcut = true

    var body: some View {
        Button(role: control.isDestructive ? .destructive : nil) {
            Task {
                if case .copy(let text) = await model.perform(control.command) {
                    Clipboard.copy(text)
                }
            }
        } label: {
            if let symbol = control.symbol {
                Label(LocalizedStringKey(control.titleKey), systemImage: symbol)
            } else {
                Text(LocalizedStringKey(control.titleKey))
            }
        }
        .disabled(control.command == .checkVersion && model.refresher.isRunning)
        .keyboardShortcut(withShortcut ? control.shortcut?.swiftUI : nil)
    }
}
