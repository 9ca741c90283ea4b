/// Rastrillo's signatures: ECDSA P-256 over `SHA-256(context ‖ 0x00 ‖ message)`, as raw
/// `r‖s` (64 bytes, each half zero-padded), not DER. Byte-compatible with the Go `crypto`
/// package's `Sign`/`Verify` (replayed from its golden vectors).
///
/// ```swift
/// let signature = try Signing.sign(message, with: keypair.signing, context: "app/receipt/v1")
/// try Signing.verify(signature, for: message, by: keypair.signing.publicKey, context: "app/receipt/v1")
/// ```
public enum Signing {
    /// The length of a raw `r‖s` signature.
    public static let signatureLength = 64

    /// `Sign(signPriv, context, message)`. ECDSA is randomized: two signatures of the same
    /// message differ, and both verify.
    public static func sign(_ message: [UInt8], with key: PrivateKey, context: String) throws(CryptoError) -> [UInt8] {
        try CryptoBackends.current.p256SignSHA256(scalar: key.rawScalar, message: signedBytes(message, context))
    }

    /// `Verify(signPub, context, message, signature)`.
    /// - Throws: ``CryptoError/invalidLength(what:expected:actual:)`` unless the signature is 64
    ///   bytes, ``CryptoError/signatureMismatch`` when it does not verify.
    public static func verify(_ signature: [UInt8], for message: [UInt8], by key: PublicKey, context: String)
        throws(CryptoError)
    {
        guard signature.count == signatureLength else {
            throw .invalidLength(what: "signature", expected: signatureLength, actual: signature.count)
        }
        let valid = try CryptoBackends.current.p256VerifySHA256(
            point: key.uncompressed, message: signedBytes(message, context), signature: signature)
        guard valid else { throw .signatureMismatch }
    }

    /// `context ‖ 0x00 ‖ message`: what is hashed and signed.
    static func signedBytes(_ message: [UInt8], _ context: String) -> [UInt8] {
        var bytes = Array(context.utf8)
        bytes.reserveCapacity(bytes.count + 1 + message.count)
        bytes.append(0)
        bytes.append(contentsOf: message)
        return bytes
    }
}
