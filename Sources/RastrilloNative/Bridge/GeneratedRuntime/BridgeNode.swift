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
///
/// Part of the `RastrilloGenerated` SPI: for the code the manifest compiler generates
/// (`@_spi(RastrilloGenerated) import RastrilloNative`), not for app code; it may change in any
/// release.
@_spi(RastrilloGenerated)
public struct BridgeNode: Sendable {
    // The accessors are inlinable (and what they read usable from inline code) so that generated
    // payload types, compiled into the app's module, check kinds and walk members without a call
    // per value; conversions and every error are out of line.

    /// The message the value was read from.
    @usableFromInline let document: JSONDocument
    /// The payload's tape entry: pointers are relative to it.
    @usableFromInline let root: Int
    /// This value's tape entry.
    @usableFromInline let entry: Int

    @usableFromInline
    init(document: JSONDocument, root: Int, entry: Int) {
        self.document = document
        self.root = root
        self.entry = entry
    }

    /// The RFC 6901 pointer of this value inside the payload (`""` for the payload itself, `/tags/0`).
    /// Computed from the document when asked for (for an error), never while decoding.
    public var pointer: String { document.pointer(to: entry, from: root) }

    @inlinable
    var item: JSONTapeEntry { document[entry] }

    /// Whether the value is `null`.
    @inlinable
    public var isNull: Bool { item.kind == .null }

    /// The string, or ``BridgeDecodingError/wrongType(pointer:expected:found:)``.
    @inlinable
    public func string(expected: String = "string") throws(BridgeDecodingError) -> String {
        guard item.kind.isString else { throw wrongType(expected) }
        return document.string(at: entry)
    }

    /// The boolean.
    @inlinable
    public func bool() throws(BridgeDecodingError) -> Bool {
        switch item.kind {
        case .true: return true
        case .false: return false
        default: throw wrongType("bool")
        }
    }

    /// The integer: an integer literal within ±(2^53 − 1).
    @inlinable
    public func int() throws(BridgeDecodingError) -> Int {
        guard item.kind == .number else { throw wrongType("int") }
        return try exactInt()
    }

    @usableFromInline
    func exactInt() throws(BridgeDecodingError) -> Int {
        guard let exact = document.int64(at: entry), exact.magnitude <= ManifestType.maxSafeInteger.magnitude else {
            throw .invalidInt(pointer: pointer, literal: String(document.numberLiteral(at: entry).prefix(64)))
        }
        return Int(exact)
    }

    /// The number as a finite `Double`.
    @inlinable
    public func double() throws(BridgeDecodingError) -> Double {
        guard item.kind == .number else { throw wrongType("double") }
        return try finiteDouble()
    }

    @usableFromInline
    func finiteDouble() throws(BridgeDecodingError) -> Double {
        guard let double = document.double(at: entry) else {
            throw .invalidDouble(pointer: pointer, literal: String(document.numberLiteral(at: entry).prefix(64)))
        }
        return double
    }

    /// The UUID, from its 36-character form (hex digits in either case).
    @inlinable
    public func uuid() throws(BridgeDecodingError) -> UUID {
        guard item.kind.isString else { throw wrongType("uuid") }
        return try parsedUUID()
    }

    @usableFromInline
    func parsedUUID() throws(BridgeDecodingError) -> UUID {
        guard let uuid = document.withContent(at: entry, BridgeUUID.parse) else {
            throw .invalidUUID(pointer: pointer, text: document.string(at: entry))
        }
        return uuid
    }

    /// Calls `body` with every element of an array, in order.
    @inlinable
    public func forEachElement(
        expected: String = "array", _ body: (BridgeNode) throws(BridgeDecodingError) -> Void
    ) throws(BridgeDecodingError) {
        let array = item
        guard array.kind == .array else { throw wrongType(expected) }
        var cursor = entry + 1
        for _ in 0..<array.count {
            try body(BridgeNode(document: document, root: root, entry: cursor))
            cursor = document[cursor].next
        }
    }

    /// The number of elements, when the value is an array (for reserving capacity).
    @inlinable
    public var elementCount: Int {
        let array = item
        return array.kind == .array ? Int(array.count) : 0
    }

    /// Calls `body` with every member of an object, in document order. Keys are unique (the
    /// reader refuses duplicates); the generated code refuses keys its type does not declare.
    @inlinable
    public func forEachMember(
        _ typeName: String, _ body: (String, BridgeNode) throws(BridgeDecodingError) -> Void
    ) throws(BridgeDecodingError) {
        try forEachKey(typeName) { key throws(BridgeDecodingError) in
            try body(document.string(at: key), BridgeNode(document: document, root: root, entry: key + 1))
        }
    }

    /// Calls `body` with the index in `fields` of every member's key and the member's value, in
    /// document order; a key that is not one of `fields` is refused with
    /// ``BridgeDecodingError/unknownField(pointer:field:)``. Keys are matched as bytes (after
    /// escapes are decoded), without building strings; the reader has refused duplicates.
    ///
    /// Generated payload types decode themselves with it:
    ///
    /// ```swift
    /// static let bridgeFields = BridgeFields("Note", ["title"])
    /// try node.forEachField(Self.bridgeFields) { field, value throws(BridgeDecodingError) in
    ///     switch field {
    ///     case 0: title = try String(bridge: value)
    ///     default: break
    ///     }
    /// }
    /// ```
    @inlinable
    public func forEachField(
        _ fields: BridgeFields, _ body: (Int, BridgeNode) throws(BridgeDecodingError) -> Void
    ) throws(BridgeDecodingError) {
        try forEachKey(fields.typeName) { key throws(BridgeDecodingError) in
            let value = BridgeNode(document: document, root: root, entry: key + 1)
            guard let field = fields.index(ofKeyAt: key, in: document) else {
                throw value.unknownField(document.string(at: key))
            }
            try body(field, value)
        }
    }

    /// Calls `body` with the tape entry of every key of the object, in document order.
    @inlinable
    func forEachKey(
        _ typeName: String, _ body: (Int) throws(BridgeDecodingError) -> Void
    ) throws(BridgeDecodingError) {
        let object = item
        guard object.kind == .object else { throw wrongType(typeName) }
        var cursor = entry + 1
        for _ in 0..<object.count {
            try body(cursor)
            cursor = document[cursor + 1].next
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

    @usableFromInline
    func wrongType(_ expected: String) -> BridgeDecodingError {
        .wrongType(pointer: pointer, expected: expected, found: Self.kindName(item.kind))
    }

    /// What kind of value a tape entry is, in words for error messages (as `JSONValue.kindName`).
    static func kindName(_ kind: JSONTapeEntry.Kind) -> String {
        switch kind {
        case .null: return "null"
        case .true, .false: return "boolean"
        case .number: return "number"
        case .string, .escapedString: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// `token` escaped for a JSON pointer (`~` → `~0`, `/` → `~1`).
    static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
