/// Identity assertions: short-lived, signed identity handoffs between exact HTTPS origins.
///
/// Token = `base64url(payload) "." base64url(signature)`, unpadded; the signature is
/// ``Signing/sign(_:with:context:)`` over the exact payload bytes under the context
/// `rastrillo/assertion/v1` (64 bytes, 86 characters). Byte-compatible with the Go `assertion`
/// package (replayed from `assertion/golden.json`).
public enum Assertion {
    /// The signing context.
    public static let context = "rastrillo/assertion/v1"
    /// Largest token, in bytes.
    public static let maxTokenBytes = 8192
    /// Largest payload, in bytes.
    public static let maxPayloadBytes = 4096
    /// Largest `ext` object, in bytes of its JSON text.
    public static let maxExtBytes = 1024
    /// Longest lifetime: `exp - iat`.
    public static let maxLifetime: Int64 = 120
    /// Allowed clock skew for `iat` in the future.
    public static let clockSkew: Int64 = 30

    /// Signs the exact `payload` bytes and returns the token. The payload is not checked here
    /// (sign ``AssertionClaims/payload()`` to produce one ``AssertionVerifier`` accepts).
    public static func sign(payload: [UInt8], with key: PrivateKey) throws(CryptoError) -> String {
        let signature = try Signing.sign(payload, with: key, context: context)
        return Base64.encode(payload, alphabet: .url, padded: false) + "."
            + Base64.encode(signature, alphabet: .url, padded: false)
    }
}
