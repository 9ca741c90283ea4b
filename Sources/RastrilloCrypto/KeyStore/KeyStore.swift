/// Where an app keeps key material on a device: the core's storage boundary.
///
/// The core decides nothing about platform policy: every call states the account and the
/// storage choices (``KeyStorageOptions``) explicitly. Adapters decide nothing about format:
/// they store and return opaque bytes (for example ``Keypair/json()``).
///
/// - ``InMemoryKeyStore``: process memory only; for tests and previews.
/// - `KeychainKeyStore` (Apple platforms, `#if canImport(Security)`): generic-password items in
///   the Keychain.
///
/// ```swift
/// let store: any KeyStore = KeychainKeyStore()
/// let account = KeyStoreAccount(service: "com.example.chat.identity", account: userID)
/// try store.storeKeypair(pair, for: account,
///                        options: .init(accessibility: .afterFirstUnlock, thisDeviceOnly: true))
/// ```
public protocol KeyStore: Sendable {
    /// Stores `secret` for `account`, replacing what was there.
    func store(_ secret: [UInt8], for account: KeyStoreAccount, options: KeyStorageOptions) throws(KeyStoreError)
    /// The secret stored for `account`, or `nil` when there is none.
    func load(_ account: KeyStoreAccount) throws(KeyStoreError) -> [UInt8]?
    /// Deletes the secret for `account`; deleting a missing one is not an error.
    func delete(_ account: KeyStoreAccount) throws(KeyStoreError)
}

extension KeyStore {
    /// Stores a key pair as its keypair JSON.
    public func storeKeypair(_ pair: Keypair, for account: KeyStoreAccount, options: KeyStorageOptions)
        throws(KeyStoreError)
    {
        try store(Array(pair.json().utf8), for: account, options: options)
    }

    /// Loads a key pair stored by ``storeKeypair(_:for:options:)``, or `nil` when there is none.
    /// - Throws: ``KeyStoreError/Kind/corrupted`` when the stored bytes are not keypair JSON.
    public func loadKeypair(_ account: KeyStoreAccount) throws(KeyStoreError) -> Keypair? {
        guard let bytes = try load(account) else { return nil }
        do {
            return try Keypair(json: bytes)
        } catch {
            throw KeyStoreError(.corrupted, account: account)
        }
    }
}

/// Names one stored secret: a service (your app's reverse-DNS name plus purpose) and an account.
public struct KeyStoreAccount: Sendable, Hashable, CustomStringConvertible {
    /// The service, e.g. `com.example.chat.identity`.
    public let service: String
    /// The account within the service, e.g. the user's id.
    public let account: String

    /// Creates an account name; both parts must be non-empty (checked by the stores).
    public init(service: String, account: String) {
        self.service = service
        self.account = account
    }

    /// `service/account`.
    public var description: String { "\(service)/\(account)" }
}

/// When a stored secret is readable, and whether it may leave the device in backups or sync.
public struct KeyStorageOptions: Sendable, Hashable {
    /// When the secret can be read.
    public enum Accessibility: Sendable, Hashable {
        /// Only while the device is unlocked.
        case whenUnlocked
        /// After the first unlock since boot (background work can read it).
        case afterFirstUnlock
        /// Only while unlocked and only if a passcode is set; always this device only.
        case whenPasscodeSet
    }

    /// When the secret can be read.
    public let accessibility: Accessibility
    /// `true`: never restored to another device from a backup, never synced.
    public let thisDeviceOnly: Bool

    /// States both choices; there are no defaults, the app decides.
    public init(accessibility: Accessibility, thisDeviceOnly: Bool) {
        self.accessibility = accessibility
        self.thisDeviceOnly = thisDeviceOnly
    }

    /// Checks the combination and the account (shared by every store).
    func validate(_ account: KeyStoreAccount) throws(KeyStoreError) {
        guard !account.service.isEmpty, !account.account.isEmpty else {
            throw KeyStoreError(.invalidAccount, account: account)
        }
        if accessibility == .whenPasscodeSet && !thisDeviceOnly {
            throw KeyStoreError(.invalidOptions, account: account)
        }
    }
}
