import RastrilloJSON

/// Replays a vector file of any of the four schemas and reports one ``VectorCheck`` per value.
///
/// ```swift
/// let report = try VectorChecker.check(bytes, file: "golden.json")
/// let failed = report.checks.filter { !$0.passed }
/// ```
public enum VectorChecker {
    /// Overrides for assertion files; by default issuer, audience and key id come from the
    /// payload and "now" is its `iat`.
    public struct AssertionSettings: Sendable {
        /// Expected `iss`.
        public var issuer: String?
        /// Expected `aud`.
        public var audience: String?
        /// The key id the file's public key is pinned under.
        public var keyID: String?
        /// Verification time, Unix seconds.
        public var now: Int64?

        /// Creates settings; `nil` means "take it from the payload".
        public init(issuer: String? = nil, audience: String? = nil, keyID: String? = nil, now: Int64? = nil) {
            self.issuer = issuer
            self.audience = audience
            self.keyID = keyID
            self.now = now
        }
    }

    /// The schema found and the checks run.
    public struct Report: Sendable {
        /// The recognised schema.
        public let schema: VectorSchema
        /// One entry per replayed value.
        public let checks: [VectorCheck]
    }

    /// Replays `bytes` (the file named `file` in messages).
    /// - Throws: ``CryptoError/malformedJSON(what:reason:)`` when the file is not JSON or not a
    ///   known schema; individual value failures are reported as failed checks, not thrown.
    public static func check(_ bytes: [UInt8], file: String, assertion: AssertionSettings = .init())
        throws(CryptoError) -> Report
    {
        let root = try JSONFields.object(bytes, what: file)
        let schema = try VectorSchema.detect(root, what: file)
        var run = Run(file: file)
        switch schema {
        case .crypto: run.crypto(root)
        case .invites: run.invites(root)
        case .keyring: run.keyring(root)
        case .assertion: run.assertion(root, settings: assertion)
        }
        return Report(schema: schema, checks: run.checks)
    }

    /// The contexts `repokey.derive` uses, by member name.
    static let repoKeyContexts: [(name: String, context: String)] = [
        ("pack", "amadan-pack-v1"), ("manifest", "amadan-manifest-v1"), ("browse", "amadan-browse-v1"),
        ("ci", "amadan-ci-v1"),
    ]

    /// Collects checks; each check's failure (a thrown error) becomes a failed entry.
    struct Run {
        let file: String
        var checks: [VectorCheck] = []

        mutating func expect(_ name: String, _ body: () throws -> Bool) {
            do {
                let matched = try body()
                checks.append(VectorCheck(name: name, passed: matched, detail: matched ? "" : "computed value differs"))
            } catch {
                checks.append(VectorCheck(name: name, passed: false, detail: String(describing: error)))
            }
        }

        mutating func crypto(_ root: JSONObject) {
            let f = Fields(file: file)
            expect("envelope.keypair gives sign_pub") {
                let envelope = try f.object(root, "envelope")
                let key = try PrivateKey(
                    hexScalar: try f.string(try f.object(envelope, "keypair"), "sign_priv_d"), what: "sign_priv_d")
                return key.publicKey.uncompressed == (try f.b64(envelope, "sign_pub"))
            }
            expect("envelope.keypair gives box_pub") {
                let envelope = try f.object(root, "envelope")
                let key = try PrivateKey(
                    hexScalar: try f.string(try f.object(envelope, "keypair"), "box_priv_d"), what: "box_priv_d")
                return key.publicKey.uncompressed == (try f.b64(envelope, "box_pub"))
            }
            expect("envelope.seal.sealed opens to plaintext") {
                let envelope = try f.object(root, "envelope")
                let box = try PrivateKey(
                    hexScalar: try f.string(try f.object(envelope, "keypair"), "box_priv_d"), what: "box_priv_d")
                let seal = try f.object(envelope, "seal")
                let opened = try Envelope.open(
                    try f.b64(seal, "sealed"), with: box, context: try f.string(seal, "context"))
                return opened == (try f.b64(seal, "plaintext"))
            }
            expect("envelope.sign.signature verifies") {
                let envelope = try f.object(root, "envelope")
                let sign = try f.object(envelope, "sign")
                let key = try PublicKey(uncompressed: try f.b64(envelope, "sign_pub"), what: "sign_pub")
                try Signing.verify(
                    try f.b64(sign, "signature"), for: try f.b64(sign, "message"), by: key,
                    context: try f.string(sign, "context"))
                return true
            }
            expect("envelope: fresh seal opens and fresh signature verifies") {
                let envelope = try f.object(root, "envelope")
                let pair = try Keypair(json: Array(JSONWriter.compact(.object(try f.object(envelope, "keypair"))).utf8))
                let seal = try f.object(envelope, "seal")
                let plaintext = try f.b64(seal, "plaintext")
                let context = try f.string(seal, "context")
                let sealed = try Envelope.seal(plaintext, to: pair.box.publicKey, context: context)
                let signature = try Signing.sign(plaintext, with: pair.signing, context: context)
                try Signing.verify(signature, for: plaintext, by: pair.signing.publicKey, context: context)
                return try Envelope.open(sealed, with: pair.box, context: context) == plaintext
            }
            for (name, context) in VectorChecker.repoKeyContexts {
                expect("repokey.derive.\(name) = Derive(key, \"\(context)\")") {
                    let repokey = try f.object(root, "repokey")
                    let derived = try KeyDerivation.derive(try f.b64(repokey, "key"), context: context)
                    return derived.bytes == (try f.b64(try f.object(repokey, "derive"), name))
                }
            }
            expect("repokey.sealsym.sealed opens to plaintext") {
                let repokey = try f.object(root, "repokey")
                let key = try SecretKey(bytes: try f.b64(repokey, "key"), what: "repokey.key")
                let sealsym = try f.object(repokey, "sealsym")
                return try Envelope.openSymmetric(try f.b64(sealsym, "sealed"), key: key)
                    == (try f.b64(sealsym, "plaintext"))
            }
        }

        mutating func invites(_ root: JSONObject) {
            let f = Fields(file: file)
            guard let entries = root["invites"]?.value.arrayValue, let context = root["context"]?.value.stringValue
            else {
                checks.append(
                    VectorCheck(name: "invites", passed: false, detail: "context or invites missing or mistyped"))
                return
            }
            for (index, node) in entries.enumerated() {
                let entry = node.value.objectValue ?? JSONObject(members: [])!
                let prefix = "invites[\(index)]"
                let invite = Result { () throws(CryptoError) -> Invite in
                    try Invite(token: try f.string(entry, "t"), context: context)
                }
                expect("\(prefix).id") { try invite.get().id == (try f.string(entry, "id")) }
                expect("\(prefix).claimSecret") { try invite.get().claimSecret == (try f.string(entry, "claimSecret")) }
                expect("\(prefix).claimHash") { try invite.get().claimHash == (try f.string(entry, "claimHash")) }
                expect("\(prefix).wrappedGroupKey unwraps to groupKey") {
                    try invite.get().unwrapGroupKey(try f.string(entry, "wrappedGroupKey"))
                        == (try f.b64url(entry, "groupKey"))
                }
            }
        }

        mutating func keyring(_ root: JSONObject) {
            let f = Fields(file: file)
            let ring = Result { () throws(CryptoError) -> Keyring in
                try Keyring(namespace: try f.string(root, "namespace"))
            }
            let fields: [(String, KeyPath<Keyring, String>)] = [
                ("prf_salt", \.prfSalt), ("content_context", \.contentContext), ("wrap_context", \.wrapContext),
                ("grant_context", \.grantContext),
            ]
            for (key, path) in fields {
                expect("strings.\(key)") {
                    try ring.get()[keyPath: path] == (try f.string(try f.object(root, "strings"), key))
                }
            }
            expect("content_key = Derive(seed, content_context)") {
                try ring.get().contentKey(seed: try f.b64(root, "seed")).bytes == (try f.b64(root, "content_key"))
            }
            expect("wrap_key = Derive(prf, wrap_context)") {
                try ring.get().wrapKey(prf: try f.b64(root, "prf")).bytes == (try f.b64(root, "wrap_key"))
            }
            expect("wrapped_seed opens with wrap_key to seed") {
                try ring.get().unwrapSeed(try f.b64(root, "wrapped_seed"), prf: try f.b64(root, "prf"))
                    == (try f.b64(root, "seed"))
            }
            expect("member.box_pub from member.box_priv_d") {
                let member = try f.object(root, "member")
                let key = try PrivateKey(hexScalar: try f.string(member, "box_priv_d"), what: "member.box_priv_d")
                return key.publicKey.uncompressed == (try f.b64(member, "box_pub"))
            }
            expect("member.box_priv_pkcs8 is the same key") {
                let member = try f.object(root, "member")
                let key = try PKCS8.decode(try f.b64(member, "box_priv_pkcs8"), what: "member.box_priv_pkcs8")
                return key.hexScalar == (try f.string(member, "box_priv_d")).lowercased()
            }
            expect("grant opens with the member box key to content_key") {
                let member = try f.object(root, "member")
                let key = try PrivateKey(hexScalar: try f.string(member, "box_priv_d"), what: "member.box_priv_d")
                return try ring.get().openGrant(try f.b64(root, "grant"), with: key).bytes
                    == (try f.b64(root, "content_key"))
            }
        }

        mutating func assertion(_ root: JSONObject, settings: AssertionSettings) {
            let f = Fields(file: file)
            expect("assertion token verifies") {
                let payload = Array(try f.string(root, "payload").utf8)
                let claims = try? AssertionClaims(strictPayload: payload)
                let key = try PublicKey(
                    uncompressed: try JSONFields.base64(
                        root, "publicKey", alphabet: .url, padding: .forbidden, what: f.file),
                    what: "publicKey")
                guard let issuer = settings.issuer ?? claims?.issuer,
                    let audience = settings.audience ?? claims?.audience,
                    let kid = settings.keyID ?? claims?.keyID, let now = settings.now ?? claims?.issuedAt
                else {
                    // The payload cannot supply the settings; verifying reports why it is refused.
                    _ = try AssertionClaims(strictPayload: payload)
                    return false
                }
                let verifier = try AssertionVerifier(issuer: issuer, audience: audience, keys: [kid: key])
                let token =
                    Base64.encode(payload, alphabet: .url, padded: false) + "." + (try f.string(root, "signature"))
                _ = try verifier.verify(token, now: now)
                return true
            }
        }
    }

    /// Typed member access naming the file in errors.
    struct Fields {
        let file: String

        func b64(_ object: JSONObject, _ key: String) throws(CryptoError) -> [UInt8] {
            try JSONFields.base64(object, key, alphabet: .standard, padding: .required, what: file)
        }

        func b64url(_ object: JSONObject, _ key: String) throws(CryptoError) -> [UInt8] {
            try JSONFields.base64(object, key, alphabet: .url, padding: .optional, what: file)
        }

        func string(_ object: JSONObject, _ key: String) throws(CryptoError) -> String {
            try JSONFields.string(object, key, what: file)
        }

        func object(_ object: JSONObject, _ key: String) throws(CryptoError) -> JSONObject {
            try JSONFields.object(object, key, what: file)
        }
    }
}
