/// A P-256 private key (a 32-byte scalar) with its public key.
///
/// The same type serves signing and box (ECDH) keys: Rastrillo keeps them as separate scalars
/// (see ``Keypair``). `description` never shows the scalar.
///
/// ```swift
/// let key = try PrivateKey.generate()
/// let sealed = try Envelope.seal(Array("hi".utf8), to: key.publicKey, context: "app-v1")
/// ```
public struct PrivateKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The 32-byte big-endian scalar. Secret: store it only through a ``KeyStore``.
    public let rawScalar: [UInt8]
    /// The matching public key.
    public let publicKey: PublicKey

    /// Creates a key from a 32-byte big-endian scalar in `1..<n`.
    /// - Throws: ``CryptoError/invalidLength(what:expected:actual:)`` or
    ///   ``CryptoError/invalidPrivateKey(what:)``; `what` names the input in the message.
    public init(rawScalar: [UInt8], what: String = "private key") throws(CryptoError) {
        guard rawScalar.count == 32 else { throw .invalidLength(what: what, expected: 32, actual: rawScalar.count) }
        guard P256Scalar.isValid(rawScalar) else { throw .invalidPrivateKey(what: what) }
        self.rawScalar = rawScalar
        self.publicKey = PublicKey(checked: try CryptoBackends.current.p256PublicKey(scalar: rawScalar))
    }

    /// Creates a key from 64 hex digits (the keypair JSON form).
    public init(hexScalar: String, what: String = "private key") throws(CryptoError) {
        try self.init(rawScalar: try Hex.decode(hexScalar, what: what), what: what)
    }

    /// A new random key from the platform's secure generator.
    public static func generate() throws(CryptoError) -> PrivateKey {
        try PrivateKey(rawScalar: try P256Scalar.random(CryptoBackends.current))
    }

    /// The scalar as 64 lowercase hex digits.
    public var hexScalar: String { Hex.encode(rawScalar) }

    /// `PrivateKey(P-256, public <first bytes>…)`: never the scalar.
    public var description: String { "PrivateKey(P-256, scalar redacted, public \(publicKey.shortID))" }

    /// Same as ``description``.
    public var debugDescription: String { description }
}
