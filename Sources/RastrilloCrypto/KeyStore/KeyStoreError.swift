/// Why a ``KeyStore`` operation failed. Names the account, never the secret.
public struct KeyStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The service or account name is empty.
        case invalidAccount
        /// `whenPasscodeSet` without `thisDeviceOnly` (the platform only offers it device-only).
        case invalidOptions
        /// The store cannot be read now (device locked, no passcode set, user interaction needed).
        case unavailable
        /// The stored bytes are not what was expected (e.g. not keypair JSON).
        case corrupted
        /// The platform store returned an error status.
        case platform(status: Int32)
    }

    /// What went wrong.
    public let kind: Kind
    /// Which stored secret.
    public let account: KeyStoreAccount

    /// Creates an error.
    public init(_ kind: Kind, account: KeyStoreAccount) {
        self.kind = kind
        self.account = account
    }

    /// What went wrong for which account, and what to do.
    public var description: String {
        switch kind {
        case .invalidAccount:
            return "key store account '\(account)': service and account must both be non-empty"
        case .invalidOptions:
            return "key store account '\(account)': whenPasscodeSet is only available with thisDeviceOnly = true"
        case .unavailable:
            return "key store account '\(account)': the store is not available now (device locked or no passcode); "
                + "retry after unlock"
        case .corrupted:
            return "key store account '\(account)': the stored value is not in the expected format; delete and re-enrol"
        case .platform(let status):
            return "key store account '\(account)': the platform store failed with status \(status)"
        }
    }
}
