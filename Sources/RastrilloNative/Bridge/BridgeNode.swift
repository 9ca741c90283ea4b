import Foundation
import RastrilloJSON

/// One JSON value inside a bridge payload, already read by the strict reader, with its JSON pointer.
///
/// Generated payload types (``BridgeValue``) decode themselves from a `BridgeNode`; each accessor
/// checks the JSON kind and throws a ``BridgeDecodingError`` naming the pointer, never returns `nil`.
///
/// ```swift
/// let object = try node.object(fields: ["title", "tags"])
/// let title: String = try object.field("title")
/// ```
public struct BridgeNode: Sendable {
    let value: JSONValue
    /// The RFC 6901 pointer of this value inside the payload (`""` for the payload itself).
    public let pointer: String

    init(_ value: JSONValue, pointer: String) {
        self.value = value
        self.pointer = pointer
    }

    /// Whether the value is `null`.
    public var isNull: Bool { value.isNull }

    /// The string, or ``BridgeDecodingError/wrongType(pointer:expected:found:)``.
    public func string(expected: String = "string") throws(BridgeDecodingError) -> String {
        guard case .string(let text) = value else { throw wrongType(expected) }
        return text
    }

    /// The boolean.
    public func bool() throws(BridgeDecodingError) -> Bool {
        guard case .bool(let flag) = value else { throw wrongType("bool") }
        return flag
    }

    /// The integer: an integer literal within ±(2^53 − 1).
    public func int() throws(BridgeDecodingError) -> Int {
        guard case .number(let number) = value else { throw wrongType("int") }
        guard let exact = number.int64, exact.magnitude <= ManifestType.maxSafeInteger.magnitude else {
            throw .invalidInt(pointer: pointer, literal: String(number.literal.prefix(64)))
        }
        return Int(exact)
    }

    /// The number as a finite `Double`.
    public func double() throws(BridgeDecodingError) -> Double {
        guard case .number(let number) = value else { throw wrongType("double") }
        guard let double = number.double else {
            throw .invalidDouble(pointer: pointer, literal: String(number.literal.prefix(64)))
        }
        return double
    }

    /// The UUID, from its 36-character form (either case).
    public func uuid() throws(BridgeDecodingError) -> UUID {
        let text = try string(expected: "uuid")
        guard text.utf8.count == 36, let uuid = UUID(uuidString: text) else {
            throw .invalidUUID(pointer: pointer, text: text)
        }
        return uuid
    }

    /// The elements of an array, each with its pointer.
    public func array(expected: String = "array") throws(BridgeDecodingError) -> [BridgeNode] {
        guard case .array(let elements) = value else { throw wrongType(expected) }
        var nodes: [BridgeNode] = []
        nodes.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            nodes.append(BridgeNode(element.value, pointer: pointer + "/" + String(index)))
        }
        return nodes
    }

    /// The object, after checking that every key is one of `fields`.
    ///
    /// - Throws: ``BridgeDecodingError/unknownField(pointer:field:)`` for the first undeclared key.
    public func object(_ typeName: String, fields: Set<String>) throws(BridgeDecodingError) -> BridgeObject {
        guard case .object(let object) = value else { throw wrongType(typeName) }
        for member in object.members where !fields.contains(member.key) {
            throw .unknownField(pointer: pointer + "/" + Self.escape(member.key), field: member.key)
        }
        return BridgeObject(object: object, pointer: pointer)
    }

    func wrongType(_ expected: String) -> BridgeDecodingError {
        .wrongType(pointer: pointer, expected: expected, found: value.kindName)
    }

    /// `token` escaped for a JSON pointer (`~` → `~0`, `/` → `~1`).
    static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}

/// A JSON object inside a bridge payload whose keys have been checked against its type's fields.
public struct BridgeObject: Sendable {
    let object: JSONObject
    /// The object's pointer.
    public let pointer: String

    /// The field `name` decoded as `T`; an absent field is `nil` for optional types and
    /// ``BridgeDecodingError/missingField(pointer:field:)`` otherwise.
    public func field<T: BridgeValue>(_ name: String, as type: T.Type = T.self) throws(BridgeDecodingError) -> T {
        guard let node = object[name] else { return try T.bridgeMissing(field: name, in: pointer) }
        return try T(bridge: BridgeNode(node.value, pointer: pointer + "/" + BridgeNode.escape(name)))
    }
}
