import RastrilloCrypto

/// `fuzz-crypto`: the crypto formats, two ways. The first byte picks a format and a mode:
/// *flip* changes one byte (position and XOR mask from the next three bytes) of a valid
/// sealed envelope, invite-wrapped group key, keypair JSON, invite token or assertion, and
/// requires that the result no longer opens (or verifies) with what opened the original;
/// *raw* hands the rest of the input to the same reader and requires only that it returns or
/// throws. The one flip allowed to keep a keypair is a hex letter's case (`a` ↔ `A`): hex
/// decoding accepts both, as Go's does, so both spell the same key.
enum CryptoCheck {
    struct Fixture {
        let recipient: PrivateKey
        let keypair: Keypair
        let sealed: [UInt8]
        let invite: Invite
        let wrapped: String
        let signer: PrivateKey
        let verifier: AssertionVerifier
        let token: String
        static let context = "fuzz/v1"
        static let now: Int64 = 1_800_000_000
    }

    static let fixture: Fixture = {
        do {
            let recipient = try PrivateKey(rawScalar: Array(1...32))
            let signer = try PrivateKey(rawScalar: Array(33...64))
            let invite = try Invite(secret: Array(100...115), context: Fixture.context)
            let claims = AssertionClaims(
                issuer: "https://id.example.com", audience: "https://app.example.com", subject: "user-1",
                keyID: "k1", jti: "AAAAAAAAAAAAAAAAAAAAAA", nonce: "AQEBAQEBAQEBAQEBAQEBAQ", issuedAt: Fixture.now - 10,
                expiresAt: Fixture.now + 60,
                authTime: Fixture.now - 20)
            return Fixture(
                recipient: recipient, keypair: Keypair(signing: signer, box: recipient),
                sealed: try Envelope.seal(Array("a secret".utf8), to: recipient.publicKey, context: Fixture.context),
                invite: invite, wrapped: try invite.wrapGroupKey(Array(0..<32)), signer: signer,
                verifier: try AssertionVerifier(
                    issuer: "https://id.example.com", audience: "https://app.example.com",
                    keys: ["k1": signer.publicKey]),
                token: try Assertion.sign(payload: claims.payload(), with: signer))
        } catch {
            fatalError("the crypto fixture must build: \(error)")
        }
    }()

    static func flipped(_ original: [UInt8], _ spec: ArraySlice<UInt8>) -> (bytes: [UInt8], index: Int)? {
        guard !original.isEmpty, spec.count >= 3 else { return nil }
        let start = spec.startIndex
        let index = (Int(spec[start]) | Int(spec[start + 1]) << 8) % original.count
        let mask = spec[start + 2] == 0 ? 1 : spec[start + 2]
        var bytes = original
        bytes[index] ^= mask
        return (bytes, index)
    }

    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        guard let selector = bytes.first else { return }
        let rest = bytes.dropFirst()
        let text = String(decoding: rest, as: UTF8.self)
        let fixture = Self.fixture
        switch selector % 10 {
        case 0:
            guard let (sealed, index) = flipped(fixture.sealed, rest) else { return }
            let opened = try? Envelope.open(sealed, with: fixture.recipient, context: Fixture.context)
            try require(opened == nil, "a sealed envelope with byte \(index) changed still opens")
        case 1: _ = try? Envelope.open(Array(rest), with: fixture.recipient, context: Fixture.context)
        case 2:
            guard let (wrapped, index) = flipped(Array(fixture.wrapped.utf8), rest) else { return }
            let text = String(decoding: wrapped, as: UTF8.self)
            let opened = try? fixture.invite.unwrapGroupKey(text)
            try require(opened == nil, "a wrapped group key with byte \(index) changed still opens: \(escaped(text))")
        case 3: _ = try? fixture.invite.unwrapGroupKey(text)
        case 4:
            let original = Array(fixture.keypair.json().utf8)
            guard let (json, index) = flipped(original, rest) else { return }
            guard let keypair = try? Keypair(json: json) else { return }
            let caseOnly = "abcdefABCDEF".utf8.contains(original[index]) && json[index] == original[index] ^ 0x20
            let opens = (try? Envelope.open(fixture.sealed, with: keypair.box, context: Fixture.context)) != nil
            let signs = keypair.signing.rawScalar == fixture.signer.rawScalar
            try require(
                caseOnly || !(opens && signs),
                "keypair JSON with byte \(index) changed still holds the same keys: \(escaped(json))")
        case 5: _ = try? Keypair(json: Array(rest))
        case 6:
            guard let (token, index) = flipped(Array(fixture.invite.token.utf8), rest) else { return }
            let text = String(decoding: token, as: UTF8.self)
            guard let invite = try? Invite(token: text, context: Fixture.context) else { return }
            let opened = try? invite.unwrapGroupKey(fixture.wrapped)
            try require(opened == nil, "an invite token with byte \(index) changed still opens: \(escaped(text))")
        case 7: _ = try? Invite(token: text, context: Fixture.context)
        case 8:
            guard let (token, index) = flipped(Array(fixture.token.utf8), rest) else { return }
            let text = String(decoding: token, as: UTF8.self)
            let claims = try? fixture.verifier.verify(text, now: Fixture.now)
            try require(claims == nil, "an assertion with byte \(index) changed still verifies: \(escaped(text))")
        default: _ = try? fixture.verifier.verify(text, now: Fixture.now)
        }
    }
}
