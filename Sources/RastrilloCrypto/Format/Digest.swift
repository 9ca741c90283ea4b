/// SHA-256, from the platform backend.
///
/// ```swift
/// let hash = Hex.encode(try Digest.sha256(Array("abc".utf8)))
/// ```
public enum Digest {
    /// The 32-byte SHA-256 of `bytes`.
    public static func sha256(_ bytes: [UInt8]) throws(CryptoError) -> [UInt8] {
        try CryptoBackends.current.sha256(bytes)
    }
}
