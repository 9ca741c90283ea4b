import Observation

/// The navigation stack of a window that shows one destination of its own (Mac, iPad: Open in
/// New Window): its root screen and the screens its web screens pushed on it.
///
/// A navigation a web screen in that window does not load in place lands here
/// (``CompanionModel/followFromWebScreen(_:action:in:)``), never in the main window's stack:
/// back and the window's history follow it in the window where it happened.
@MainActor
@Observable
final class WindowStack {
    /// The screen the window opened with, or the one a replacement put in its place.
    private(set) var root: Screen
    /// The screens pushed on top of ``root``; the window's `NavigationStack` path.
    var pushed: [Screen] = []

    /// The screen on top: the last pushed one, else the root.
    var top: Screen { pushed.last ?? root }

    /// A window showing `root`, nothing pushed.
    init(root: Screen) { self.root = root }

    /// Shows `screen` on top (`push`), or in place of the top screen: the last pushed one, or the
    /// root when nothing is pushed.
    func show(_ screen: Screen, push: Bool) {
        if push {
            pushed.append(screen)
        } else if pushed.isEmpty {
            root = screen
        } else {
            pushed[pushed.count - 1] = screen
        }
    }
}
