import RastrilloCrypto
import RastrilloJSON
import RastrilloTestSupport
import Testing

/// The verification order, every claim rule, and the limits.
@Suite struct AssertionVerifierTests {
    static let issuer = "https://id.example.com"
    static let audience = "https://team.docs.example.com"

    let key: PrivateKey
    let verifier: AssertionVerifier

    init() throws {
        key = try PrivateKey.generate()
        verifier = try AssertionVerifier(issuer: Self.issuer, audience: Self.audience, keys: ["key_1": key.publicKey])
    }

    static func claims() -> AssertionClaims {
        AssertionClaims(
            issuer: issuer, audience: audience, subject: "person_123", keyID: "key_1", jti: "AAAAAAAAAAAAAAAAAAAAAA",
            nonce: "AQEBAQEBAQEBAQEBAQEBAQ", issuedAt: 1_700_000_000, expiresAt: 1_700_000_120, authTime: 1_699_999_900)
    }

    func kind(_ claims: AssertionClaims, signer: PrivateKey? = nil, now: Int64 = 1_700_000_000) throws
        -> AssertionError.Kind?
    {
        kind(token: try Assertion.sign(payload: claims.payload(), with: signer ?? key), now: now)
    }

    func kind(payload: String, now: Int64 = 1_700_000_000) throws -> AssertionError.Kind? {
        kind(token: try Assertion.sign(payload: Array(payload.utf8), with: key), now: now)
    }

    func kind(token: String, now: Int64 = 1_700_000_000) -> AssertionError.Kind? {
        do {
            _ = try verifier.verify(token, now: now)
            return nil
        } catch {
            #expect(!error.description.contains(token))
            return error.kind
        }
    }

    @Test func validClaimsVerify() throws {
        #expect(try kind(Self.claims()) == nil)
    }

    @Test func anyKeyOrderIsAccepted() throws {
        let payload =
            #"{"auth_time":1699999900,"exp":1700000120,"iat":1700000000,"nonce":"AQEBAQEBAQEBAQEBAQEBAQ","#
            + #""jti":"AAAAAAAAAAAAAAAAAAAAAA","kid":"key_1","sub":"person_123","aud":"https://team.docs.example.com","#
            + #""iss":"https://id.example.com","v":1}"#
        #expect(try kind(payload: payload) == nil)
    }

    @Test func shapeAndSize() throws {
        let token = try Assertion.sign(payload: Self.claims().payload(), with: key)
        let parts = token.split(separator: ".").map(String.init)
        #expect(kind(token: parts[0]) == .malformedToken)
        #expect(kind(token: token + ".x") == .malformedToken)
        #expect(kind(token: parts[0] + "=." + parts[1]) == .malformedToken)
        #expect(kind(token: parts[0] + "." + parts[1] + "==") == .malformedToken)
        #expect(kind(token: parts[0] + "." + String(parts[1].dropLast())) == .malformedToken)
        #expect(kind(token: parts[0] + "." + "/" + String(parts[1].dropFirst())) == .malformedToken)
        #expect(kind(token: parts[0] + "." + "+" + String(parts[1].dropFirst())) == .malformedToken)
        #expect(kind(token: String(repeating: "A", count: 8193)) == .malformedToken)
        // 64 bytes end in a 1-byte group: the last character's 4 unused bits must be zero, so it is
        // one of A, Q, g, w. The next letter decodes to the same bytes but is not canonical.
        let last = parts[1].last!
        #expect("AQgw".contains(last))
        let sibling = ["A": "B", "Q": "R", "g": "h", "w": "x"][String(last)]!
        #expect(kind(token: parts[0] + "." + String(parts[1].dropLast()) + sibling) == .malformedToken)
        let big = [UInt8](repeating: 0x20, count: 4097)
        let bigToken = Base64.encode(big, alphabet: .url, padded: false) + "." + parts[1]
        #expect(kind(token: bigToken) == .malformedToken)
    }

    @Test func orderVersionBeforeKeyBeforeSignature() throws {
        var claims = Self.claims()
        claims.version = 2
        claims.keyID = "key_9"
        let other = try PrivateKey.generate()
        #expect(try kind(claims, signer: other) == .unsupportedVersion)
        claims.version = 1
        #expect(try kind(claims, signer: other) == .unknownKey)
        claims.keyID = "key_1"
        #expect(try kind(claims, signer: other) == .badSignature)
    }

    @Test func orderSignatureBeforeIssuerBeforeAudienceBeforeClaims() throws {
        var claims = Self.claims()
        claims.issuer = "https://evil.example.com"
        claims.audience = "https://other.example.com"
        claims.subject = "bad subject"
        #expect(try kind(claims, signer: try PrivateKey.generate()) == .badSignature)
        #expect(try kind(claims) == .wrongIssuer)
        claims.issuer = Self.issuer
        #expect(try kind(claims) == .wrongAudience)
        claims.audience = Self.audience
        #expect(try kind(claims) == .invalidClaims)
    }

    @Test func orderClaimsBeforeExpiryBeforeLifetime() throws {
        var claims = Self.claims()
        claims.subject = ""
        #expect(try kind(claims, now: 1_800_000_000) == .invalidClaims)
        claims.subject = "person_123"
        #expect(try kind(claims, now: 1_700_000_120) == .expired)
        #expect(try kind(claims, now: 1_700_000_119) == nil)
        #expect(try kind(claims, now: 1_699_999_970) == nil)
        #expect(try kind(claims, now: 1_699_999_969) == .notYetValid)
    }

    @Test func tamperedSignatureOrPayload() throws {
        let token = try Assertion.sign(payload: Self.claims().payload(), with: key)
        let parts = token.split(separator: ".").map(String.init)
        var signature = try Base64.decode(parts[1], alphabet: .url, padding: .forbidden, what: "s")
        signature[10] ^= 1
        #expect(kind(token: parts[0] + "." + Base64.encode(signature, alphabet: .url, padded: false)) == .badSignature)
        var payload = Self.claims().payload()
        payload[payload.count - 2] = UInt8(ascii: "1")
        #expect(kind(token: Base64.encode(payload, alphabet: .url, padded: false) + "." + parts[1]) == .badSignature)
    }

    static let claimMutations: [(String, @Sendable (inout AssertionClaims) -> Void)] = [
        ("sub too long", { $0.subject = String(repeating: "a", count: 129) }),
        ("sub bad character", { $0.subject = "person.123" }),
        ("kid bad character", { $0.keyID = "key 1" }),
        ("jti too short", { $0.jti = "AAAAAAAAAAAAAAAAAAAAA" }),
        ("jti not canonical", { $0.jti = "AAAAAAAAAAAAAAAAAAAAAB" }),
        ("nonce not base64url", { $0.nonce = "AQEBAQEBAQEBAQEBAQEB+Q" }),
        ("jti equals nonce", { $0.nonce = $0.jti }),
        ("auth_time after iat", { $0.authTime = $0.issuedAt + 1 }),
        ("auth_time zero", { $0.authTime = 0 }),
        ("exp equals iat", { $0.expiresAt = $0.issuedAt }),
        ("lifetime over 120", { $0.expiresAt = $0.issuedAt + 121 }),
        ("iat zero", { $0.issuedAt = 0 }),
    ]

    @Test(arguments: claimMutations.indices)
    func claimRules(index: Int) throws {
        var claims = Self.claims()
        Self.claimMutations[index].1(&claims)
        if claims.keyID != "key_1" {
            // A kid outside the grammar is not pinned, so the key lookup refuses it first.
            #expect(try kind(claims) == .unknownKey, "\(Self.claimMutations[index].0)")
        } else {
            #expect(try kind(claims, now: 1_000) == .invalidClaims, "\(Self.claimMutations[index].0)")
        }
    }

    @Test func claimBoundariesAreAccepted() throws {
        var claims = Self.claims()
        claims.subject = String(repeating: "a", count: 128)
        claims.authTime = claims.issuedAt
        claims.expiresAt = claims.issuedAt + 120
        #expect(try kind(claims) == nil)
    }

    static let payloadCases: [(String, String)] = [
        ("fraction", #"{"v":1,"iat":1700000000.0"#),
        ("exponent", #"{"v":1,"iat":17e8"#),
        ("string number", #"{"v":1,"iat":"1700000000""#),
        ("overflow", #"{"v":1,"iat":9223372036854775808"#),
        ("null claim", #"{"v":1,"iat":null"#),
        ("v as string", #"{"v":"1","iat":1700000000"#),
    ]

    @Test(arguments: payloadCases.indices)
    func numbersAreIntegerLiteralsOnly(index: Int) throws {
        let prefix = Self.payloadCases[index].1
        let rest =
            #","exp":1700000120,"auth_time":1699999900,"iss":"https://id.example.com","#
            + #""aud":"https://team.docs.example.com","sub":"p","kid":"key_1","jti":"AAAAAAAAAAAAAAAAAAAAAA","#
            + #""nonce":"AQEBAQEBAQEBAQEBAQEBAQ"}"#
        #expect(try kind(payload: prefix + rest) == .malformedPayload, "\(Self.payloadCases[index].0)")
    }

    @Test func missingClaimIsRefused() throws {
        var payload = String(decoding: Self.claims().payload(), as: UTF8.self)
        payload = payload.replacingOccurrences(of: #","sub":"person_123""#, with: "")
        #expect(try kind(payload: payload) == .malformedPayload)
    }

    @Test func extLimit() throws {
        func claims(extBytes: Int) throws -> AssertionClaims {
            // {"a":"xxxx"} is 8 bytes of framing plus the string.
            let text = #"{"a":""# + String(repeating: "x", count: extBytes - 8) + #""}"#
            var claims = Self.claims()
            claims.ext = try JSONReader().read(Array(text.utf8)).value.objectValue
            return claims
        }
        #expect(try kind(try claims(extBytes: 1024)) == nil)
        #expect(try kind(try claims(extBytes: 1025)) == .malformedPayload)
    }

    @Test func verifierConfigurationIsChecked() throws {
        let pub = key.publicKey
        #expect(throws: AssertionError.self) {
            try AssertionVerifier(issuer: Self.issuer, audience: Self.issuer, keys: ["k": pub])
        }
        #expect(throws: AssertionError.self) {
            try AssertionVerifier(issuer: "http://id.example.com", audience: Self.audience, keys: ["k": pub])
        }
        #expect(throws: AssertionError.self) {
            try AssertionVerifier(issuer: Self.issuer, audience: Self.audience, keys: [:])
        }
        let nine = Dictionary(uniqueKeysWithValues: (0..<9).map { ("k\($0)", pub) })
        #expect(throws: AssertionError.self) {
            try AssertionVerifier(issuer: Self.issuer, audience: Self.audience, keys: nine)
        }
        #expect(throws: AssertionError.self) {
            try AssertionVerifier(issuer: Self.issuer, audience: Self.audience, keys: ["k.1": pub])
        }
    }

    @Test(arguments: [
        ("https://id.example.com", true), ("https://a.b-c.example:8443", true), ("https://localhost", true),
        ("http://id.example.com", false), ("https://ID.example.com", false), ("https://id.example.com/", false),
        ("https://id.example.com:443", false), ("https://id.example.com:0443", false),
        ("https://id.example.com:", false),
        ("https://id.example.com:65536", false), ("https://127.0.0.1", false), ("https://[::1]", false),
        ("https://example.0x7f", false), ("https://0x7f000001", false), ("https://user@example.com", false),
        ("https://example.com?q", false), ("https://example.com#f", false), ("https://example..com", false),
        ("https://example.com.", false), ("https://" + String(repeating: "a", count: 64) + ".com", false),
        ("https://", false), ("https://ex_ample.com", false),
    ])
    func originGrammar(origin: String, canonical: Bool) {
        #expect((HTTPSOrigin.problem(origin) == nil) == canonical, "\(origin)")
    }

    @Test func randomClaimsRoundTrip() throws {
        let seed = SeededGenerator.seed("assertion round trip", fallback: 0x5EED_0A01)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<40 {
            let iat = Int64.random(in: 1...4_000_000_000, using: &random)
            let id = { (random: inout SeededGenerator) in
                Base64.encode(
                    (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }, alphabet: .url, padded: false)
            }
            var claims = Self.claims()
            claims.subject = String(
                (0..<Int.random(in: 1...128, using: &random)).map { _ in "aZ09_-".randomElement(using: &random)! })
            claims.jti = id(&random)
            claims.nonce = id(&random)
            claims.issuedAt = iat
            claims.expiresAt = iat + Int64.random(in: 1...120, using: &random)
            claims.authTime = Int64.random(in: 1...iat, using: &random)
            let token = try Assertion.sign(payload: claims.payload(), with: key)
            #expect(try verifier.verify(token, now: iat) == claims, "seed \(seed)")
        }
    }
}
