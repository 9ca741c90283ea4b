/// What the companion shows first and lists in its sidebar, and the title of the menu that holds
/// its page commands: the three choices about the app's shape that the manifest does not make.
///
/// Written by `rastrillo-native companion new --from-app` from the Rastrillo app's list
/// destinations, in `gen/manifest.json` order (README.md); every other file reads it through
/// ``NotesModel``. Edit it to open on another screen or list others in the sidebar.
enum CompanionLayout {
    /// The destination the app starts with, and the one sign-out returns to: the first list.
    static let start = Destination.bookmarks(q: nil, page: nil)

    /// The sidebar's destinations: the app's lists, in `gen/manifest.json` order.
    static let sidebarDestinations: [Destination] = [.bookmarks(q: nil, page: nil)]

    /// The String Catalog key of the menu bar's menu of page commands (``MenuSection/pageCommands``).
    static let pageCommandsMenuTitleKey = "resource.bookmarks.name"
}
