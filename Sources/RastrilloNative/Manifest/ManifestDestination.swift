/// A place in the app: a stable id, a ServeMux path pattern, typed params, a
/// presentation and a link intent.
///
/// ```json
/// {"id": "note", "pattern": "/notes/{id}", "params": {"id": "uuid"},
///  "presentation": "native", "titleKey": "destination.note",
///  "capabilities": ["notes.read"], "link": "universalLink"}
/// ```
public struct ManifestDestination: Sendable, Hashable {
    /// How the destination is shown inside the app.
    public enum Presentation: String, Sendable, Hashable, CaseIterable {
        /// A native screen.
        case native
        /// A web screen (a web view inside native navigation).
        case web
    }

    /// What a link to the destination does.
    public enum LinkIntent: String, Sendable, Hashable, CaseIterable {
        /// Opens in the app when followed inside the app.
        case inApp
        /// Opens in the app, also from outside it (listed in the AASA file).
        case universalLink
        /// Always opens in the system browser.
        case externalBrowser
        /// Opens in an in-app browser sheet.
        case inAppBrowser
    }

    /// A typed parameter: a path wildcard or a query item.
    public struct Param: Sendable, Hashable {
        /// The wildcard or query item name.
        public let name: String
        /// Its type. Path params are scalar (or a string enum); query params may also be optional.
        public let type: ManifestType
        /// Whether the value comes from the path (`true`) or the query string.
        public let inPath: Bool
    }

    /// The stable id (lowerCamel), used as the Swift enum case and in JS and Go.
    public let id: String
    /// The path pattern.
    public let pattern: PathPattern
    /// Path params in pattern order, then query params in manifest order.
    public let params: [Param]
    /// Native screen or web screen.
    public let presentation: Presentation
    /// The localizable title key.
    public let titleKey: String
    /// Capabilities the destination requires.
    public let capabilities: [String]
    /// What a link to it does.
    public let link: LinkIntent
}
