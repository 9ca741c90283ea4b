/// The shared app manifest: destinations, commands, capabilities, link intent
/// and the bridge contract, from which native and web presentations are compiled.
///
/// Read one with ``AppManifest/decode(_:source:)-(Collection<UInt8>,_)``, which refuses unknown keys
/// and runs the full validation; every problem is reported with its JSON
/// pointer and line:column.
///
/// ```swift
/// let manifest = try AppManifest.decode(bytes, source: "app-manifest.json")
/// let router = LinkRouter(manifest: manifest)
/// ```
public struct AppManifest: Sendable, Hashable {
    /// The schema versions this library reads.
    public static let supportedSchemaVersions: ClosedRange<Int> = 1...1

    /// The app: its name and the app IDs universal links are associated with.
    public struct App: Sendable, Hashable {
        /// A display name, for people.
        public let name: String
        /// Team-prefixed app IDs (`ABCDE12345.com.example.app`) for the AASA file.
        public let appIDs: [String]
    }

    /// What to do with links that are not internal.
    public struct LinkPolicy: Sendable, Hashable {
        /// What an http(s) URL outside the internal origins does.
        public let foreignWeb: ForeignWeb
        /// Extra lowercase schemes handed to the system (`mailto`, `tel`); all others are refused.
        public let externalSchemes: [String]

        /// Foreign http(s) URLs open in the system browser or an in-app browser.
        public enum ForeignWeb: String, Sendable, Hashable, CaseIterable {
            /// The system browser.
            case externalBrowser
            /// An in-app browser sheet.
            case inAppBrowser
        }

        /// Foreign web links open externally; no extra schemes.
        public static let standard = LinkPolicy(foreignWeb: .externalBrowser, externalSchemes: [])
    }

    /// The manifest's `schemaVersion`.
    public let schemaVersion: Int
    /// The app.
    public let app: App
    /// Internal origins (each with aliases).
    public let origins: [ManifestOriginGroup]
    /// Policy for non-internal links.
    public let links: LinkPolicy
    /// Declared capabilities.
    public let capabilities: [ManifestCapability]
    /// Declared named types.
    public let types: [ManifestNamedType]
    /// Destinations, in manifest order.
    public let destinations: [ManifestDestination]
    /// Commands, in manifest order.
    public let commands: [ManifestCommand]
    /// The bridge contract.
    public let bridge: ManifestBridge
    /// How the web app signs people in, if it does (``ManifestSession``).
    public let session: ManifestSession?

    /// Every internal origin: primaries and aliases.
    public var internalOrigins: [ManifestOrigin] { origins.flatMap { [$0.primary] + $0.aliases } }

    /// The named type called `name`, if declared.
    public func namedType(_ name: String) -> ManifestNamedType? { types.first { $0.name == name } }
}
