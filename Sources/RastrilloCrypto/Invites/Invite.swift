/// An invite link secret and everything derived from it, byte-compatible with the web twin
/// (replayed from `crypto/invites.json`).
///
/// From the secret `t` (16 random bytes, sent as unpadded base64url) and a context such as
/// `lchat-invite`:
/// - `id = base64url(Derive(t, context + "-id"))`
/// - `claimSecret = base64url(Derive(t, context + "-claim"))`
/// - `claimHash` = lowercase hex SHA-256 of the ASCII `claimSecret` string (not of the raw bytes)
/// - `wrappedGroupKey = base64url(SealSym(Derive(t, context + "-wrap"), groupKey))`
///
/// ```swift
/// let invite = try Invite.create(context: "lchat-invite")
/// let link = "https://chat.example.com/join#" + invite.token
/// let wrapped = try invite.wrapGroupKey(groupKey)
/// // The joiner:
/// let joined = try Invite(token: fragment, context: "lchat-invite")
/// let key = try joined.unwrapGroupKey(wrapped)
/// ```
public struct Invite: Sendable, CustomStringConvertible {
    /// The length of the secret `t`.
    public static let secretLength = 16

    /// The context the keys are derived under.
    public let context: String
    /// The secret `t`, unpadded base64url: what the link carries. Secret.
    public let token: String
    /// The invite's public identifier.
    public let id: String
    /// The claim secret, presented once to claim the invite. Secret.
    public let claimSecret: String
    /// Lowercase hex SHA-256 of the ASCII `claimSecret`: what the server stores.
    public let claimHash: String
    private let wrapKey: SecretKey

    /// Re-creates an invite from the secret as the link carries it (base64url; padding tolerated).
    /// - Throws: ``CryptoError/malformedBase64(what:form:)``,
    ///   ``CryptoError/invalidLength(what:expected:actual:)`` unless the secret is 16 bytes,
    ///   ``CryptoError/invalidName(what:rule:)`` for an empty context.
    public init(token: String, context: String) throws(CryptoError) {
        let secret = try Base64.decode(token, alphabet: .url, padding: .optional, what: "invite secret t")
        try self.init(secret: secret, context: context)
    }

    /// Creates an invite from the 16 raw secret bytes.
    public init(secret: [UInt8], context: String) throws(CryptoError) {
        guard secret.count == Self.secretLength else {
            throw .invalidLength(what: "invite secret t", expected: Self.secretLength, actual: secret.count)
        }
        guard !context.isEmpty else { throw .invalidName(what: "invite context", rule: "it must not be empty") }
        self.context = context
        token = Base64.encode(secret, alphabet: .url, padded: false)
        id = Base64.encode(
            try KeyDerivation.derive(secret, context: context + "-id").bytes, alphabet: .url, padded: false)
        let claim = try KeyDerivation.derive(secret, context: context + "-claim")
        claimSecret = Base64.encode(claim.bytes, alphabet: .url, padded: false)
        claimHash = Hex.encode(try CryptoBackends.current.sha256(Array(claimSecret.utf8)))
        wrapKey = try KeyDerivation.derive(secret, context: context + "-wrap")
    }

    /// A new invite with a random secret.
    public static func create(context: String) throws(CryptoError) -> Invite {
        try Invite(secret: try CryptoBackends.current.randomBytes(secretLength), context: context)
    }

    /// `base64url(SealSym(wrapKey, groupKey))`, unpadded.
    public func wrapGroupKey(_ groupKey: [UInt8]) throws(CryptoError) -> String {
        Base64.encode(try Envelope.sealSymmetric(groupKey, key: wrapKey), alphabet: .url, padded: false)
    }

    /// Opens a wrapped group key (base64url, padding tolerated).
    /// - Throws: ``CryptoError/malformedBase64(what:form:)``, ``CryptoError/tooShort(what:minimum:actual:)``
    ///   or ``CryptoError/openFailed(what:)`` (wrong invite, wrong context, changed bytes).
    public func unwrapGroupKey(_ wrapped: String) throws(CryptoError) -> [UInt8] {
        let sealed = try Base64.decode(wrapped, alphabet: .url, padding: .optional, what: "wrappedGroupKey")
        return try Envelope.openSymmetric(sealed, key: wrapKey, what: "wrappedGroupKey")
    }

    /// `Invite(<context>, id <id>)`: never the secret or the claim secret.
    public var description: String { "Invite(\(context), id \(id))" }
}
