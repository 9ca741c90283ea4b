/// Rastrillo's envelopes: `Seal`/`Open` to a P-256 box key and `SealSym`/`OpenSym` with a
/// 32-byte key. Byte-compatible with the Go `crypto` package (replayed from its golden vectors).
///
/// - `seal` = `ephemeralPublic(65) ‖ iv(12) ‖ AES-256-GCM(plaintext) ‖ tag(16)`, key =
///   `HKDF-SHA256(ECDH X coordinate, salt empty, info = context)`. No version byte, key id or
///   AAD; 93 bytes of overhead.
/// - `sealSymmetric` = `iv(12) ‖ AES-256-GCM(plaintext) ‖ tag(16)`, no AAD; 28 bytes of overhead.
///
/// Opening never returns partial plaintext: either all of it, or ``CryptoError/openFailed(what:)``.
///
/// ```swift
/// let sealed = try Envelope.seal(message, to: recipient.publicKey, context: "lchat-msg-v1")
/// let opened = try Envelope.open(sealed, with: recipient, context: "lchat-msg-v1")
/// ```
public enum Envelope {
    /// Bytes `seal` adds to the plaintext: 65 + 12 + 16.
    public static let sealOverhead = 93
    /// Bytes `sealSymmetric` adds to the plaintext: 12 + 16.
    public static let symmetricOverhead = 28

    /// `Seal(recipientBoxPub, context, plaintext)`.
    public static func seal(_ plaintext: [UInt8], to recipient: PublicKey, context: String) throws(CryptoError)
        -> [UInt8]
    {
        let backend = CryptoBackends.current
        let ephemeral = try P256Scalar.random(backend)
        let ephemeralPublic = try backend.p256PublicKey(scalar: ephemeral)
        let key = try boxKey(scalar: ephemeral, peer: recipient.uncompressed, context: context)
        let iv = try backend.randomBytes(12)
        return ephemeralPublic + iv + (try backend.aes256GCMSeal(key: key, nonce: iv, plaintext: plaintext))
    }

    /// `Open(boxPriv, context, sealed)`.
    /// - Throws: ``CryptoError/tooShort(what:minimum:actual:)`` under 93 bytes,
    ///   ``CryptoError/invalidPublicKey(what:)`` when the ephemeral key is not on the curve,
    ///   ``CryptoError/openFailed(what:)`` for a wrong key or context or changed bytes.
    public static func open(_ sealed: [UInt8], with recipient: PrivateKey, context: String) throws(CryptoError)
        -> [UInt8]
    {
        guard sealed.count >= sealOverhead else {
            throw .tooShort(what: "sealed envelope", minimum: sealOverhead, actual: sealed.count)
        }
        let ephemeralPublic = Array(sealed[0..<65])
        let what = "sealed envelope's ephemeral key"
        guard ephemeralPublic[0] == 0x04 else { throw .invalidPublicKey(what: what) }
        let backend = CryptoBackends.current
        let key: [UInt8]
        do {
            // The backend refuses a point off the curve (or at infinity) before ECDH.
            key = try boxKey(scalar: recipient.rawScalar, peer: ephemeralPublic, context: context)
        } catch .invalidPublicKey {
            throw .invalidPublicKey(what: what)
        }
        let iv = Array(sealed[65..<77])
        guard let plaintext = try backend.aes256GCMOpen(key: key, nonce: iv, sealed: Array(sealed[77...])) else {
            throw .openFailed(what: "sealed envelope")
        }
        return plaintext
    }

    /// `SealSym(key, plaintext)`.
    public static func sealSymmetric(_ plaintext: [UInt8], key: SecretKey) throws(CryptoError) -> [UInt8] {
        let backend = CryptoBackends.current
        let iv = try backend.randomBytes(12)
        return iv + (try backend.aes256GCMSeal(key: key.bytes, nonce: iv, plaintext: plaintext))
    }

    /// `OpenSym(key, sealed)`.
    /// - Throws: ``CryptoError/tooShort(what:minimum:actual:)`` under 28 bytes,
    ///   ``CryptoError/openFailed(what:)`` for a wrong key or changed bytes.
    public static func openSymmetric(_ sealed: [UInt8], key: SecretKey, what: String = "symmetric envelope")
        throws(CryptoError) -> [UInt8]
    {
        guard sealed.count >= symmetricOverhead else {
            throw .tooShort(what: what, minimum: symmetricOverhead, actual: sealed.count)
        }
        let iv = Array(sealed[0..<12])
        let body = Array(sealed[12...])
        guard let plaintext = try CryptoBackends.current.aes256GCMOpen(key: key.bytes, nonce: iv, sealed: body) else {
            throw .openFailed(what: what)
        }
        return plaintext
    }

    private static func boxKey(scalar: [UInt8], peer: [UInt8], context: String) throws(CryptoError) -> [UInt8] {
        let backend = CryptoBackends.current
        let shared = try backend.p256SharedSecret(scalar: scalar, peer: peer)
        return try backend.hkdfSHA256(key: shared, salt: [], info: Array(context.utf8), count: 32)
    }
}
