import RastrilloNative

/// What the companion knows about the server right now. Each state is shown
/// differently; see ``ServerStatus/presentation``.
public enum ServerStatus: Sendable, Equatable {
    /// No check has run yet.
    case notChecked
    /// A check is running.
    case checking
    /// The server answered with its version.
    case reachable(ServerVersion)
    /// The server could not be reached, timed out, or answered with a server error.
    case unreachable(String)
    /// Something answered, but not a Rastrillo server (a 4xx, an HTML or sign-in
    /// page, a redirect to another origin, a body that is not a version).
    case notRastrillo(String)
    /// The address uses plain http to a host that is not this device.
    case insecureAddress(String)
    /// The typed text is not a server address.
    case invalidAddress(String)

    /// The state for a failed check, or `nil` for a cancelled one (which
    /// leaves the previous state in place).
    public init?(error: ServerVersionError) {
        let message = error.description
        switch error {
        case .invalidAddress: self = .invalidAddress(message)
        case .insecureAddress: self = .insecureAddress(message)
        case .unreachable, .timedOut: self = .unreachable(message)
        case .unexpectedStatus(_, let status, _) where status >= 500: self = .unreachable(message)
        case .unexpectedStatus, .redirectedToAnotherOrigin, .bodyTooLarge, .notAVersion:
            self = .notRastrillo(message)
        case .cancelled: return nil
        }
    }
}
