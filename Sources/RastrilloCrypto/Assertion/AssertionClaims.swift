import RastrilloJSON

/// The claims of an identity assertion, as verified (or to be signed).
///
/// The payload is one JSON object with exactly these members, in any order: `v`, `iss`, `aud`,
/// `sub`, `kid`, `jti`, `nonce`, `iat`, `exp`, `auth_time`, and optionally `ext` (an object of
/// at most 1024 bytes). ``payload()`` writes them in that order.
///
/// ```swift
/// let claims = AssertionClaims(
///     issuer: "https://id.example.com", audience: "https://team.docs.example.com",
///     subject: "person_123", keyID: "key_1", jti: jti, nonce: nonce,
///     issuedAt: now, expiresAt: now + 120, authTime: now - 100)
/// let token = try Assertion.sign(payload: claims.payload(), with: signingKey)
/// ```
public struct AssertionClaims: Sendable, Hashable {
    /// `v`: the format version (1).
    public var version: Int64
    /// `iss`: the issuer's canonical HTTPS origin.
    public var issuer: String
    /// `aud`: the audience's canonical HTTPS origin.
    public var audience: String
    /// `sub`: the subject, up to 128 characters `[A-Za-z0-9_-]`.
    public var subject: String
    /// `kid`: the signing key's id, up to 64 characters `[A-Za-z0-9_-]`.
    public var keyID: String
    /// `jti`: 22 characters, base64url of 16 random bytes.
    public var jti: String
    /// `nonce`: 22 characters, base64url of 16 random bytes, different from `jti`.
    public var nonce: String
    /// `iat`: issued-at, Unix seconds.
    public var issuedAt: Int64
    /// `exp`: expiry, Unix seconds, `iat < exp ≤ iat + 120`.
    public var expiresAt: Int64
    /// `auth_time`: when the person authenticated, Unix seconds, `0 < auth_time ≤ iat`.
    public var authTime: Int64
    /// `ext`: optional extension object.
    public var ext: JSONObject?

    /// Creates claims (version 1 unless given).
    public init(
        version: Int64 = 1, issuer: String, audience: String, subject: String, keyID: String, jti: String,
        nonce: String, issuedAt: Int64, expiresAt: Int64, authTime: Int64, ext: JSONObject? = nil
    ) {
        self.version = version
        self.issuer = issuer
        self.audience = audience
        self.subject = subject
        self.keyID = keyID
        self.jti = jti
        self.nonce = nonce
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.authTime = authTime
        self.ext = ext
    }

    /// The payload JSON, compact, members in claim order.
    public func payload() -> [UInt8] {
        var bytes: [UInt8] = []
        func member(_ key: String, _ value: JSONValue) {
            bytes.append(bytes.isEmpty ? UInt8(ascii: "{") : UInt8(ascii: ","))
            JSONString.appendQuoted(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            JSONWriter.append(value, to: &bytes)
        }
        func number(_ value: Int64) -> JSONValue { .number(JSONNumber(literal: String(value))!) }
        member("v", number(version))
        member("iss", .string(issuer))
        member("aud", .string(audience))
        member("sub", .string(subject))
        member("kid", .string(keyID))
        member("jti", .string(jti))
        member("nonce", .string(nonce))
        member("iat", number(issuedAt))
        member("exp", number(expiresAt))
        member("auth_time", number(authTime))
        if let ext { member("ext", .object(ext)) }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The strict parse: the JSON rules (``JSONReader`` with the object-root rule), exactly the
    /// known claims with exact case, no nulls, integer literals only, `ext` an object ≤ 1024 bytes.
    init(strictPayload payload: [UInt8]) throws(AssertionError) {
        let root: JSONNode
        do {
            root = try JSONReader(options: .init(maxBytes: Assertion.maxPayloadBytes, requireObjectRoot: true)).read(
                payload)
        } catch {
            throw AssertionError(.malformedPayload, error.description)
        }
        guard let object = root.value.objectValue else { throw AssertionError(.malformedPayload, "not an object") }
        for key in object.keys where !Self.claimNames.contains(key) {
            throw AssertionError(
                .malformedPayload, "unknown claim \(JSONString.quoted(key)); claim names are exact and case-sensitive")
        }
        version = try Self.integer(object, "v")
        issuer = try Self.string(object, "iss")
        audience = try Self.string(object, "aud")
        subject = try Self.string(object, "sub")
        keyID = try Self.string(object, "kid")
        jti = try Self.string(object, "jti")
        nonce = try Self.string(object, "nonce")
        issuedAt = try Self.integer(object, "iat")
        expiresAt = try Self.integer(object, "exp")
        authTime = try Self.integer(object, "auth_time")
        if let node = object["ext"] {
            guard let extObject = node.value.objectValue else {
                throw AssertionError(.malformedPayload, "claim ext must be an object, not \(node.value.kindName)")
            }
            let size = (node.endOffset ?? node.position.offset) - node.position.offset
            guard size <= Assertion.maxExtBytes else {
                throw AssertionError(
                    .malformedPayload, "claim ext is \(size) bytes, over the limit of \(Assertion.maxExtBytes)")
            }
            ext = extObject
        } else {
            ext = nil
        }
    }

    static let claimNames: Set<String> = [
        "v", "iss", "aud", "sub", "kid", "jti", "nonce", "iat", "exp", "auth_time", "ext",
    ]

    private static func required(_ object: JSONObject, _ key: String) throws(AssertionError) -> JSONNode {
        guard let node = object[key] else { throw AssertionError(.malformedPayload, "missing claim \(key)") }
        return node
    }

    private static func string(_ object: JSONObject, _ key: String) throws(AssertionError) -> String {
        let node = try required(object, key)
        guard let value = node.value.stringValue else {
            throw AssertionError(.malformedPayload, "claim \(key) must be a string, not \(node.value.kindName)")
        }
        return value
    }

    private static func integer(_ object: JSONObject, _ key: String) throws(AssertionError) -> Int64 {
        let node = try required(object, key)
        guard let number = node.value.numberValue else {
            throw AssertionError(
                .malformedPayload, "claim \(key) must be an integer number, not \(node.value.kindName)")
        }
        guard let value = number.int64 else {
            throw AssertionError(
                .malformedPayload,
                "claim \(key) must be an integer literal that fits in 64 bits (no fraction or exponent)")
        }
        return value
    }
}
