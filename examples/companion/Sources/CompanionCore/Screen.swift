import Foundation

/// What the sidebar selection or the stack's top shows: a manifest destination,
/// or an internal web page the manifest declares no destination for.
///
/// `Destination` is generated from `app-manifest.json` by RastrilloManifestPlugin.
enum Screen: Hashable, Codable, Sendable {
    /// A destination of the manifest (native or web presentation).
    case destination(Destination)
    /// An internal URL without a destination: shown in the web screen.
    case webPage(URL)

    /// Whether the screen is shown in the web screen (a web destination or a web page).
    var isWeb: Bool {
        switch self {
        case .destination(let destination): return destination.metadata.presentation == .web
        case .webPage: return true
        }
    }

    /// The URL the web screen loads; `nil` for a native destination.
    var webURL: URL? {
        switch self {
        case .destination(let destination): return isWeb ? destination.url : nil
        case .webPage(let url): return url
        }
    }
}
