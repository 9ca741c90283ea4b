extension ServerStatus {
    /// The status as the web screen sees it: the manifest's `ServerCheck` (the state without its
    /// message), sent with the `serverChecked` event and in every `compareRelease` reply.
    var check: ServerCheck {
        switch self {
        case .notChecked: return .notChecked
        case .checking: return .checking
        case .reachable: return .reachable
        case .unreachable: return .unreachable
        case .notRastrillo: return .notRastrillo
        case .insecureAddress: return .insecureAddress
        case .invalidAddress: return .invalidAddress
        }
    }
}
