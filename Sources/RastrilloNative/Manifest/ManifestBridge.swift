/// The bridge contract for web screens: actions the page sends and events native sends.
///
/// ```json
/// "bridge": {
///   "actions": {"saveNote": {"payload": "Note", "reply": "bool"}},
///   "events": {"noteChanged": {"payload": "Note"}}
/// }
/// ```
public struct ManifestBridge: Sendable, Hashable {
    /// An action the page may send, with its payload type and reply type.
    public struct Action: Sendable, Hashable {
        /// The action name (lowerCamel).
        public let name: String
        /// The payload's type.
        public let payload: ManifestType
        /// The reply's type.
        public let reply: ManifestType
    }

    /// An event native may send to the page.
    public struct Event: Sendable, Hashable {
        /// The event name (lowerCamel).
        public let name: String
        /// The payload's type.
        public let payload: ManifestType
    }

    /// Actions, in manifest order.
    public let actions: [Action]
    /// Events, in manifest order.
    public let events: [Event]

    /// An empty contract.
    public static let empty = ManifestBridge(actions: [], events: [])
}
