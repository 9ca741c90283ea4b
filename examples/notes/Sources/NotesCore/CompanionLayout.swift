/// What the companion shows first and lists in its sidebar, and the title of the menu that holds
/// its page commands: the three choices about the app's shape that the manifest does not make.
///
/// `rastrillo-native companion new --from-app` writes this file whole for a companion derived
/// from a Rastrillo app (its list destinations, in `gen/manifest.json` order); every other file
/// reads it through ``NotesModel``, so a companion for another app differs from this example only
/// here, in its `app-manifest.json`, its String Catalog and its `page-actions.js`.
enum CompanionLayout {
    /// The destination the app starts with, and the one sign-out returns to: Bookmarks.
    static let start = Destination.bookmarks

    /// The sidebar's destinations: Bookmarks. The others take params (a bookmark, its edit and
    /// delete pages), are forms reached from a page or a command (New Bookmark), are sign-in
    /// (shown as a sheet when the server asks), or redirect to Bookmarks (Home).
    static let sidebarDestinations: [Destination] = [.bookmarks]

    /// The String Catalog key of the menu bar's menu of page commands (``MenuSection/pageCommands``):
    /// the Bookmark menu.
    static let pageCommandsMenuTitleKey = "menu.bookmark"
}
