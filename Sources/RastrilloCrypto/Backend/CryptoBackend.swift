/// The primitives a platform crypto library provides; everything else (layouts, contexts,
/// lengths, claim rules) is shared code above this line.
///
/// Inputs are already checked by the format layer: scalars are 32 bytes in `1..<n`, public keys
/// are 65-byte uncompressed points (the backend still refuses points off the curve), nonces are
/// 12 bytes and AES keys 32 bytes. Implementations translate; they never decide format.
protocol CryptoBackend: Sendable {
    /// The 65-byte uncompressed public point (`0x04‖X‖Y`) of a valid P-256 scalar.
    func p256PublicKey(scalar: [UInt8]) throws(CryptoError) -> [UInt8]
    /// Throws ``CryptoError/invalidPublicKey(what:)`` unless `point` is an uncompressed point on
    /// P-256 (not the point at infinity).
    func p256ValidatePublicKey(_ point: [UInt8], what: String) throws(CryptoError)
    /// ECDH: the 32-byte X coordinate of `scalar · point`.
    func p256SharedSecret(scalar: [UInt8], peer point: [UInt8]) throws(CryptoError) -> [UInt8]
    /// ECDSA P-256 over SHA-256(`message`), as raw `r‖s` (64 bytes, each zero-padded to 32).
    func p256SignSHA256(scalar: [UInt8], message: [UInt8]) throws(CryptoError) -> [UInt8]
    /// Whether a raw `r‖s` signature over SHA-256(`message`) verifies under `point`.
    func p256VerifySHA256(point: [UInt8], message: [UInt8], signature: [UInt8]) throws(CryptoError) -> Bool
    /// HKDF-SHA256 (RFC 5869) with the given salt and info.
    func hkdfSHA256(key: [UInt8], salt: [UInt8], info: [UInt8], count: Int) throws(CryptoError) -> [UInt8]
    /// AES-256-GCM without AAD: `ciphertext‖tag(16)`.
    func aes256GCMSeal(key: [UInt8], nonce: [UInt8], plaintext: [UInt8]) throws(CryptoError) -> [UInt8]
    /// AES-256-GCM open of `ciphertext‖tag(16)`; `nil` when authentication fails (never partial
    /// plaintext).
    func aes256GCMOpen(key: [UInt8], nonce: [UInt8], sealed: [UInt8]) throws(CryptoError) -> [UInt8]?
    /// SHA-256.
    func sha256(_ data: [UInt8]) throws(CryptoError) -> [UInt8]
    /// `count` bytes from the system's cryptographically secure generator.
    func randomBytes(_ count: Int) throws(CryptoError) -> [UInt8]
}

/// The backend of this platform: CryptoKit where it exists, OpenSSL's libcrypto elsewhere.
enum CryptoBackends {
    #if canImport(CryptoKit)
        static let current: any CryptoBackend = CryptoKitBackend()
        /// The backend's name, for diagnostics and docs.
        static let name = "CryptoKit"
    #else
        static let current: any CryptoBackend = OpenSSLBackend()
        /// The backend's name, for diagnostics and docs.
        static let name = "OpenSSL"
    #endif
}
