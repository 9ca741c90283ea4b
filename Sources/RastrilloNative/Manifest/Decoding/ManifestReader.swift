import RastrilloJSON

/// Reads JSON nodes into manifest values, collecting every problem with its
/// pointer and position instead of stopping at the first one.
struct ManifestReader {
    private(set) var issues: [ManifestIssue] = []

    mutating func report(_ kind: ManifestIssue.Kind, _ pointer: String, _ position: JSONPosition?, _ message: String) {
        issues.append(
            ManifestIssue(
                kind: kind, pointer: pointer, line: position?.line, column: position?.column, message: message)
        )
    }

    /// The RFC 6901 pointer of member `key` inside `pointer` (`~` → `~0`, `/` → `~1`).
    static func child(_ pointer: String, _ key: String) -> String {
        var out = pointer
        out.append("/")
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            out.append(key)
            return out
        }
        for character in key.unicodeScalars {
            switch character {
            case "~": out.append("~0")
            case "/": out.append("~1")
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    static func kindName(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The node as an object whose keys are all in `required` ∪ `optional`; reports
    /// unknown keys (with the allowed ones) and missing required keys.
    mutating func object(
        _ node: JSONNode, _ pointer: String, required: [String], optional: [String] = [], what: String
    ) -> JSONObject? {
        guard case .object(let object) = node.value else {
            report(
                .invalidValue, pointer, node.position, "\(what) must be an object, found \(Self.kindName(node.value))")
            return nil
        }
        let allowed = required + optional
        for member in object.members where !allowed.contains(member.key) {
            report(
                .unknownKey, Self.child(pointer, member.key), member.keyPosition,
                "unknown key '\(member.key)' in \(what); allowed keys: \(allowed.joined(separator: ", "))"
            )
        }
        for key in required where object[key] == nil {
            report(.missingKey, pointer, node.position, "\(what) needs the key '\(key)'")
        }
        return object
    }

    mutating func string(_ node: JSONNode?, _ pointer: String, what: String) -> String? {
        guard let node else { return nil }
        guard case .string(let text) = node.value else {
            report(
                .invalidValue, pointer, node.position, "\(what) must be a string, found \(Self.kindName(node.value))")
            return nil
        }
        return text
    }

    mutating func array(_ node: JSONNode?, _ pointer: String, what: String) -> [JSONNode]? {
        guard let node else { return nil }
        guard case .array(let items) = node.value else {
            report(
                .invalidValue, pointer, node.position, "\(what) must be an array, found \(Self.kindName(node.value))")
            return nil
        }
        return items
    }

    mutating func strings(_ node: JSONNode?, _ pointer: String, what: String) -> [String] {
        guard let items = array(node, pointer, what: what) else { return [] }
        var out: [String] = []
        for (index, item) in items.enumerated() {
            if let text = string(item, pointer + "/\(index)", what: "each entry of \(what)") { out.append(text) }
        }
        return out
    }

    mutating func enumValue<E: RawRepresentable & CaseIterable>(
        _ node: JSONNode?, _ pointer: String, what: String, as: E.Type
    ) -> E? where E.RawValue == String {
        guard let node, let text = string(node, pointer, what: what) else { return nil }
        guard let value = E(rawValue: text) else {
            let allowed = E.allCases.map(\.rawValue).joined(separator: ", ")
            report(.invalidValue, pointer, node.position, "\(what) '\(text)' is not one of: \(allowed)")
            return nil
        }
        return value
    }

    /// A type expression: `"int"`, `"Note"`, `{"array": T}` or `{"optional": T}`.
    mutating func type(_ node: JSONNode, _ pointer: String) -> ManifestType? {
        switch node.value {
        case .string(let text):
            guard let type = ManifestType.scalarOrNamed(text) else {
                report(
                    .invalidValue, pointer, node.position,
                    "unknown type '\(text)'; use string, int, bool, double, uuid, the UpperCamel name of a "
                        + "declared type, {\"array\": T} or {\"optional\": T}")
                return nil
            }
            return type
        case .object(let object) where object.members.count == 1:
            let member = object.members[0]
            let inner = type(member.value, Self.child(pointer, member.key))
            switch member.key {
            case "array": return inner.map { .array($0) }
            case "optional":
                if case .optional = inner {
                    report(.invalidValue, pointer, node.position, "optional of optional is not a type; remove one")
                    return nil
                }
                return inner.map { .optional($0) }
            default:
                report(
                    .unknownKey, Self.child(pointer, member.key), member.keyPosition,
                    "unknown type constructor '\(member.key)'; use \"array\" or \"optional\"")
                return nil
            }
        default:
            report(
                .invalidValue, pointer, node.position,
                "a type must be a string like \"int\" or an object {\"array\": T} / {\"optional\": T}")
            return nil
        }
    }
}
