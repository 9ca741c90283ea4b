import Foundation

/// What the view does with a link, as decided by ``CompanionModel/open(_:)``.
///
/// The model has already updated its selection (or, from a web screen, its stack) for
/// `navigate` and `showWeb`;
/// the view performs `openExternally` with `openURL` and shows the message of
/// `refused`.
enum LinkOutcome: Hashable, Sendable {
    /// A native destination: the model selected it.
    case navigate(Destination)
    /// A web screen inside native navigation: the model selected it.
    case showWeb(Screen)
    /// Not for the app: hand the URL to the system (`openURL`). `inAppBrowser` is
    /// true when the manifest asks for an in-app browser sheet; the companion has
    /// none yet, so the view opens the system browser either way.
    case openExternally(URL, inAppBrowser: Bool)
    /// Do nothing; show this message (the router's reason, with the URL).
    case refused(String)
    /// Nothing changes: the web screen loads it in place.
    case stay
}
