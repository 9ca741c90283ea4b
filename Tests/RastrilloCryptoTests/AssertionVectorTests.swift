import RastrilloCrypto
import RastrilloJSON
import Testing

/// Replays assertion/golden.json and the strict-parser fixtures.
@Suite struct AssertionVectorTests {
    static let issuer = "https://id.example.com"
    static let audience = "https://team.docs.example.com"
    static let now: Int64 = 1_700_000_000

    static let refusedFixtures = [
        "refused-case-alias.json", "refused-duplicate.json", "refused-escaped-duplicate.json",
        "refused-invalid-utf8.json", "refused-leading-space.json", "refused-lone-surrogate.json",
        "refused-nested-duplicate.json", "refused-null-ext.json", "refused-trailing-json.json",
        "refused-trailing-space.json", "refused-unknown.json",
    ]

    @Test func goldenTokenVerifies() throws {
        let golden = try VectorFiles.object("assertion/golden.json")
        let payload = try golden.string("payload")
        let key = try PublicKey(uncompressed: try golden.base64url("publicKey"))
        let token =
            Base64.encode(Array(payload.utf8), alphabet: .url, padded: false) + "." + (try golden.string("signature"))
        let verifier = try AssertionVerifier(issuer: Self.issuer, audience: Self.audience, keys: ["key_1": key])
        let claims = try verifier.verify(token, now: Self.now)
        #expect(claims.subject == "person_123")
        #expect(claims.keyID == "key_1")
        #expect(
            claims.issuedAt == 1_700_000_000 && claims.expiresAt == 1_700_000_120 && claims.authTime == 1_699_999_900)
        // The claim-order writer reproduces the signed payload byte for byte.
        #expect(claims.payload() == Array(payload.utf8))
    }

    @Test func basePayloadSignedFreshlyVerifies() throws {
        let key = try PrivateKey.generate()
        let token = try Assertion.sign(payload: try VectorFiles.bytes("assertion/payload.json"), with: key)
        let verifier = try AssertionVerifier(
            issuer: Self.issuer, audience: Self.audience, keys: ["key_1": key.publicKey])
        #expect(try verifier.verify(token, now: Self.now).jti == "AAAAAAAAAAAAAAAAAAAAAA")
    }

    @Test func pairedSurrogatesAreAccepted() throws {
        let key = try PrivateKey.generate()
        let token = try Assertion.sign(payload: try VectorFiles.bytes("assertion/paired-surrogates.json"), with: key)
        let verifier = try AssertionVerifier(
            issuer: Self.issuer, audience: Self.audience, keys: ["key_1": key.publicKey])
        let claims = try verifier.verify(token, now: Self.now)
        #expect(claims.ext?["a"]?.value.stringValue == "😀")
    }

    @Test(arguments: refusedFixtures)
    func refusedFixtureIsRefusedWhenValidlySigned(name: String) throws {
        let key = try PrivateKey.generate()
        let payload = try VectorFiles.bytes("assertion/" + name)
        let token = try Assertion.sign(payload: payload, with: key)
        let verifier = try AssertionVerifier(
            issuer: Self.issuer, audience: Self.audience, keys: ["key_1": key.publicKey])
        #expect(throws: AssertionError.self) { _ = try verifier.verify(token, now: Self.now) }
        do {
            _ = try verifier.verify(token, now: Self.now)
        } catch {
            #expect(error.kind == .malformedPayload, "\(name): \(error)")
        }
    }

    @Test func refusalReasonsMatchTheFixtures() throws {
        let key = try PrivateKey.generate()
        let verifier = try AssertionVerifier(
            issuer: Self.issuer, audience: Self.audience, keys: ["key_1": key.publicKey])
        let expectations: [(String, String)] = [
            ("refused-case-alias.json", "unknown claim \"ISS\""),
            ("refused-duplicate.json", "key \"v\" appears more than once"),
            ("refused-escaped-duplicate.json", "key \"v\" appears more than once"),
            ("refused-invalid-utf8.json", "not valid UTF-8"),
            ("refused-leading-space.json", "whitespace before '{' or after '}'"),
            ("refused-lone-surrogate.json", "unpaired UTF-16 surrogate"),
            ("refused-nested-duplicate.json", "(/ext/a/x): key \"x\" appears more than once"),
            ("refused-null-ext.json", "claim ext must be an object, not null"),
            ("refused-trailing-json.json", "extra data after the root value"),
            ("refused-trailing-space.json", "whitespace before '{' or after '}'"),
            ("refused-unknown.json", "unknown claim \"roles\""),
        ]
        #expect(expectations.map(\.0) == Self.refusedFixtures)
        for (name, reason) in expectations {
            let token = try Assertion.sign(payload: try VectorFiles.bytes("assertion/" + name), with: key)
            do {
                _ = try verifier.verify(token, now: Self.now)
                Issue.record("\(name) accepted")
            } catch {
                #expect(error.detail.contains(reason), "\(name): \(error.detail)")
            }
        }
    }
}
