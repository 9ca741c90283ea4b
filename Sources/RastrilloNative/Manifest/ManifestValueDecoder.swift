import Foundation
import RastrilloJSON

/// Strict decoding of JSON nodes into the manifest's types, used by generated
/// bridge payload types: wrong JSON types, out-of-range ints, non-finite or
/// fractional numbers where ints are expected, unknown object keys and missing
/// required fields are errors with a pointer, never silently defaulted.
///
/// ```swift
/// let title = try ManifestValueDecoder.string(object.required("title"), at: "/title")
/// ```
public enum ManifestValueDecoder {
    /// A string.
    public static func string(_ node: JSONNode, at pointer: String) throws(ManifestValueError) -> String {
        guard case .string(let text) = node.value else { throw mismatch(node, pointer, "a string") }
        return text
    }

    /// An integer literal (no fraction, no exponent) within ±(2^53 − 1).
    public static func int(_ node: JSONNode, at pointer: String) throws(ManifestValueError) -> Int {
        guard case .number(let number) = node.value, LinkValue.isIntegerLiteral(number.literal),
            let value = Int64(number.literal), abs(value) <= ManifestType.maxSafeInteger
        else { throw mismatch(node, pointer, "an integer within ±(2^53 − 1)") }
        return Int(value)
    }

    /// A boolean.
    public static func bool(_ node: JSONNode, at pointer: String) throws(ManifestValueError) -> Bool {
        guard case .bool(let value) = node.value else { throw mismatch(node, pointer, "true or false") }
        return value
    }

    /// A finite number.
    public static func double(_ node: JSONNode, at pointer: String) throws(ManifestValueError) -> Double {
        guard case .number(let number) = node.value, let value = Double(number.literal), value.isFinite else {
            throw mismatch(node, pointer, "a finite number")
        }
        return value
    }

    /// A UUID string (8-4-4-4-12 hex digits).
    public static func uuid(_ node: JSONNode, at pointer: String) throws(ManifestValueError) -> UUID {
        guard case .string(let text) = node.value, text.utf8.count == 36, let value = UUID(uuidString: text) else {
            throw mismatch(node, pointer, "a UUID string like \"6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f\"")
        }
        return value
    }

    /// One of a string enum's cases.
    public static func enumCase<E: RawRepresentable & CaseIterable>(
        _ node: JSONNode, at pointer: String, as type: E.Type
    ) throws(ManifestValueError) -> E where E.RawValue == String {
        guard case .string(let text) = node.value, let value = E(rawValue: text) else {
            let cases = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw mismatch(node, pointer, "one of \(cases)")
        }
        return value
    }

    /// An array, each element decoded by `element`.
    public static func array<T>(
        _ node: JSONNode, at pointer: String, _ element: (JSONNode, String) throws(ManifestValueError) -> T
    ) throws(ManifestValueError) -> [T] {
        guard case .array(let items) = node.value else { throw mismatch(node, pointer, "an array") }
        var out: [T] = []
        out.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { out.append(try element(item, "\(pointer)/\(index)")) }
        return out
    }

    /// `nil` for an absent value or `null`, else the value decoded by `wrapped`.
    public static func optional<T>(
        _ node: JSONNode?, at pointer: String, _ wrapped: (JSONNode, String) throws(ManifestValueError) -> T
    ) throws(ManifestValueError) -> T? {
        guard let node else { return nil }
        if case .null = node.value { return nil }
        return try wrapped(node, pointer)
    }

    /// The node as an object with only the `allowed` keys.
    public static func object(
        _ node: JSONNode, at pointer: String, allowed: [String]
    ) throws(ManifestValueError) -> JSONObject {
        guard case .object(let object) = node.value else { throw mismatch(node, pointer, "an object") }
        for member in object.members where !allowed.contains(member.key) {
            throw ManifestValueError(
                pointer: pointer + "/" + member.key, position: member.keyPosition,
                message: "unknown key '\(member.key)'; allowed keys: \(allowed.joined(separator: ", "))")
        }
        return object
    }

    /// The member `key` of `object`, which must be present.
    public static func required(
        _ object: JSONObject, _ key: String, in node: JSONNode, at pointer: String
    ) throws(ManifestValueError) -> JSONNode {
        guard let value = object[key] else {
            throw ManifestValueError(
                pointer: pointer, position: node.position, message: "missing required key '\(key)'")
        }
        return value
    }

    static func mismatch(_ node: JSONNode, _ pointer: String, _ expected: String) -> ManifestValueError {
        let found: String
        switch node.value {
        case .null: found = "null"
        case .bool: found = "a boolean"
        case .number(let number): found = "the number \(number.literal)"
        case .string: found = "a string"
        case .array: found = "an array"
        case .object: found = "an object"
        }
        return ManifestValueError(
            pointer: pointer, position: node.position, message: "expected \(expected), found \(found)")
    }
}
