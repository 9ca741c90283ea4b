#if canImport(Security)
    import Foundation
    import Security

    /// A ``KeyStore`` on the Keychain: one generic-password item per account
    /// (`kSecAttrService` = service, `kSecAttrAccount` = account). Translates the options to
    /// `kSecAttrAccessible…` values; decides nothing else.
    public struct KeychainKeyStore: KeyStore {
        /// A store on the default Keychain.
        public init() {}

        /// Stores `secret`, replacing an existing item.
        public func store(_ secret: [UInt8], for account: KeyStoreAccount, options: KeyStorageOptions)
            throws(KeyStoreError)
        {
            try options.validate(account)
            try delete(account)
            var query = Self.query(account)
            query[kSecValueData as String] = Data(secret)
            query[kSecAttrAccessible as String] = Self.accessible(options)
            try Self.check(SecItemAdd(query as CFDictionary, nil), account)
        }

        /// The stored secret, or `nil` when there is no item.
        public func load(_ account: KeyStoreAccount) throws(KeyStoreError) -> [UInt8]? {
            var query = Self.query(account)
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            if status == errSecItemNotFound { return nil }
            try Self.check(status, account)
            guard let data = result as? Data else { throw KeyStoreError(.corrupted, account: account) }
            return Array(data)
        }

        /// Deletes the item; a missing item is not an error.
        public func delete(_ account: KeyStoreAccount) throws(KeyStoreError) {
            let status = SecItemDelete(Self.query(account) as CFDictionary)
            if status == errSecItemNotFound { return }
            try Self.check(status, account)
        }

        private static func query(_ account: KeyStoreAccount) -> [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: account.service,
                kSecAttrAccount as String: account.account,
            ]
        }

        private static func accessible(_ options: KeyStorageOptions) -> CFString {
            switch (options.accessibility, options.thisDeviceOnly) {
            case (.whenUnlocked, false): return kSecAttrAccessibleWhenUnlocked
            case (.whenUnlocked, true): return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            case (.afterFirstUnlock, false): return kSecAttrAccessibleAfterFirstUnlock
            case (.afterFirstUnlock, true): return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            case (.whenPasscodeSet, _): return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
            }
        }

        private static func check(_ status: OSStatus, _ account: KeyStoreAccount) throws(KeyStoreError) {
            switch status {
            case errSecSuccess: return
            case errSecInteractionNotAllowed, errSecNotAvailable: throw KeyStoreError(.unavailable, account: account)
            default: throw KeyStoreError(.platform(status: status), account: account)
            }
        }
    }
#endif
