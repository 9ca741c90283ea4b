/// What native knows about the document currently in the web view.
///
/// The page becomes ``ready(_:)`` when its hello arrives from a trusted frame, and goes back to
/// ``notReady`` when the adapter reports a main-frame navigation
/// (``BridgeDispatcher/documentDidChange()``). Native sends events only to a ready page, and only
/// the events that page said it listens to.
public enum BridgePageState: Sendable, Hashable {
    /// No hello from the current document yet.
    case notReady
    /// The current document said hello.
    case ready(Page)

    /// A document that completed the handshake.
    public struct Page: Sendable, Hashable {
        /// The internal origin it was served from.
        public let origin: ManifestOrigin
        /// The protocol version agreed on.
        public let version: Int
        /// Actions the page may send.
        public let actions: Set<String>
        /// Events the page listens to.
        public let events: Set<String>
    }
}

/// Why native could not send an event to the page.
public enum BridgeEventRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// No hello from the current document (still loading, navigated away, or not a bridge page).
    case pageNotReady(event: String)
    /// The event is not declared in the manifest's `bridge.events`.
    case notDeclared(event: String)
    /// The page did not list the event in its hello.
    case pageDoesNotListen(event: String)
    /// The payload could not be encoded.
    case notEncodable(event: String, BridgeEncodingError)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .pageNotReady(let event):
            return "event \(event) not sent: the page has not said hello since its last navigation"
        case .notDeclared(let event): return "event \(event) is not declared in the manifest's bridge.events"
        case .pageDoesNotListen(let event): return "event \(event) not sent: the page does not listen to it"
        case .notEncodable(let event, let error): return "event \(event): \(error)"
        }
    }
}
