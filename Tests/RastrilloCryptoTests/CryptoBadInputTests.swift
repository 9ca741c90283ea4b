import RastrilloCrypto
import RastrilloTestSupport
import Testing

/// Every bad-input class of the issue's §5 gets a typed error, never a crash or partial plaintext.
@Suite struct CryptoBadInputTests {
    static let order = "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551"

    // MARK: Wrong lengths

    @Test func wrongLengths() throws {
        #expect(throws: CryptoError.invalidLength(what: "private key", expected: 32, actual: 31)) {
            try PrivateKey(rawScalar: [UInt8](repeating: 1, count: 31))
        }
        #expect(throws: CryptoError.invalidLength(what: "public key", expected: 65, actual: 64)) {
            try PublicKey(uncompressed: [UInt8](repeating: 4, count: 64))
        }
        #expect(throws: CryptoError.invalidLength(what: "key", expected: 32, actual: 33)) {
            try SecretKey(bytes: [UInt8](repeating: 1, count: 33))
        }
        let key = try PrivateKey.generate()
        #expect(throws: CryptoError.invalidLength(what: "signature", expected: 64, actual: 63)) {
            try Signing.verify([UInt8](repeating: 1, count: 63), for: [], by: key.publicKey, context: "c")
        }
        #expect(throws: CryptoError.tooShort(what: "sealed envelope", minimum: 93, actual: 92)) {
            try Envelope.open([UInt8](repeating: 4, count: 92), with: key, context: "c")
        }
        #expect(throws: CryptoError.tooShort(what: "symmetric envelope", minimum: 28, actual: 27)) {
            try Envelope.openSymmetric([UInt8](repeating: 0, count: 27), key: try SecretKey.generate())
        }
        let ring = try Keyring(namespace: "kass")
        #expect(throws: CryptoError.invalidLength(what: "keyring seed", expected: 32, actual: 16)) {
            try ring.contentKey(seed: [UInt8](repeating: 0, count: 16))
        }
        #expect(throws: CryptoError.invalidLength(what: "wrapped seed", expected: 60, actual: 61)) {
            try ring.unwrapSeed([UInt8](repeating: 0, count: 61), prf: [1])
        }
        #expect(throws: CryptoError.tooShort(what: "key material for Derive", minimum: 1, actual: 0)) {
            try KeyDerivation.derive([], context: "c")
        }
    }

    // MARK: Private scalars out of range

    @Test(arguments: [
        "0000000000000000000000000000000000000000000000000000000000000000",
        "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551",
        "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632552",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
    ])
    func scalarsOutsideTheGroupAreRefused(hex: String) {
        #expect(throws: CryptoError.invalidPrivateKey(what: "private key")) { try PrivateKey(hexScalar: hex) }
    }

    @Test func largestAndSmallestScalarsAreAccepted() throws {
        _ = try PrivateKey(hexScalar: "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632550")
        _ = try PrivateKey(hexScalar: "0000000000000000000000000000000000000000000000000000000000000001")
    }

    // MARK: Points not on the curve or at infinity

    static func offCurvePoints() throws -> [(String, [UInt8])] {
        let valid = try PrivateKey.generate().publicKey.uncompressed
        var flippedY = valid
        flippedY[64] ^= 1
        var compressedPrefix = valid
        compressedPrefix[0] = 0x02
        return [
            ("Y changed", flippedY), ("zero point (infinity stand-in)", [0x04] + [UInt8](repeating: 0, count: 64)),
            ("compressed prefix", compressedPrefix),
            ("X beyond the field", [0x04] + [UInt8](repeating: 0xFF, count: 64)),
        ]
    }

    @Test func pointsOffTheCurveAreRefused() throws {
        for (name, point) in try Self.offCurvePoints() {
            #expect(throws: CryptoError.invalidPublicKey(what: "public key"), "\(name)") {
                try PublicKey(uncompressed: point)
            }
        }
        #expect(throws: CryptoError.invalidLength(what: "public key", expected: 65, actual: 1)) {
            try PublicKey(uncompressed: [0x00])
        }
    }

    @Test func sealedWithAnOffCurveEphemeralKeyIsRefused() throws {
        let key = try PrivateKey.generate()
        let sealed = try Envelope.seal([1, 2, 3], to: key.publicKey, context: "c")
        for (name, point) in try Self.offCurvePoints() {
            let forged = point + sealed[65...]
            #expect(throws: CryptoError.self, "\(name)") { try Envelope.open(forged, with: key, context: "c") }
            do {
                _ = try Envelope.open(forged, with: key, context: "c")
            } catch {
                #expect(error == .invalidPublicKey(what: "sealed envelope's ephemeral key"), "\(name)")
            }
        }
    }

    // MARK: Truncated or tampered ciphertexts and signatures

    @Test func everyTamperedOrTruncatedEnvelopeIsRefused() throws {
        let key = try PrivateKey.generate()
        let plaintext = Array("secret plaintext that must never leak".utf8)
        let sealed = try Envelope.seal(plaintext, to: key.publicKey, context: "c")
        for index in sealed.indices {
            var tampered = sealed
            tampered[index] ^= 0x01
            do {
                _ = try Envelope.open(tampered, with: key, context: "c")
                Issue.record("tampered byte \(index) opened")
            } catch {
                #expect(
                    error == .openFailed(what: "sealed envelope")
                        || error == .invalidPublicKey(what: "sealed envelope's ephemeral key"))
                #expect(!error.description.contains("secret plaintext"))
            }
        }
        for length in 0..<sealed.count {
            #expect(throws: CryptoError.self, "length \(length)") {
                try Envelope.open(Array(sealed.prefix(length)), with: key, context: "c")
            }
        }
        let symmetricKey = try SecretKey.generate()
        let symmetric = try Envelope.sealSymmetric(plaintext, key: symmetricKey)
        for index in symmetric.indices {
            var tampered = symmetric
            tampered[index] ^= 0x80
            #expect(throws: CryptoError.openFailed(what: "symmetric envelope")) {
                try Envelope.openSymmetric(tampered, key: symmetricKey)
            }
        }
        for length in 28..<symmetric.count {
            #expect(throws: CryptoError.openFailed(what: "symmetric envelope")) {
                try Envelope.openSymmetric(Array(symmetric.prefix(length)), key: symmetricKey)
            }
        }
    }

    @Test func everyTamperedSignatureIsRefused() throws {
        let key = try PrivateKey.generate()
        let message = Array("message".utf8)
        let signature = try Signing.sign(message, with: key, context: "c")
        for index in signature.indices {
            var tampered = signature
            tampered[index] ^= 0x01
            #expect(throws: CryptoError.signatureMismatch) {
                try Signing.verify(tampered, for: message, by: key.publicKey, context: "c")
            }
        }
        let zero = [UInt8](repeating: 0, count: 64)
        let orderS = Array(signature.prefix(32)) + (try Hex.decode(Self.order, what: "n"))
        for forged in [zero, orderS, [UInt8](repeating: 0xFF, count: 64)] {
            #expect(throws: CryptoError.signatureMismatch) {
                try Signing.verify(forged, for: message, by: key.publicKey, context: "c")
            }
        }
        #expect(throws: CryptoError.signatureMismatch) {
            try Signing.verify(signature, for: message + [0], by: key.publicKey, context: "c")
        }
        #expect(throws: CryptoError.signatureMismatch) {
            try Signing.verify(signature, for: message, by: try PrivateKey.generate().publicKey, context: "c")
        }
    }

    // MARK: Malformed base64 and hex

    @Test(arguments: [
        ("YQ=", Base64.Padding.required), ("YQ", .required), ("Y", .forbidden), ("YR==", .required),
        ("YQ==", .forbidden), ("Y Q==", .required), ("YQ==\n", .required), ("Y=Q=", .required), ("YQ===", .optional),
        ("-_8", .required), ("é", .optional),
    ])
    func malformedStandardBase64(text: String, padding: Base64.Padding) {
        #expect(throws: CryptoError.self) { try Base64.decode(text, alphabet: .standard, padding: padding, what: "v") }
    }

    @Test(arguments: ["a+8", "a/8", "YR", "YQ=", "A"])
    func malformedBase64URL(text: String) {
        #expect(throws: CryptoError.self) { try Base64.decode(text, alphabet: .url, padding: .optional, what: "v") }
    }

    @Test func base64RoundTripsEveryLength() throws {
        for length in 0..<70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            for alphabet in [Base64.Alphabet.standard, .url] {
                let padded = Base64.encode(bytes, alphabet: alphabet, padded: true)
                let bare = Base64.encode(bytes, alphabet: alphabet, padded: false)
                #expect(try Base64.decode(padded, alphabet: alphabet, padding: .required, what: "v") == bytes)
                #expect(try Base64.decode(bare, alphabet: alphabet, padding: .forbidden, what: "v") == bytes)
                #expect(try Base64.decode(padded, alphabet: alphabet, padding: .optional, what: "v") == bytes)
            }
        }
    }

    @Test(arguments: ["abc", "zz", "0x12", "12 3", "１２"])
    func malformedHex(text: String) {
        #expect(throws: CryptoError.malformedHex(what: "v")) { try Hex.decode(text, what: "v") }
    }

    @Test(arguments: [
        #"{"sign_priv_d":"00"}"#, #"{"sign_priv_d":"x","box_priv_d":"y"}"#, "[]",
        #"{"sign_priv_d":1,"box_priv_d":2}"#,
        #"{"sign_priv_d":"28c88c1519291eadd80b4a39c9de801085438d73774229d87e6eed3cd83836f2","box_priv_d":"9995b6b6021d5928c58b846ab9a51d269beb7a71a02fe2d0b75068611be4aa69","x":1}"#,
        #"{"sign_priv_d":"28c88c1519291eadd80b4a39c9de801085438d73774229d87e6eed3cd83836f2","sign_priv_d":"28c88c1519291eadd80b4a39c9de801085438d73774229d87e6eed3cd83836f2","box_priv_d":"9995b6b6021d5928c58b846ab9a51d269beb7a71a02fe2d0b75068611be4aa69"}"#,
    ])
    func malformedKeypairJSON(text: String) {
        #expect(throws: CryptoError.self) { try Keypair(json: Array(text.utf8)) }
        do {
            _ = try Keypair(json: Array(text.utf8))
        } catch {
            #expect(!error.description.contains("28c88c1519291eadd80b4a39c9de801085438d73774229d87e6eed3cd83836f2"))
        }
    }

    // MARK: Wrong context

    @Test func wrongContextIsRefused() throws {
        let key = try PrivateKey.generate()
        let sealed = try Envelope.seal([9, 9], to: key.publicKey, context: "app/a/v1")
        #expect(throws: CryptoError.openFailed(what: "sealed envelope")) {
            try Envelope.open(sealed, with: key, context: "app/b/v1")
        }
        let signature = try Signing.sign([9], with: key, context: "app/a/v1")
        #expect(throws: CryptoError.signatureMismatch) {
            try Signing.verify(signature, for: [9], by: key.publicKey, context: "app/b/v1")
        }
        // The 0x00 separator keeps context and message apart: ("ab", "c") is not ("a", "bc").
        let split = try Signing.sign(Array("c".utf8), with: key, context: "ab")
        #expect(throws: CryptoError.signatureMismatch) {
            try Signing.verify(split, for: Array("bc".utf8), by: key.publicKey, context: "a")
        }
    }

    // MARK: No secrets in descriptions

    @Test func descriptionsHideSecrets() throws {
        let pair = try Keypair.generate()
        let secret = try SecretKey.generate()
        for text in [
            pair.description, String(describing: pair.signing), String(reflecting: pair.box), secret.description,
            String(reflecting: secret),
        ] {
            #expect(!text.contains(pair.signing.hexScalar) && !text.contains(pair.box.hexScalar))
            #expect(!text.contains(Hex.encode(secret.bytes)))
        }
    }

    @Test func randomizedOperationsRoundTrip() throws {
        let seed = SeededGenerator.seed("crypto round trip", fallback: 0x5EED_0C01)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<30 {
            let plaintext = (0..<Int.random(in: 0...2048, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            let context = "ctx-" + String(Int.random(in: 0...1_000_000, using: &random))
            let pair = try Keypair.generate()
            let sealed = try Envelope.seal(plaintext, to: pair.box.publicKey, context: context)
            #expect(sealed.count == plaintext.count + Envelope.sealOverhead)
            #expect(try Envelope.open(sealed, with: pair.box, context: context) == plaintext, "seed \(seed)")
            let key = try SecretKey.generate()
            #expect(try Envelope.openSymmetric(try Envelope.sealSymmetric(plaintext, key: key), key: key) == plaintext)
            let signature = try Signing.sign(plaintext, with: pair.signing, context: context)
            try Signing.verify(signature, for: plaintext, by: pair.signing.publicKey, context: context)
            let again = try Keypair(json: Array(pair.json().utf8))
            #expect(again.signing.rawScalar == pair.signing.rawScalar && again.box.rawScalar == pair.box.rawScalar)
            #expect(try PKCS8.decode(PKCS8.encode(pair.box)).rawScalar == pair.box.rawScalar)
        }
    }
}
