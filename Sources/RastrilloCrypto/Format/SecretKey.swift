/// A 32-byte symmetric key (AES-256-GCM key, HKDF output). `description` never shows it.
public struct SecretKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The 32 key bytes. Secret.
    public let bytes: [UInt8]

    /// Creates a key from exactly 32 bytes.
    public init(bytes: [UInt8], what: String = "key") throws(CryptoError) {
        guard bytes.count == 32 else { throw .invalidLength(what: what, expected: 32, actual: bytes.count) }
        self.bytes = bytes
    }

    init(checked bytes: [UInt8]) { self.bytes = bytes }

    /// A new random key.
    public static func generate() throws(CryptoError) -> SecretKey {
        SecretKey(checked: try CryptoBackends.current.randomBytes(32))
    }

    /// `SecretKey(32 bytes, redacted)`.
    public var description: String { "SecretKey(32 bytes, redacted)" }

    /// Same as ``description``.
    public var debugDescription: String { description }
}
