/// Why an identity assertion was refused. The kinds are fixed and follow the verification order;
/// the detail names the claim or limit involved, never a signature, key or claim value.
public struct AssertionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The fixed error kinds, in the order ``AssertionVerifier/verify(_:now:)`` checks them.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Size or shape: token over 8192 bytes, not exactly one `.`, non-canonical base64url,
        /// payload over 4096 bytes, signature not 64 bytes.
        case malformedToken = "malformed token"
        /// The strict parse of the payload failed: JSON, unknown or missing claims, wrong types,
        /// non-integer numbers, `ext` not an object or over 1024 bytes.
        case malformedPayload = "malformed payload"
        /// `v` is not 1.
        case unsupportedVersion = "unsupported version"
        /// No pinned key has the payload's `kid`.
        case unknownKey = "unknown key"
        /// The signature does not verify under the pinned key.
        case badSignature = "bad signature"
        /// `iss` is not the expected issuer.
        case wrongIssuer = "wrong issuer"
        /// `aud` is not the expected audience.
        case wrongAudience = "wrong audience"
        /// A claim breaks its rule (`sub`, `kid`, `jti`, `nonce`, `iat`, `auth_time`, `exp`).
        case invalidClaims = "invalid claims"
        /// `exp <= now`.
        case expired = "expired"
        /// `iat - 30 > now`: issued in the future beyond the allowed clock skew.
        case notYetValid = "not yet valid"
        /// The verifier's own settings are wrong (only from ``AssertionVerifier/init(issuer:audience:keys:)``).
        case invalidConfiguration = "invalid configuration"
    }

    /// The fixed kind.
    public let kind: Kind
    /// Which claim, limit or setting, and what to do.
    public let detail: String

    /// Creates an error.
    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// `identity assertion refused (<kind>): <detail>`.
    public var description: String {
        kind == .invalidConfiguration
            ? "assertion verifier misconfigured: \(detail)" : "identity assertion refused (\(kind.rawValue)): \(detail)"
    }
}
