/// PKCS#8 DER for P-256 private keys, in the one form Go's `x509.MarshalPKCS8PrivateKey` and
/// WebCrypto's `exportKey("pkcs8")` write: the SEC 1 `ECPrivateKey` with the public key included
/// and the curve named in the algorithm identifier (138 bytes).
public enum PKCS8 {
    private static let head: [UInt8] = [
        0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06,
        0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x04, 0x6D, 0x30, 0x6B, 0x02, 0x01, 0x01, 0x04, 0x20,
    ]
    private static let middle: [UInt8] = [0xA1, 0x44, 0x03, 0x42, 0x00]

    /// The DER encoding of `key`. Contains the secret scalar.
    public static func encode(_ key: PrivateKey) -> [UInt8] {
        head + key.rawScalar + middle + key.publicKey.uncompressed
    }

    /// Reads a key written in that form, and checks the embedded public key matches the scalar.
    /// - Throws: ``CryptoError/invalidPrivateKey(what:)`` for another layout or a mismatched public key.
    public static func decode(_ der: [UInt8], what: String = "PKCS#8 private key") throws(CryptoError) -> PrivateKey {
        guard der.count == head.count + 32 + middle.count + 65, Array(der[0..<head.count]) == head,
            Array(der[(head.count + 32)..<(head.count + 32 + middle.count)]) == middle
        else { throw .invalidPrivateKey(what: what) }
        let key = try PrivateKey(rawScalar: Array(der[head.count..<(head.count + 32)]), what: what)
        guard Array(der.suffix(65)) == key.publicKey.uncompressed else { throw .invalidPrivateKey(what: what) }
        return key
    }
}
