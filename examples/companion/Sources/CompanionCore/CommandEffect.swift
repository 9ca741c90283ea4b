import Foundation

/// What ``CompanionModel/perform(_:in:)`` did with a command, and what is left for the view.
///
/// ``nothing(_:)`` is the fallback, and it is observable: the manifest walk
/// (`ManifestWalkTests`) performs every command wherever the app offers it and fails on it.
enum CommandEffect: Hashable, Sendable {
    /// Check Version: these servers were checked (their statuses are updated).
    case checked([UUID])
    /// Reload Page: the visible web screen reloaded, and its page has loaded.
    case reloaded
    /// Add Server: the model shows this screen (the add-server form).
    case showed(Screen)
    /// Copy Address: the view copies this text to the pasteboard (the view owns the pasteboard).
    case copy(String)
    /// Remove Server: the model asks to confirm removing this server
    /// (``CompanionModel/removalRequest``); nothing is removed until ``CompanionModel/confirmRemoval()``.
    case confirmRemoval(SavedServer)
    /// The fallback: nothing happened, for this reason.
    case nothing(String)

    /// Whether this is the fallback.
    var isFallback: Bool {
        if case .nothing = self { return true }
        return false
    }
}
