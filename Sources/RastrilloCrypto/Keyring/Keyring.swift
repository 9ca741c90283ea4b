/// A Rastrillo keyring namespace: every context it derives, and its key operations,
/// byte-compatible with the Go `keyring` package (replayed from `keyring/golden.json`).
///
/// For namespace `ns`: PRF salt `ns/prf/v1`; `contentKey = Derive(seed, ns/content/v1)`;
/// `wrapKey = Derive(prf, ns/wrap/v1)`; `blobKey = Derive(seed, ns/blob/<name>/v1)`;
/// `wrapSeed = SealSym(wrapKey, seed)` (60 bytes); `grant = Seal(memberBoxPub, ns/grant/v1,
/// contentKey)` (125 bytes).
///
/// ```swift
/// let ring = try Keyring(namespace: "kass")
/// let seed = try Keyring.generateSeed()
/// let grant = try ring.grant(try ring.contentKey(seed: seed), to: member.publicKey)
/// let contentKey = try ring.openGrant(grant, with: member)
/// ```
public struct Keyring: Sendable {
    /// Seed length.
    public static let seedLength = 32
    /// Length of a wrapped seed: 32 + 28.
    public static let wrappedSeedLength = 60
    /// Length of a grant: 32 + 93.
    public static let grantLength = 125

    /// The namespace every context starts with.
    public let namespace: String

    /// Creates a ring for `namespace` (non-empty, without `/`, so contexts cannot collide).
    public init(namespace: String) throws(CryptoError) {
        guard !namespace.isEmpty, !namespace.contains("/") else {
            throw .invalidName(what: "keyring namespace", rule: "it must be non-empty and contain no '/'")
        }
        self.namespace = namespace
    }

    /// `ns/prf/v1`: the salt for the passkey PRF extension that yields `prf`.
    public var prfSalt: String { "\(namespace)/prf/v1" }
    /// `ns/content/v1`.
    public var contentContext: String { "\(namespace)/content/v1" }
    /// `ns/wrap/v1`.
    public var wrapContext: String { "\(namespace)/wrap/v1" }
    /// `ns/grant/v1`.
    public var grantContext: String { "\(namespace)/grant/v1" }

    /// `ns/blob/<name>/v1`, for a name of 1–64 characters `[a-z0-9-]`.
    public func blobContext(name: String) throws(CryptoError) -> String {
        let valid =
            (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
        guard valid else { throw .invalidName(what: "blob name", rule: "use 1 to 64 characters a-z, 0-9 and '-'") }
        return "\(namespace)/blob/\(name)/v1"
    }

    /// 32 random bytes: a new ring seed.
    public static func generateSeed() throws(CryptoError) -> [UInt8] {
        try CryptoBackends.current.randomBytes(seedLength)
    }

    /// `Derive(seed, ns/content/v1)`.
    public func contentKey(seed: [UInt8]) throws(CryptoError) -> SecretKey {
        try KeyDerivation.derive(try checkedSeed(seed), context: contentContext)
    }

    /// `Derive(prf, ns/wrap/v1)`.
    public func wrapKey(prf: [UInt8]) throws(CryptoError) -> SecretKey {
        guard !prf.isEmpty else { throw .tooShort(what: "PRF output", minimum: 1, actual: 0) }
        return try KeyDerivation.derive(prf, context: wrapContext)
    }

    /// `Derive(seed, ns/blob/<name>/v1)`.
    public func blobKey(seed: [UInt8], name: String) throws(CryptoError) -> SecretKey {
        try KeyDerivation.derive(try checkedSeed(seed), context: try blobContext(name: name))
    }

    /// `SealSym(WrapKey(prf), seed)`: 60 bytes.
    public func wrapSeed(_ seed: [UInt8], prf: [UInt8]) throws(CryptoError) -> [UInt8] {
        try Envelope.sealSymmetric(try checkedSeed(seed), key: try wrapKey(prf: prf))
    }

    /// Opens a wrapped seed with the PRF output.
    /// - Throws: ``CryptoError/invalidLength(what:expected:actual:)`` unless 60 bytes,
    ///   ``CryptoError/openFailed(what:)`` for a wrong PRF, namespace or changed bytes.
    public func unwrapSeed(_ wrapped: [UInt8], prf: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard wrapped.count == Self.wrappedSeedLength else {
            throw .invalidLength(what: "wrapped seed", expected: Self.wrappedSeedLength, actual: wrapped.count)
        }
        return try Envelope.openSymmetric(wrapped, key: try wrapKey(prf: prf), what: "wrapped seed")
    }

    /// `Seal(memberBoxPub, ns/grant/v1, contentKey)`: 125 bytes.
    public func grant(_ contentKey: SecretKey, to member: PublicKey) throws(CryptoError) -> [UInt8] {
        try Envelope.seal(contentKey.bytes, to: member, context: grantContext)
    }

    /// Opens a grant with the member's box key.
    /// - Throws: ``CryptoError/invalidLength(what:expected:actual:)`` unless 125 bytes,
    ///   ``CryptoError/openFailed(what:)`` for another member, namespace or changed bytes.
    public func openGrant(_ grant: [UInt8], with member: PrivateKey) throws(CryptoError) -> SecretKey {
        guard grant.count == Self.grantLength else {
            throw .invalidLength(what: "grant", expected: Self.grantLength, actual: grant.count)
        }
        return SecretKey(checked: try Envelope.open(grant, with: member, context: grantContext))
    }

    private func checkedSeed(_ seed: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard seed.count == Self.seedLength else {
            throw .invalidLength(what: "keyring seed", expected: Self.seedLength, actual: seed.count)
        }
        return seed
    }
}
