import SwiftUI

/// The page commands in the menu bar (Mac, iPad keyboard menu), as ``NotesModel/menuSection(of:)``
/// places them: New Bookmark (⌘N) in place of File ▸ New Window, Edit, Publish, Unpublish and
/// Delete in the menu titled ``NotesModel/pageCommandsMenuTitleKey`` (Bookmark), Sign Out in the
/// app menu. Each is enabled only while the visible page offers it.
struct NotesCommands: Commands {
    let model: NotesModel

    var body: some Commands {
        CommandGroup(replacing: .newItem) {
            buttons(.newItem)
        }
        CommandMenu(LocalizedStringKey(NotesModel.pageCommandsMenuTitleKey)) {
            buttons(.pageCommands)
        }
        CommandGroup(before: .appTermination) {
            buttons(.app)
        }
    }

    private func buttons(_ section: MenuSection) -> some View {
        ForEach(model.menuCommands(in: section), id: \.command) { state in
            CommandButton(state: state, model: model)
        }
    }
}
