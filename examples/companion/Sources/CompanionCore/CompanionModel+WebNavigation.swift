import Foundation
import RastrilloNative

extension CompanionModel {
    /// The navigation stack on iPhone: the selection, then the pushed screens. Setting it (the
    /// back button, swipe-back) keeps the first element as the selection and the rest as pushed.
    var stackPath: [Screen] {
        get { (selection.map { [$0] } ?? []) + pushed }
        set {
            let rest = Array(newValue.dropFirst())
            selection = newValue.first
            pushed = rest
        }
    }

    /// A navigation the web screen did not load in place, as RastrilloNative's
    /// `WebScreenNavigation` decided it: another destination or page is pushed on the native
    /// stack, the same web destination with new params replaces the top screen, and links out
    /// and refusals have the outcomes of ``open(_:)``.
    ///
    /// The stack is the one of the window the web screen is in: `window`, for a destination shown
    /// in a window of its own, or the main window's (``selection`` and ``pushed``) when `nil`.
    @discardableResult
    func followFromWebScreen(_ url: URL, action: WebScreenNavigation.Action, in window: WindowStack? = nil)
        -> LinkOutcome
    {
        switch action {
        case .load:
            return .stay
        case .signIn, .signInEnded, .signedOut, .authenticate:
            // The companion's manifest declares no session, so its web screens never ask for these.
            return .stay
        case .leave(let decision):
            return followFromWebScreen(url, decision: decision)
        case .push(let decision), .replace(let decision), .submitted(let decision):
            let outcome = Self.outcome(of: url, decision: decision)
            let screen: Screen
            switch outcome {
            case .navigate(let destination): screen = .destination(destination)
            case .showWeb(let web): screen = web
            default: return followFromWebScreen(url, decision: decision)
            }
            linkProblem = nil
            let push = if case .push = action { true } else { false }
            if let window {
                window.show(screen, push: push)
            } else if push {
                pushed.append(screen)
            } else if pushed.isEmpty {
                selection = screen
            } else {
                pushed[pushed.count - 1] = screen
            }
            return outcome
        }
    }

    /// The localization key of `screen`'s title: its destination's title key, or
    /// `screen.webPage` for an internal page without a destination. A web screen shows the
    /// page's own title once it has one (`WebScreenModel.navigationTitle(fallback:)`).
    static func titleKey(of screen: Screen) -> String {
        switch screen {
        case .destination(let destination): return destination.metadata.titleKey
        case .webPage: return "screen.webPage"
        }
    }

    /// A web screen's view appeared: the Reload Page command now reloads it.
    func webScreenAppeared(_ screen: WebScreenModel) {
        visibleWebScreen = screen
    }

    /// A web screen's view disappeared; another screen that appeared since keeps its place.
    func webScreenDisappeared(_ screen: WebScreenModel) {
        if visibleWebScreen === screen { visibleWebScreen = nil }
    }
}
