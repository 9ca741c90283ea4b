import SwiftUI

/// The Server menu (Mac menu bar, iPad keyboard menu): the manifest's commands
/// placed in `menu` at the current selection, with their shortcuts (⇧⌘R, ⌘R on web screens …).
struct ServerCommands: Commands {
    let model: CompanionModel

    var body: some Commands {
        CommandMenu("Server") {
            ForEach(model.controls(for: .menu), id: \.self) { control in
                CommandButton(control: control, model: model)
            }
        }
    }
}
