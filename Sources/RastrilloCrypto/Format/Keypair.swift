import RastrilloJSON

/// A Rastrillo identity key pair: separate P-256 signing and box (ECDH) keys, stored as the
/// JSON `{"sign_priv_d":"<hex32>","box_priv_d":"<hex32>"}`.
///
/// ```swift
/// let pair = try Keypair(json: Array(text.utf8))
/// let sealed = try Envelope.seal(data, to: pair.box.publicKey, context: "app-v1")
/// ```
public struct Keypair: Sendable, CustomStringConvertible {
    /// The signing key (`sign_priv_d`).
    public let signing: PrivateKey
    /// The box key used for `Seal`/`Open` (`box_priv_d`).
    public let box: PrivateKey

    /// Pairs two keys.
    public init(signing: PrivateKey, box: PrivateKey) {
        self.signing = signing
        self.box = box
    }

    /// Two new random keys.
    public static func generate() throws(CryptoError) -> Keypair {
        Keypair(signing: try .generate(), box: try .generate())
    }

    /// Reads the keypair JSON: exactly the members `sign_priv_d` and `box_priv_d`, each 64 hex digits.
    /// - Throws: ``CryptoError/malformedJSON(what:reason:)`` for another shape (the reason quotes the
    ///   JSON reader's position, never a value), ``CryptoError/malformedHex(what:)`` or
    ///   ``CryptoError/invalidPrivateKey(what:)`` for a bad scalar.
    public init(json: [UInt8]) throws(CryptoError) {
        let object = try JSONFields.object(json, what: "keypair JSON")
        try JSONFields.requireKeys(object, exactly: ["sign_priv_d", "box_priv_d"], what: "keypair JSON")
        signing = try PrivateKey(
            hexScalar: try JSONFields.string(object, "sign_priv_d", what: "keypair JSON"), what: "sign_priv_d")
        box = try PrivateKey(
            hexScalar: try JSONFields.string(object, "box_priv_d", what: "keypair JSON"), what: "box_priv_d")
    }

    /// The keypair JSON, members in the order `sign_priv_d`, `box_priv_d`. Contains secrets.
    public func json() -> String {
        #"{"sign_priv_d":"\#(signing.hexScalar)","box_priv_d":"\#(box.hexScalar)"}"#
    }

    /// `Keypair(sign …, box …)` with public key prefixes only.
    public var description: String { "Keypair(sign \(signing.publicKey), box \(box.publicKey))" }
}
