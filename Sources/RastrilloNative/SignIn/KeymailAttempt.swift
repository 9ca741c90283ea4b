/// One keymail sign-in started by a sign-in screen: the authorization it runs and its number, so
/// a late answer of an attempt that a newer one replaced is ignored.
public struct KeymailAttempt: Sendable, Hashable {
    /// The attempt's number on its screen (1, 2, …).
    public let id: UInt64
    /// The authorize URL to open and what its callback must match.
    public let authorization: KeymailAuthorization

    /// Creates an attempt; ``WebScreenModel`` numbers them.
    public init(id: UInt64, authorization: KeymailAuthorization) {
        self.id = id
        self.authorization = authorization
    }
}

/// How the authentication session outside the web view ended, as the adapter reports it
/// (``WebScreenModel/keymailEnded(_:_:using:)``).
public enum KeymailOutcome: Sendable, Hashable {
    /// It came back with this callback URL (not loaded anywhere yet).
    case callback(String)
    /// The person cancelled it (`ASWebAuthenticationSessionError.canceledLogin`).
    case cancelled
    /// It failed or could not start; the text says why, for diagnostics.
    case failed(String)
    /// This OS cannot run it (no https callbacks before iOS 17.4 / macOS 14.4): not started.
    case unavailable
}

/// What the sign-in screen did with the end of a keymail attempt.
public enum KeymailCompletion: Sendable, Hashable {
    /// The callback passed the checks and loads in the web screen, so the pending cookie is
    /// present and the session lands in the web view's store.
    case loadingCallback(String)
    /// The attempt did not end in a usable callback (cancelled, failed, unavailable, or a callback
    /// that failed the checks): the sign-in page's "send a link instead" state loads.
    case sendingALinkInstead(url: String, because: String)
    /// Not the screen's current attempt (a newer one replaced it, or the screen went away).
    case ignored
}
