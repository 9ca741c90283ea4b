import RastrilloNative
import SwiftUI

/// One manifest command as a button: title, symbol, role and (optionally) shortcut
/// come from its ``CommandControl``; the model runs it on the screen on top of `window` (the
/// main window when `nil`) and the button does what is left: copy to the pasteboard. Remove
/// Server's confirmation is the window's ``RemovalConfirmation``.
struct CommandButton: View {
    let control: CommandControl
    let model: CompanionModel
    var window: WindowStack?
    var withShortcut = true

    var body: some View {
        Button(role: control.isDestructive ? .destructive : nil) {
            Task {
                if case .copy(let text) = await model.perform(control.command, in: window) {
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
