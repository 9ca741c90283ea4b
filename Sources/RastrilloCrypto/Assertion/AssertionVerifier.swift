/// Verifies identity assertions for one issuer and one audience against 1 to 8 pinned keys.
///
/// Checks run in this order, and the first failure is reported with its fixed
/// ``AssertionError/Kind``: size and shape → strict parse → `v` → key by `kid` → signature →
/// `iss` → `aud` → claim rules → expiry (`exp <= now`) → `iat - 30 > now`.
///
/// ```swift
/// let verifier = try AssertionVerifier(
///     issuer: "https://id.example.com", audience: "https://team.docs.example.com",
///     keys: ["key_1": issuerKey])
/// let claims = try verifier.verify(token, now: Int64(Date().timeIntervalSince1970))
/// ```
public struct AssertionVerifier: Sendable {
    /// The expected `iss`.
    public let issuer: String
    /// The expected `aud`.
    public let audience: String
    /// The pinned keys by `kid`.
    public let keys: [String: PublicKey]

    /// Creates a verifier.
    /// - Throws: ``AssertionError/Kind/invalidConfiguration`` when an origin is not canonical, the
    ///   two are equal, there are not 1 to 8 keys, or a key id breaks the `kid` grammar.
    public init(issuer: String, audience: String, keys: [String: PublicKey]) throws(AssertionError) {
        if let problem = HTTPSOrigin.problem(issuer) {
            throw AssertionError(.invalidConfiguration, "issuer: \(problem)")
        }
        if let problem = HTTPSOrigin.problem(audience) {
            throw AssertionError(.invalidConfiguration, "audience: \(problem)")
        }
        guard issuer != audience else { throw AssertionError(.invalidConfiguration, "issuer and audience must differ") }
        guard (1...8).contains(keys.count) else {
            throw AssertionError(.invalidConfiguration, "pin 1 to 8 issuer keys, not \(keys.count)")
        }
        for kid in keys.keys where !Self.isToken(kid, maxLength: 64) {
            throw AssertionError(.invalidConfiguration, "key ids must be 1 to 64 characters A-Z a-z 0-9 _ -")
        }
        self.issuer = issuer
        self.audience = audience
        self.keys = keys
    }

    /// Verifies `token` at `now` (Unix seconds) and returns its claims.
    /// - Throws: ``AssertionError`` with the first failing check's kind.
    public func verify(_ token: String, now: Int64) throws(AssertionError) -> AssertionClaims {
        let (payload, signature) = try Self.split(token)
        let claims = try AssertionClaims(strictPayload: payload)
        guard claims.version == 1 else { throw AssertionError(.unsupportedVersion, "v must be 1") }
        guard let key = keys[claims.keyID] else {
            throw AssertionError(.unknownKey, "no pinned key has this kid; pin the issuer's current key")
        }
        do {
            try Signing.verify(signature, for: payload, by: key, context: Assertion.context)
        } catch {
            throw AssertionError(.badSignature, "the signature does not verify under the pinned key for this kid")
        }
        guard claims.issuer == issuer else { throw AssertionError(.wrongIssuer, "iss is not the expected issuer") }
        guard claims.audience == audience else {
            throw AssertionError(.wrongAudience, "aud is not this audience")
        }
        try Self.checkClaims(claims)
        guard claims.expiresAt > now else { throw AssertionError(.expired, "exp is not after now") }
        guard claims.issuedAt - Assertion.clockSkew <= now else {
            throw AssertionError(.notYetValid, "iat is more than \(Assertion.clockSkew) seconds in the future")
        }
        return claims
    }

    /// Size and shape: one `.`, canonical unpadded base64url, the limits, a 64-byte signature.
    static func split(_ token: String) throws(AssertionError) -> (payload: [UInt8], signature: [UInt8]) {
        guard token.utf8.count <= Assertion.maxTokenBytes else {
            throw AssertionError(.malformedToken, "the token is over \(Assertion.maxTokenBytes) bytes")
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw AssertionError(.malformedToken, "the token must contain exactly one '.'") }
        let payload: [UInt8]
        let signature: [UInt8]
        do {
            payload = try Base64.decode(String(parts[0]), alphabet: .url, padding: .forbidden, what: "payload")
            signature = try Base64.decode(String(parts[1]), alphabet: .url, padding: .forbidden, what: "signature")
        } catch {
            throw AssertionError(.malformedToken, "both parts must be canonical unpadded base64url")
        }
        guard payload.count <= Assertion.maxPayloadBytes else {
            throw AssertionError(.malformedToken, "the payload is over \(Assertion.maxPayloadBytes) bytes")
        }
        guard signature.count == Signing.signatureLength else {
            throw AssertionError(.malformedToken, "the signature must be 64 bytes (86 base64url characters)")
        }
        return (payload, signature)
    }

    static func checkClaims(_ claims: AssertionClaims) throws(AssertionError) {
        guard isToken(claims.subject, maxLength: 128) else {
            throw AssertionError(.invalidClaims, "sub must be 1 to 128 characters A-Z a-z 0-9 _ -")
        }
        guard isToken(claims.keyID, maxLength: 64) else {
            throw AssertionError(.invalidClaims, "kid must be 1 to 64 characters A-Z a-z 0-9 _ -")
        }
        guard isRandomID(claims.jti) else {
            throw AssertionError(.invalidClaims, "jti must be 22 characters: base64url of 16 random bytes")
        }
        guard isRandomID(claims.nonce) else {
            throw AssertionError(.invalidClaims, "nonce must be 22 characters: base64url of 16 random bytes")
        }
        guard claims.jti != claims.nonce else { throw AssertionError(.invalidClaims, "jti and nonce must differ") }
        guard claims.issuedAt > 0 else { throw AssertionError(.invalidClaims, "iat must be positive") }
        guard claims.authTime > 0, claims.authTime <= claims.issuedAt else {
            throw AssertionError(.invalidClaims, "auth_time must be positive and not after iat")
        }
        guard claims.expiresAt > claims.issuedAt, claims.expiresAt - claims.issuedAt <= Assertion.maxLifetime else {
            throw AssertionError(
                .invalidClaims, "exp must be after iat and at most \(Assertion.maxLifetime) seconds after it")
        }
    }

    static func isToken(_ text: String, maxLength: Int) -> Bool {
        (1...maxLength).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == 0x5F || byte == 0x2D
            }
    }

    static func isRandomID(_ text: String) -> Bool {
        guard text.utf8.count == 22 else { return false }
        return (try? Base64.decode(text, alphabet: .url, padding: .forbidden, what: "id"))?.count == 16
    }
}
