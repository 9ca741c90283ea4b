import RastrilloCrypto
import Testing

/// Replays crypto/golden.json in every direction its README lists.
@Suite struct CryptoGoldenTests {
    let golden: JSONObjectBox

    init() throws { golden = JSONObjectBox(try VectorFiles.object("crypto/golden.json")) }

    @Test func keypairGivesBothPublicKeys() throws {
        let envelope = try golden.value.object("envelope")
        let keypair = try envelope.object("keypair")
        let sign = try PrivateKey(hexScalar: try keypair.string("sign_priv_d"))
        let box = try PrivateKey(hexScalar: try keypair.string("box_priv_d"))
        #expect(sign.publicKey.uncompressed == (try envelope.base64("sign_pub")))
        #expect(box.publicKey.uncompressed == (try envelope.base64("box_pub")))
    }

    @Test func keypairJSONReadsAndWritesTheSameKeys() throws {
        let keypairNode = try golden.value.object("envelope").object("keypair")
        let text =
            #"{"sign_priv_d":"\#(try keypairNode.string("sign_priv_d"))","box_priv_d":"\#(try keypairNode.string("box_priv_d"))"}"#
        let pair = try Keypair(json: Array(text.utf8))
        #expect(pair.json() == text)
        #expect(!pair.description.contains(try keypairNode.string("sign_priv_d")))
    }

    @Test func sealedOpensToPlaintext() throws {
        let envelope = try golden.value.object("envelope")
        let box = try PrivateKey(hexScalar: try envelope.object("keypair").string("box_priv_d"))
        let seal = try envelope.object("seal")
        let opened = try Envelope.open(try seal.base64("sealed"), with: box, context: try seal.string("context"))
        #expect(opened == (try seal.base64("plaintext")))
    }

    @Test func signatureVerifies() throws {
        let envelope = try golden.value.object("envelope")
        let sign = try envelope.object("sign")
        let publicKey = try PublicKey(uncompressed: try envelope.base64("sign_pub"))
        try Signing.verify(
            try sign.base64("signature"), for: try sign.base64("message"), by: publicKey,
            context: try sign.string("context"))
    }

    @Test func freshSealAndSignRoundTripWithTheGoldenKeys() throws {
        let envelope = try golden.value.object("envelope")
        let keypair = try envelope.object("keypair")
        let box = try PrivateKey(hexScalar: try keypair.string("box_priv_d"))
        let sign = try PrivateKey(hexScalar: try keypair.string("sign_priv_d"))
        let seal = try envelope.object("seal")
        let plaintext = try seal.base64("plaintext")
        let context = try seal.string("context")
        let sealed = try Envelope.seal(plaintext, to: box.publicKey, context: context)
        #expect(sealed.count == plaintext.count + 93)
        #expect(try Envelope.open(sealed, with: box, context: context) == plaintext)
        let message = try envelope.object("sign").base64("message")
        let signContext = try envelope.object("sign").string("context")
        let signature = try Signing.sign(message, with: sign, context: signContext)
        #expect(signature.count == 64)
        try Signing.verify(signature, for: message, by: sign.publicKey, context: signContext)
    }

    @Test(arguments: [
        ("pack", "amadan-pack-v1"), ("manifest", "amadan-manifest-v1"), ("browse", "amadan-browse-v1"),
        ("ci", "amadan-ci-v1"),
    ])
    func repoKeyDerivations(name: String, context: String) throws {
        let repokey = try golden.value.object("repokey")
        let derived = try KeyDerivation.derive(try repokey.base64("key"), context: context)
        #expect(derived.bytes == (try repokey.object("derive").base64(name)))
    }

    @Test func sealSymOpensAndRoundTrips() throws {
        let repokey = try golden.value.object("repokey")
        let key = try SecretKey(bytes: try repokey.base64("key"))
        let sealsym = try repokey.object("sealsym")
        let plaintext = try sealsym.base64("plaintext")
        #expect(try Envelope.openSymmetric(try sealsym.base64("sealed"), key: key) == plaintext)
        let fresh = try Envelope.sealSymmetric(plaintext, key: key)
        #expect(fresh.count == plaintext.count + 28)
        #expect(try Envelope.openSymmetric(fresh, key: key) == plaintext)
    }
}
