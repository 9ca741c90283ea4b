/// A keymail authorize URL the sign-in screen may open outside the web view, with what the
/// callback must match: the typed effect of the one off-origin navigation the core allows.
///
/// Only ``AuthSignInRules/keymailAuthorization(_:from:)`` makes one, and only for a URL that
/// passes Rastrillo's own authorize-URL rule (`validAuthorizeURL`).
public struct KeymailAuthorization: Sendable, Hashable {
    /// The authorize URL exactly as the page navigated to it.
    public let url: String
    /// The keymail server: its host, with `:port` when the port is not 443.
    public let server: String
    /// The app's origin the page is on; the authorize URL's `client_id`.
    public let origin: ManifestOrigin
    /// The host the callback must come back to (`.https(host:path:)`): the origin's host.
    public var callbackHost: String { origin.host }
    /// The callback path (`/auth/callback`).
    public let callbackPath: String
    /// The authorize URL's `state`; the callback must carry the same.
    public let state: String
    /// Whether to ask for an ephemeral browser session (the manifest's `ephemeralSession`).
    public let prefersEphemeralSession: Bool

    /// Creates an authorization; ``AuthSignInRules/keymailAuthorization(_:from:)`` is the way to
    /// get a checked one.
    public init(
        url: String, server: String, origin: ManifestOrigin, callbackPath: String, state: String,
        prefersEphemeralSession: Bool
    ) {
        self.url = url
        self.server = server
        self.origin = origin
        self.callbackPath = callbackPath
        self.state = state
        self.prefersEphemeralSession = prefersEphemeralSession
    }
}

/// Why an off-origin navigation of the sign-in screen is not a keymail authorize URL (it stays
/// refused, as every other off-origin navigation).
public enum KeymailRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The manifest's session is not of kind `auth`, or lists no keymail server (`[]`).
    case keymailOff
    /// The navigation did not come from the app's sign-in page.
    case notFromSignInPage
    /// The sign-in page is not on an https origin of the app (keymail's callback is https).
    case appOriginNotHTTPS
    /// The URL does not read strictly (userinfo, escapes in the host, whitespace …); names what
    /// the strict reader refused.
    case unreadable(LinkRefusal)
    /// The URL is not https.
    case notHTTPS
    /// The URL has a fragment.
    case fragment
    /// The path is not exactly `/oauth/authorize`.
    case path
    /// A parameter is not one of the allowed ones, appears twice, is empty, or the query does not
    /// decode; names the parameter (or the piece of the query).
    case parameter(String)
    /// A required parameter is missing.
    case missing(String)
    /// A parameter has a value the rule does not accept; names it.
    case value(String)
    /// The server is not in the manifest's `keymailServers`.
    case serverNotListed(String)

    /// One line for diagnostics.
    public var description: String {
        switch self {
        case .keymailOff: return "keymail is off for this app (session kind, or keymailServers is empty)"
        case .notFromSignInPage: return "not navigated from the app's sign-in page"
        case .appOriginNotHTTPS: return "the sign-in page is not on an https origin of the app"
        case .unreadable(let reason): return "the URL does not read strictly: \(reason)"
        case .notHTTPS: return "not https"
        case .fragment: return "the URL has a fragment"
        case .path: return "the path is not /oauth/authorize"
        case .parameter(let name): return "parameter '\(name)' is not allowed, repeated, empty or malformed"
        case .missing(let name): return "parameter '\(name)' is missing"
        case .value(let name): return "parameter '\(name)' has a value the rule refuses"
        case .serverNotListed(let server): return "keymail server '\(server)' is not in keymailServers"
        }
    }
}

/// Why a callback URL that came back from the authentication session is not loaded.
public enum KeymailCallbackRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL does not read strictly.
    case unreadable
    /// Not `https` on the origin the attempt started from.
    case origin
    /// Not the callback path.
    case path
    /// A fragment.
    case fragment
    /// No `state`, two of them, or another value than the started URL's.
    case state

    /// One line for diagnostics.
    public var description: String {
        switch self {
        case .unreadable: return "the callback URL does not read strictly"
        case .origin: return "the callback is not on the origin the sign-in started from"
        case .path: return "the callback's path is not the callback path"
        case .fragment: return "the callback has a fragment"
        case .state: return "the callback's state is not the started URL's"
        }
    }
}

/// Why a pasted sign-in link is not opened.
public enum PastedSignInLinkRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The app's session is not of kind `auth`.
    case noMagicLinks
    /// The text is not one strict URL.
    case notALink
    /// The link is not on one of the app's https origins.
    case otherOrigin
    /// The path is not the magic-link path.
    case otherPath
    /// The query is not exactly one `token` of URL-safe characters, or there is a fragment.
    case token

    /// One line for the person (what to paste instead).
    public var description: String {
        switch self {
        case .noMagicLinks: return "this app does not sign in with emailed links"
        case .notALink: return "the text is not a link; copy the whole sign-in link from the email"
        case .otherOrigin: return "the link is not for this app's site"
        case .otherPath: return "the link is not a sign-in link"
        case .token: return "the sign-in link is incomplete; copy the whole link from the email"
        }
    }
}
