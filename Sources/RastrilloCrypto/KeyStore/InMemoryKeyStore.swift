import Foundation

/// A ``KeyStore`` in process memory: nothing survives the process. For tests and previews.
///
/// It applies the same checks as every store (``KeyStorageOptions``), and remembers the options
/// each secret was stored with so tests can assert an app's storage choices.
public final class InMemoryKeyStore: KeyStore, @unchecked Sendable {
    // @unchecked Sendable: every access to `items` holds `lock`.
    private let lock = NSLock()
    private var items: [KeyStoreAccount: (secret: [UInt8], options: KeyStorageOptions)] = [:]

    /// An empty store.
    public init() {}

    /// Stores `secret` for `account`.
    public func store(_ secret: [UInt8], for account: KeyStoreAccount, options: KeyStorageOptions)
        throws(KeyStoreError)
    {
        try options.validate(account)
        lock.withLock { items[account] = (secret, options) }
    }

    /// The stored secret, or `nil`.
    public func load(_ account: KeyStoreAccount) throws(KeyStoreError) -> [UInt8]? {
        lock.withLock { items[account]?.secret }
    }

    /// Deletes the secret, if any.
    public func delete(_ account: KeyStoreAccount) throws(KeyStoreError) {
        _ = lock.withLock { items.removeValue(forKey: account) }
    }

    /// The options `account` was stored with, or `nil`.
    public func options(for account: KeyStoreAccount) -> KeyStorageOptions? {
        lock.withLock { items[account]?.options }
    }
}
