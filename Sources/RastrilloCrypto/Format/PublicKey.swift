/// A P-256 public key: 65 bytes, `0x04‖X‖Y`, checked to be a point on the curve.
public struct PublicKey: Sendable, Hashable, CustomStringConvertible {
    /// The 65-byte uncompressed point.
    public let uncompressed: [UInt8]

    /// Creates a key from its uncompressed form.
    /// - Throws: ``CryptoError/invalidLength(what:expected:actual:)`` unless 65 bytes,
    ///   ``CryptoError/invalidPublicKey(what:)`` unless `0x04` and a point on P-256.
    public init(uncompressed: [UInt8], what: String = "public key") throws(CryptoError) {
        guard uncompressed.count == 65 else {
            throw .invalidLength(what: what, expected: 65, actual: uncompressed.count)
        }
        guard uncompressed[0] == 0x04 else { throw .invalidPublicKey(what: what) }
        try CryptoBackends.current.p256ValidatePublicKey(uncompressed, what: what)
        self.uncompressed = uncompressed
    }

    init(checked uncompressed: [UInt8]) { self.uncompressed = uncompressed }

    /// The first 8 bytes of X in hex, to tell keys apart in logs.
    var shortID: String { Hex.encode(Array(uncompressed[1..<9])) }

    /// `PublicKey(P-256, <first bytes of X>…)`.
    public var description: String { "PublicKey(P-256, \(shortID)…)" }
}
