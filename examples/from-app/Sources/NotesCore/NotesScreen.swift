import RastrilloNative

/// One web screen the app shows: on the main stack, or the sign-in sheet above it.
///
/// Its ``id`` is assigned by the model (1, 2, …) and never reused, so the views and the browser
/// harness can name it; its ``page`` is the screen's own ``WebScreenModel``, created with the
/// app's ``PageCommands`` and the screen's role.
@MainActor
final class NotesScreen: Identifiable {
    /// The screen's number, unique for the model's lifetime.
    let id: Int
    /// What the screen was opened for.
    let screen: Screen
    /// The screen's web page: loading, failures, reloads, navigation decisions, page commands.
    let page: WebScreenModel

    /// A screen numbered `id` showing `screen` at `url` in `role`.
    init(id: Int, screen: Screen, url: String, role: WebScreenNavigation.Role, commands: PageCommands) {
        self.id = id
        self.screen = screen
        self.page = WebScreenModel(url: url, role: role, pageCommands: commands)
    }

    /// The screen's role: an ordinary screen, or the sign-in screen.
    var role: WebScreenNavigation.Role { page.role }

    /// The URL of the page the screen shows now (the last commit, or the URL it opened with).
    var url: String { page.machine.url }

    /// The navigation title: the page's `<title>`, or `fallback` (the localized
    /// ``Screen/titleKey``) while it has none.
    func title(fallback: String) -> String { page.navigationTitle(fallback: fallback) }
}
