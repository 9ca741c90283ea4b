import RastrilloJSON

/// The four vector-file schemas, recognised from their content.
public enum VectorSchema: String, Sendable, CaseIterable {
    /// `crypto/golden.json`: keypair, Seal/Open, Sign/Verify, Derive, SealSym/OpenSym.
    case crypto
    /// `crypto/invites.json`: invite id, claim secret and hash, wrapped group key.
    case invites
    /// `keyring/golden.json`: namespace strings, content/wrap keys, wrapped seed, grant.
    case keyring
    /// `assertion/golden.json`: `{payload, publicKey, signature}`.
    case assertion

    /// The schema of a parsed vector file.
    /// - Throws: ``CryptoError/malformedJSON(what:reason:)`` when no schema matches.
    public static func detect(_ object: JSONObject, what: String) throws(CryptoError) -> VectorSchema {
        let keys = Set(object.keys)
        if keys.isSuperset(of: ["envelope", "repokey"]) { return .crypto }
        if keys.isSuperset(of: ["context", "invites"]) { return .invites }
        if keys.isSuperset(of: ["namespace", "strings", "grant"]) { return .keyring }
        if keys.isSuperset(of: ["payload", "publicKey", "signature"]) { return .assertion }
        throw .malformedJSON(
            what: what,
            reason: "not a vector file this tool knows: expected the members of crypto golden (envelope, repokey), "
                + "invites (context, invites), keyring golden (namespace, strings, grant) or assertion golden "
                + "(payload, publicKey, signature)")
    }
}
