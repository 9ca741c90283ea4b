import RastrilloJSON

/// Typed access to members of JSON documents (keypair JSON, vector files), with errors that name
/// the document and the member but never quote a value.
enum JSONFields {
    /// Reads `bytes` as a JSON object with the strict reader.
    static func object(_ bytes: [UInt8], what: String) throws(CryptoError) -> JSONObject {
        let node: JSONNode
        do {
            node = try JSONReader().read(bytes)
        } catch {
            throw .malformedJSON(what: what, reason: error.description)
        }
        guard let object = node.value.objectValue else {
            throw .malformedJSON(what: what, reason: "the document is a JSON \(node.value.kindName), not an object")
        }
        return object
    }

    /// The object member `key`.
    static func object(_ object: JSONObject, _ key: String, what: String) throws(CryptoError) -> JSONObject {
        let node = try member(object, key, what: what)
        guard let value = node.value.objectValue else { throw mistyped(key, node, "an object", what) }
        return value
    }

    /// The string member `key`.
    static func string(_ object: JSONObject, _ key: String, what: String) throws(CryptoError) -> String {
        let node = try member(object, key, what: what)
        guard let value = node.value.stringValue else { throw mistyped(key, node, "a string", what) }
        return value
    }

    /// The array member `key`.
    static func array(_ object: JSONObject, _ key: String, what: String) throws(CryptoError) -> [JSONNode] {
        let node = try member(object, key, what: what)
        guard let value = node.value.arrayValue else { throw mistyped(key, node, "an array", what) }
        return value
    }

    /// Base64 member `key` decoded.
    static func base64(
        _ object: JSONObject, _ key: String, alphabet: Base64.Alphabet, padding: Base64.Padding, what: String
    ) throws(CryptoError) -> [UInt8] {
        try Base64.decode(
            try string(object, key, what: what), alphabet: alphabet, padding: padding, what: "\(what): \(key)")
    }

    /// Refuses an object whose keys are not exactly `keys` (extra `_`-prefixed notes allowed when asked).
    static func requireKeys(
        _ object: JSONObject, exactly keys: Set<String>, allowNotes: Bool = false, what: String
    ) throws(CryptoError) {
        for key in object.keys where !keys.contains(key) && !(allowNotes && key.hasPrefix("_")) {
            throw .malformedJSON(what: what, reason: "unknown member \"\(key)\"; expected only \(keys.sorted())")
        }
        for key in keys.sorted() where object[key] == nil {
            throw .malformedJSON(what: what, reason: "missing member \"\(key)\"")
        }
    }

    private static func member(_ object: JSONObject, _ key: String, what: String) throws(CryptoError) -> JSONNode {
        guard let node = object[key] else { throw .malformedJSON(what: what, reason: "missing member \"\(key)\"") }
        return node
    }

    private static func mistyped(_ key: String, _ node: JSONNode, _ expected: String, _ what: String) -> CryptoError {
        .malformedJSON(
            what: what,
            reason: "line \(node.position.line), column \(node.position.column): \"\(key)\" must be \(expected), "
                + "not a \(node.value.kindName)")
    }
}
