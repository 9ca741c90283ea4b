import RastrilloCrypto
import Testing

/// Replays keyring/golden.json and the pinned blob-key value.
@Suite struct KeyringVectorTests {
    let file: JSONObjectBox
    init() throws { file = JSONObjectBox(try VectorFiles.object("keyring/golden.json")) }

    @Test func namespaceStrings() throws {
        let ring = try Keyring(namespace: try file.value.string("namespace"))
        let strings = try file.value.object("strings")
        #expect(ring.prfSalt == (try strings.string("prf_salt")))
        #expect(ring.contentContext == (try strings.string("content_context")))
        #expect(ring.wrapContext == (try strings.string("wrap_context")))
        #expect(ring.grantContext == (try strings.string("grant_context")))
    }

    @Test func keysAndWrappedSeed() throws {
        let ring = try Keyring(namespace: try file.value.string("namespace"))
        let seed = try file.value.base64("seed")
        let prf = try file.value.base64("prf")
        #expect(try ring.contentKey(seed: seed).bytes == (try file.value.base64("content_key")))
        #expect(try ring.wrapKey(prf: prf).bytes == (try file.value.base64("wrap_key")))
        #expect(try ring.unwrapSeed(try file.value.base64("wrapped_seed"), prf: prf) == seed)
        let fresh = try ring.wrapSeed(seed, prf: prf)
        #expect(fresh.count == 60)
        #expect(try ring.unwrapSeed(fresh, prf: prf) == seed)
    }

    @Test func grantOpensWithTheMemberKey() throws {
        let ring = try Keyring(namespace: try file.value.string("namespace"))
        let member = try file.value.object("member")
        let box = try PrivateKey(hexScalar: try member.string("box_priv_d"))
        #expect(box.publicKey.uncompressed == (try member.base64("box_pub")))
        let pkcs8 = try member.base64("box_priv_pkcs8")
        #expect(try PKCS8.decode(pkcs8).rawScalar == box.rawScalar)
        #expect(PKCS8.encode(box) == pkcs8)
        let contentKey = try file.value.base64("content_key")
        #expect(try ring.openGrant(try file.value.base64("grant"), with: box).bytes == contentKey)
        let fresh = try ring.grant(try SecretKey(bytes: contentKey), to: box.publicKey)
        #expect(fresh.count == 125)
        #expect(try ring.openGrant(fresh, with: box).bytes == contentKey)
    }

    @Test func pinnedBlobKey() throws {
        let ring = try Keyring(namespace: "kass")
        let key = try ring.blobKey(seed: [UInt8](repeating: 7, count: 32), name: "servers")
        #expect(Hex.encode(key.bytes) == "f3b239c47fc8cec5c20588083f93c73640b6b75ce8a1473576d93ebe172d2d43")
    }

    @Test(arguments: ["", "Servers", "a_b", String(repeating: "a", count: 65), "é"])
    func badBlobNamesAreRefused(name: String) throws {
        let ring = try Keyring(namespace: "kass")
        #expect(throws: CryptoError.invalidName(what: "blob name", rule: "use 1 to 64 characters a-z, 0-9 and '-'")) {
            try ring.blobKey(seed: [UInt8](repeating: 7, count: 32), name: name)
        }
    }

    @Test func wrongMemberOrNamespaceCannotOpen() throws {
        let ring = try Keyring(namespace: try file.value.string("namespace"))
        let other = try PrivateKey.generate()
        #expect(throws: CryptoError.openFailed(what: "sealed envelope")) {
            try ring.openGrant(try file.value.base64("grant"), with: other)
        }
        let box = try PrivateKey(hexScalar: try file.value.object("member").string("box_priv_d"))
        #expect(throws: CryptoError.openFailed(what: "sealed envelope")) {
            try Keyring(namespace: "other").openGrant(try file.value.base64("grant"), with: box)
        }
        #expect(throws: CryptoError.openFailed(what: "wrapped seed")) {
            try ring.unwrapSeed(try file.value.base64("wrapped_seed"), prf: [UInt8](repeating: 0, count: 32))
        }
        #expect(throws: CryptoError.invalidLength(what: "grant", expected: 125, actual: 124)) {
            try ring.openGrant(Array(try file.value.base64("grant").dropLast()), with: box)
        }
    }
}
