/// `Derive(key, context)`: HKDF-SHA256 with an empty salt, `info` = the context's UTF-8 bytes,
/// 32 bytes out — the one derivation every Rastrillo format uses.
///
/// ```swift
/// let pack = try KeyDerivation.derive(repoKey.bytes, context: "amadan-pack-v1")
/// ```
public enum KeyDerivation {
    /// Derives a 32-byte key from input key material and a context string.
    /// - Throws: ``CryptoError/tooShort(what:minimum:actual:)`` when `key` is empty.
    public static func derive(_ key: [UInt8], context: String) throws(CryptoError) -> SecretKey {
        guard !key.isEmpty else { throw .tooShort(what: "key material for Derive", minimum: 1, actual: 0) }
        let output = try CryptoBackends.current.hkdfSHA256(key: key, salt: [], info: Array(context.utf8), count: 32)
        return SecretKey(checked: output)
    }
}
