import Foundation
import RastrilloJSON

/// One JSON value inside a bridge payload, already read by the strict reader, with its place.
///
/// Generated payload types (``BridgeValue``) decode themselves from a `BridgeNode`; each accessor
/// checks the JSON kind and throws a ``BridgeDecodingError`` naming the JSON pointer, never
/// returns `nil`. The pointer is only built when an error needs it.
///
/// ```swift
/// var title: String?
/// try node.forEachMember("Note") { key, value throws(BridgeDecodingError) in
///     switch key {
///     case "title": title = try String(bridge: value)
///     default: throw value.unknownField(key)
///     }
/// }
/// self.title = try node.require(title, field: "title")
/// ```
public struct BridgeNode: Sendable {
    @usableFromInline
    enum Place: Sendable {
        case root
        case key(String)
        case index(Int)
    }

    @usableFromInline let value: JSONValue
    /// The pointer of the enclosing array or object (empty at the root).
    @usableFromInline let parent: String
    @usableFromInline let place: Place

    @usableFromInline
    init(_ value: JSONValue, parent: String = "", place: Place = .root) {
        self.value = value
        self.parent = parent
        self.place = place
    }

    /// The RFC 6901 pointer of this value inside the payload (`""` for the payload itself, `/tags/0`).
    public var pointer: String {
        switch place {
        case .root: return parent
        case .key(let key): return parent + "/" + Self.escape(key)
        case .index(let index): return parent + "/" + String(index)
        }
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

    /// The UUID, from its 36-character form (hex digits in either case).
    public func uuid() throws(BridgeDecodingError) -> UUID {
        let text = try string(expected: "uuid")
        guard let uuid = BridgeUUID.parse(text) else { throw .invalidUUID(pointer: pointer, text: text) }
        return uuid
    }

    /// Calls `body` with every element of an array, in order.
    public func forEachElement(
        expected: String = "array", _ body: (BridgeNode) throws(BridgeDecodingError) -> Void
    ) throws(BridgeDecodingError) {
        guard case .array(let elements) = value else { throw wrongType(expected) }
        let base = pointer
        for (index, element) in elements.enumerated() {
            try body(BridgeNode(element.value, parent: base, place: .index(index)))
        }
    }

    /// The number of elements, when the value is an array (for reserving capacity).
    public var elementCount: Int {
        if case .array(let elements) = value { return elements.count }
        return 0
    }

    /// Calls `body` with every member of an object, in document order. Keys are unique (the
    /// reader refuses duplicates); the generated code refuses keys its type does not declare.
    public func forEachMember(
        _ typeName: String, _ body: (String, BridgeNode) throws(BridgeDecodingError) -> Void
    ) throws(BridgeDecodingError) {
        guard case .object(let object) = value else { throw wrongType(typeName) }
        let base = pointer
        for member in object.members {
            try body(member.key, BridgeNode(member.value.value, parent: base, place: .key(member.key)))
        }
    }

    /// The error for a member its type does not declare (call it on the member's node).
    public func unknownField(_ key: String) -> BridgeDecodingError {
        .unknownField(pointer: pointer, field: key)
    }

    /// `value` if the field was present, else the type's answer for an absent field: `nil` for
    /// optionals, ``BridgeDecodingError/missingField(pointer:field:)`` for everything else.
    @inlinable
    public func require<T: BridgeValue>(_ value: T?, field: String) throws(BridgeDecodingError) -> T {
        if let value { return value }
        return try T.bridgeMissing(field: field, in: pointer)
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
