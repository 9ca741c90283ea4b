import RastrilloJSON

/// Writes fresh vector files, in the same four schemas, from random keys: bytes made natively for
/// the web app's Go or JS twin (and an independent script) to replay.
///
/// ```swift
/// let text = try VectorMaker.make(.invites)   // JSON text, 2-space indent, trailing newline
/// ```
public enum VectorMaker {
    /// A new vector file of `schema`, as JSON text. Assertion files are issued at `now` (Unix seconds).
    public static func make(_ schema: VectorSchema, now: Int64) throws(CryptoError) -> String {
        let value: JSONValue
        switch schema {
        case .crypto: value = try crypto()
        case .invites: value = try invites()
        case .keyring: value = try keyring()
        case .assertion: value = try assertion(now: now)
        }
        return JSONWriter.pretty(value) + "\n"
    }

    static let provenance = "written by rastrillo-vectors make from random keys"

    private static func crypto() throws(CryptoError) -> JSONValue {
        let pair = try Keypair.generate()
        let sealPlaintext = Array("rastrillo-native vector: seal/open".utf8) + (try random(16))
        let signMessage = Array("rastrillo-native vector: sign/verify".utf8) + (try random(16))
        let sealContext = "rastrillo-native-seal-v1"
        let signContext = "rastrillo-native-sign-v1"
        let repoKey = try random(32)
        let symPlaintext = Array("rastrillo-native vector: sealsym/opensym".utf8)
        var derived: [(String, JSONValue)] = []
        for (name, context) in VectorChecker.repoKeyContexts {
            derived.append((name, b64(try KeyDerivation.derive(repoKey, context: context).bytes)))
        }
        return object([
            ("_provenance", .string(provenance)),
            (
                "envelope",
                object([
                    (
                        "keypair",
                        object([
                            ("sign_priv_d", .string(pair.signing.hexScalar)),
                            ("box_priv_d", .string(pair.box.hexScalar)),
                        ])
                    ),
                    ("sign_pub", b64(pair.signing.publicKey.uncompressed)),
                    ("box_pub", b64(pair.box.publicKey.uncompressed)),
                    (
                        "seal",
                        object([
                            ("context", .string(sealContext)), ("plaintext", b64(sealPlaintext)),
                            (
                                "sealed",
                                b64(try Envelope.seal(sealPlaintext, to: pair.box.publicKey, context: sealContext))
                            ),
                        ])
                    ),
                    (
                        "sign",
                        object([
                            ("context", .string(signContext)), ("message", b64(signMessage)),
                            ("signature", b64(try Signing.sign(signMessage, with: pair.signing, context: signContext))),
                        ])
                    ),
                ])
            ),
            (
                "repokey",
                object([
                    ("key", b64(repoKey)), ("derive", object(derived)),
                    (
                        "sealsym",
                        object([
                            ("plaintext", b64(symPlaintext)),
                            ("sealed", b64(try Envelope.sealSymmetric(symPlaintext, key: SecretKey(checked: repoKey)))),
                        ])
                    ),
                ])
            ),
        ])
    }

    private static func invites() throws(CryptoError) -> JSONValue {
        let context = "lchat-invite"
        var entries: [JSONValue] = []
        for _ in 0..<3 {
            let invite = try Invite.create(context: context)
            let groupKey = try random(32)
            entries.append(
                object([
                    ("t", .string(invite.token)), ("id", .string(invite.id)),
                    ("claimSecret", .string(invite.claimSecret)),
                    ("claimHash", .string(invite.claimHash)),
                    ("groupKey", .string(Base64.encode(groupKey, alphabet: .url, padded: false))),
                    ("wrappedGroupKey", .string(try invite.wrapGroupKey(groupKey))),
                ]))
        }
        return object([
            ("_provenance", .string(provenance)), ("context", .string(context)),
            ("invites", .array(entries.map { JSONNode(value: $0, position: .start) })),
        ])
    }

    private static func keyring() throws(CryptoError) -> JSONValue {
        let ring = try Keyring(namespace: "native-vectors")
        let seed = try Keyring.generateSeed()
        let prf = try random(32)
        let member = try PrivateKey.generate()
        let contentKey = try ring.contentKey(seed: seed)
        return object([
            ("_provenance", .string(provenance)), ("namespace", .string(ring.namespace)),
            (
                "strings",
                object([
                    ("prf_salt", .string(ring.prfSalt)), ("content_context", .string(ring.contentContext)),
                    ("wrap_context", .string(ring.wrapContext)), ("grant_context", .string(ring.grantContext)),
                ])
            ),
            ("seed", b64(seed)), ("content_key", b64(contentKey.bytes)), ("prf", b64(prf)),
            ("wrap_key", b64(try ring.wrapKey(prf: prf).bytes)),
            ("wrapped_seed", b64(try ring.wrapSeed(seed, prf: prf))),
            (
                "member",
                object([
                    ("box_priv_d", .string(member.hexScalar)), ("box_priv_pkcs8", b64(PKCS8.encode(member))),
                    ("box_pub", b64(member.publicKey.uncompressed)),
                ])
            ),
            ("grant", b64(try ring.grant(contentKey, to: member.publicKey))),
        ])
    }

    private static func assertion(now: Int64) throws(CryptoError) -> JSONValue {
        let key = try PrivateKey.generate()
        let claims = AssertionClaims(
            issuer: "https://id.example.com", audience: "https://team.docs.example.com", subject: "person_native",
            keyID: "key_1", jti: Base64.encode(try random(16), alphabet: .url, padded: false),
            nonce: Base64.encode(try random(16), alphabet: .url, padded: false), issuedAt: now, expiresAt: now + 120,
            authTime: now - 100)
        let payload = claims.payload()
        let token = try Assertion.sign(payload: payload, with: key)
        let signature = String(token.split(separator: ".")[1])
        return object([
            ("payload", .string(String(decoding: payload, as: UTF8.self))),
            ("publicKey", .string(Base64.encode(key.publicKey.uncompressed, alphabet: .url, padded: false))),
            ("signature", .string(signature)),
        ])
    }

    private static func random(_ count: Int) throws(CryptoError) -> [UInt8] {
        try CryptoBackends.current.randomBytes(count)
    }

    private static func b64(_ bytes: [UInt8]) -> JSONValue { .string(Base64.encode(bytes)) }

    private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        let built = members.map {
            JSONMember(key: $0.0, keyPosition: .start, value: JSONNode(value: $0.1, position: .start))
        }
        // Keys here are distinct literals, so the object always builds.
        return .object(JSONObject(members: built)!)
    }
}
