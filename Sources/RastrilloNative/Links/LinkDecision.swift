/// A destination matched by a URL, with its typed params.
public struct LinkMatch: Sendable, Hashable {
    /// The destination's id.
    public let destination: String
    /// Params by name: path wildcards and present query params.
    public let params: LinkParams

    /// Creates a match (the router makes these; tests and generated code compare against them).
    public init(destination: String, params: LinkParams) {
        self.destination = destination
        self.params = params
    }
}

/// What to do with a URL.
///
/// ```swift
/// switch router.decide("https://app.example.com/notes/42") {
/// case .native(let match): navigate(to: match)
/// case .web: showWebScreen()
/// case .inAppBrowser: presentSafariSheet()
/// case .external: openInBrowser()
/// case .refused(let reason): log(reason)
/// }
/// ```
public enum LinkDecision: Sendable, Hashable {
    /// Show the native screen of a destination.
    case native(LinkMatch)
    /// Show the URL in the app's web screen (`match` set when a web destination matched).
    case web(LinkMatch?)
    /// Open in an in-app browser sheet.
    case inAppBrowser(LinkMatch?)
    /// Hand to the system (browser or the app owning the scheme).
    case external(LinkMatch?)
    /// Do nothing, for this reason.
    case refused(LinkRefusal)

    /// `native`, `web`, `in-app-browser`, `external` or `refused`, as the `route` command prints it.
    public var name: String {
        switch self {
        case .native: return "native"
        case .web: return "web"
        case .inAppBrowser: return "in-app-browser"
        case .external: return "external"
        case .refused: return "refused"
        }
    }

    /// The matched destination, if any.
    public var match: LinkMatch? {
        switch self {
        case .native(let match): return match
        case .web(let match), .inAppBrowser(let match), .external(let match): return match
        case .refused: return nil
        }
    }

    /// Whether the URL is internal (native or web screen).
    public var isInternal: Bool {
        switch self {
        case .native, .web: return true
        default: return false
        }
    }
}
