import RastrilloCrypto
import Testing

@Suite struct KeyStoreTests {
    let account = KeyStoreAccount(service: "com.example.chat.identity", account: "person_123")
    let options = KeyStorageOptions(accessibility: .afterFirstUnlock, thisDeviceOnly: true)

    @Test func storeLoadReplaceDelete() throws {
        let store = InMemoryKeyStore()
        #expect(try store.load(account) == nil)
        try store.store([1, 2, 3], for: account, options: options)
        #expect(try store.load(account) == [1, 2, 3])
        #expect(store.options(for: account) == options)
        try store.store([4], for: account, options: options)
        #expect(try store.load(account) == [4])
        try store.delete(account)
        #expect(try store.load(account) == nil)
        try store.delete(account)
    }

    @Test func keypairsRoundTrip() throws {
        let store = InMemoryKeyStore()
        let pair = try Keypair.generate()
        try store.storeKeypair(pair, for: account, options: options)
        let loaded = try #require(try store.loadKeypair(account))
        #expect(loaded.signing.rawScalar == pair.signing.rawScalar && loaded.box.rawScalar == pair.box.rawScalar)
    }

    @Test func corruptedKeypairIsReported() throws {
        let store = InMemoryKeyStore()
        try store.store(Array("not json".utf8), for: account, options: options)
        #expect(throws: KeyStoreError(.corrupted, account: account)) { try store.loadKeypair(account) }
    }

    @Test func invalidAccountsAndOptionsAreRefused() {
        let store = InMemoryKeyStore()
        let empty = KeyStoreAccount(service: "", account: "a")
        #expect(throws: KeyStoreError(.invalidAccount, account: empty)) {
            try store.store([1], for: empty, options: options)
        }
        let passcode = KeyStorageOptions(accessibility: .whenPasscodeSet, thisDeviceOnly: false)
        #expect(throws: KeyStoreError(.invalidOptions, account: account)) {
            try store.store([1], for: account, options: passcode)
        }
        #expect(!KeyStoreError(.corrupted, account: account).description.isEmpty)
    }
}
