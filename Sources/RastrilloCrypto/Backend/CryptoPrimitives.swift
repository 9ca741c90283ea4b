/// Direct calls to this platform's backend primitives, without the format layer (no length or
/// context handling). Only for benchmarks that measure what the format layer costs; apps use
/// ``Envelope``, ``Signing`` and ``KeyDerivation``.
@_spi(Benchmarks)
public enum CryptoPrimitives {
    /// The backend's name: `CryptoKit` or `OpenSSL`.
    public static var backendName: String { CryptoBackends.name }

    /// Whether 32 bytes are a valid P-256 scalar (in `1..<n`); no curve arithmetic.
    public static func isValidScalar(_ scalar: [UInt8]) -> Bool { P256Scalar.isValid(scalar) }

    /// The uncompressed public point of a valid scalar.
    public static func publicKey(scalar: [UInt8]) throws(CryptoError) -> [UInt8] {
        try CryptoBackends.current.p256PublicKey(scalar: scalar)
    }

    /// ECDH X coordinate.
    public static func sharedSecret(scalar: [UInt8], peer: [UInt8]) throws(CryptoError) -> [UInt8] {
        try CryptoBackends.current.p256SharedSecret(scalar: scalar, peer: peer)
    }

    /// HKDF-SHA256, 32 bytes, empty salt.
    public static func hkdf(key: [UInt8], info: [UInt8]) throws(CryptoError) -> [UInt8] {
        try CryptoBackends.current.hkdfSHA256(key: key, salt: [], info: info, count: 32)
    }

    /// AES-256-GCM seal without AAD: `ciphertext‖tag`.
    public static func aesGCMSeal(key: [UInt8], nonce: [UInt8], plaintext: [UInt8]) throws(CryptoError) -> [UInt8] {
        try CryptoBackends.current.aes256GCMSeal(key: key, nonce: nonce, plaintext: plaintext)
    }

    /// AES-256-GCM open; `nil` on authentication failure.
    public static func aesGCMOpen(key: [UInt8], nonce: [UInt8], sealed: [UInt8]) throws(CryptoError) -> [UInt8]? {
        try CryptoBackends.current.aes256GCMOpen(key: key, nonce: nonce, sealed: sealed)
    }

    /// ECDSA P-256 over SHA-256(message), raw `r‖s`.
    public static func sign(scalar: [UInt8], message: [UInt8]) throws(CryptoError) -> [UInt8] {
        try CryptoBackends.current.p256SignSHA256(scalar: scalar, message: message)
    }

    /// Whether a raw `r‖s` signature verifies.
    public static func verify(point: [UInt8], message: [UInt8], signature: [UInt8]) throws(CryptoError) -> Bool {
        try CryptoBackends.current.p256VerifySHA256(point: point, message: message, signature: signature)
    }

    /// Secure random bytes.
    public static func randomBytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        try CryptoBackends.current.randomBytes(count)
    }
}
