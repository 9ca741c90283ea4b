/// How the web app signs people in, so web screens can show sign-in above the screen that needed
/// it and return to the start after sign-out.
///
/// ```json
/// "session": {"signIn": "signIn", "signOut": "signOut"}
/// ```
///
/// A Rastrillo app on the family-default `auth` (an emailed magic link, or keymail for claimed
/// inboxes, with passkeys and TOTP as second factors) says so with `"kind": "auth"`; its paths
/// default to Rastrillo's own:
///
/// ```json
/// "session": {"kind": "auth", "signIn": "signIn", "signOut": "signOut",
///             "auth": {"keymailServers": ["keymail.example.com"], "ephemeralSession": false}}
/// ```
public struct ManifestSession: Sendable, Hashable {
    /// Which sign-in the web app uses.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A password form on the sign-in page (`POST /signin` → 303 `return_to`).
        case password
        /// Rastrillo's `auth`: magic links, keymail (OAuth with PKCE on another origin), second
        /// factors on the app's confirm page (``ManifestAuthSignIn``).
        case auth
    }

    /// Which sign-in the web app uses; `password` when the manifest does not say.
    public let kind: Kind
    /// The id of the web destination of the app's sign-in page (`/signin`).
    public let signIn: String
    /// The id of the command bound to the app's sign-out form (`POST /signout`), if any.
    public let signOut: String?
    /// The paths and choices of Rastrillo `auth`; `nil` unless ``kind`` is ``Kind/auth``.
    public let auth: ManifestAuthSignIn?

    /// Creates a session.
    public init(kind: Kind = .password, signIn: String, signOut: String? = nil, auth: ManifestAuthSignIn? = nil) {
        self.kind = kind
        self.signIn = signIn
        self.signOut = signOut
        self.auth = kind == .auth ? (auth ?? ManifestAuthSignIn()) : nil
    }
}

/// The paths and choices of a web app on Rastrillo's `auth`: the sign-in pages the sign-in screen
/// keeps, and how keymail runs outside the web view.
///
/// Every path is a literal absolute path (no wildcard, query or fragment), on the app's own
/// origins. The defaults are Rastrillo's.
public struct ManifestAuthSignIn: Sendable, Hashable {
    /// Where a fresh session lands (`SignedInPath`, `/`).
    public let signedInPath: String
    /// The keymail OAuth return, fixed by Rastrillo at `/auth/callback` (`callbackPath`, a
    /// constant of `auth`): it is loaded only in the web view, never claimed as a universal link.
    public let callbackPath: String
    /// The magic link's confirm page (`/auth/verify?token=…`): a universal link into the sign-in
    /// screen; the person taps its button.
    public let magicLinkPath: String
    /// The second-factor page (`secondfactor`'s `ConfirmPath`, `/signin/confirm`).
    public let secondFactorPath: String
    /// The keymail servers (host, or host:port) whose authorize page may be opened, or `nil` for
    /// any server an address's domain delegates to (Rastrillo's `KeymailServers`); empty means
    /// keymail is never started.
    public let keymailServers: [String]?
    /// Whether keymail runs in an ephemeral browser session (no cookies shared with Safari and
    /// no "wants to use … to sign in" alert); `false` by default.
    public let ephemeralSession: Bool

    /// Rastrillo's callback path, which an app cannot move.
    public static let rastrilloCallbackPath = "/auth/callback"

    /// Creates the paths; every default is Rastrillo's.
    public init(
        signedInPath: String = "/", callbackPath: String = Self.rastrilloCallbackPath,
        magicLinkPath: String = "/auth/verify", secondFactorPath: String = "/signin/confirm",
        keymailServers: [String]? = nil, ephemeralSession: Bool = false
    ) {
        self.signedInPath = signedInPath
        self.callbackPath = callbackPath
        self.magicLinkPath = magicLinkPath
        self.secondFactorPath = secondFactorPath
        self.keymailServers = keymailServers
        self.ephemeralSession = ephemeralSession
    }
}
