import Foundation

/// What a screen shows, decided by ``CompanionModel/content(of:)`` for every ``Screen``; the
/// SwiftUI `ScreenView` has one view per case and decides nothing.
///
/// ``nothingToShow(_:)`` is the fallback, and it is observable: the manifest walk
/// (`ManifestWalkTests`) resolves every destination of the manifest and fails on it, and on
/// two destinations sharing one screen.
enum ScreenContent: Hashable, Sendable {
    /// `servers`: the list of servers, each with its status.
    case serverList
    /// `server`: one server's screen (status, version, address, copy, remove).
    case serverDetail(SavedServer)
    /// `server` for an id not in the list (a link to a removed server): says so, and offers
    /// the list and Add Server.
    case serverNotFound(UUID)
    /// `addServer`: the form with the address field.
    case addServer
    /// A web destination or an internal page without one: the web screen loads this URL.
    case web(URL)
    /// A destination the manifest sends to the system browser (`externalBrowser`): a screen with
    /// a button that opens this URL there. The app does not select one (its links open the
    /// browser, the sidebar leaves it out, it opens no window); a selection that holds one anyway
    /// shows this.
    case browser(URL)
    /// The fallback: no screen handles this, for this reason.
    case nothingToShow(String)

    /// Whether this is the fallback.
    var isFallback: Bool {
        if case .nothingToShow = self { return true }
        return false
    }
}

extension CompanionModel {
    /// What `screen` shows. A web destination is the web screen with its URL, an
    /// `externalBrowser` one the browser screen; each native destination has its own screen.
    /// A native destination the app has no native screen for (one whose manifest presentation
    /// was changed to native) is ``ScreenContent/nothingToShow(_:)``.
    func content(of screen: Screen) -> ScreenContent {
        let destination: Destination
        switch screen {
        case .webPage(let url): return .web(url)
        case .destination(let selected): destination = selected
        }
        let metadata = destination.metadata
        guard metadata.presentation == .native || metadata.link == .externalBrowser else {
            guard let url = destination.url else {
                return .nothingToShow("\(destination.id): its params give no URL to load")
            }
            return .web(url)
        }
        if metadata.link == .externalBrowser {
            guard let url = destination.url else {
                return .nothingToShow("\(destination.id): its params give no URL to open")
            }
            return .browser(url)
        }
        // Every destination is named here, so a new one in the manifest does not compile until
        // it is handled; only a native presentation the app has no native screen for falls back.
        switch destination {
        case .servers: return .serverList
        case .server(let id): return server(id).map(ScreenContent.serverDetail) ?? .serverNotFound(id)
        case .addServer: return .addServer
        case .releaseNotes, .docs, .account:
            return .nothingToShow(
                "\(destination.id) is native in the manifest, but the app has no native screen for it")
        }
    }
}
