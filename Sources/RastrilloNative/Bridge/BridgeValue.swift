import Foundation

/// A value that crosses the web↔native bridge: decoded strictly from the page's JSON and encoded
/// back as JSON.
///
/// The manifest compiler generates a conformance for every named type of the manifest (object
/// types as structs, string enums as enums); the built-in types (`String`, `Int`, `Bool`,
/// `Double`, `UUID`, arrays and optionals of bridge values) conform here. Decoding never returns
/// `nil`: it throws a ``BridgeDecodingError`` naming the JSON pointer that is wrong.
///
/// App code uses it as a constraint only (``BridgeAction/Payload``); its requirements are the
/// `RastrilloGenerated` SPI, which only generated code imports and which may change in any
/// release:
///
/// ```swift
/// // AppManifest.bridge.swift, written by the manifest compiler
/// @_spi(RastrilloGenerated) import RastrilloNative
///
/// struct NoteDraft: BridgeValue, Hashable { … }
/// ```
public protocol BridgeValue: Sendable {
    /// Decodes the value from a payload node, refusing anything the manifest type does not allow.
    @_spi(RastrilloGenerated)
    init(bridge node: BridgeNode) throws(BridgeDecodingError)

    /// Appends the value as JSON.
    @_spi(RastrilloGenerated)
    func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError)

    /// The value of an absent object field: optional types give `nil`, all others throw
    /// ``BridgeDecodingError/missingField(pointer:field:)``.
    @_spi(RastrilloGenerated)
    static func bridgeMissing(field: String, in pointer: String) throws(BridgeDecodingError) -> Self

    /// Whether an object field holding this value is left out when encoding (only `nil` is).
    @_spi(RastrilloGenerated)
    var isBridgeAbsent: Bool { get }
}

extension BridgeValue {
    /// Throws ``BridgeDecodingError/missingField(pointer:field:)``: the field is required.
    @inlinable
    @_spi(RastrilloGenerated)
    public static func bridgeMissing(field: String, in pointer: String) throws(BridgeDecodingError) -> Self {
        throw .missingField(pointer: pointer, field: field)
    }

    /// `false`: only `nil` optionals are left out.
    @inlinable
    @_spi(RastrilloGenerated)
    public var isBridgeAbsent: Bool { false }
}

extension String: BridgeValue {
    /// Decodes a JSON string.
    @_spi(RastrilloGenerated)
    public init(bridge node: BridgeNode) throws(BridgeDecodingError) { self = try node.string() }
    /// Encodes as a JSON string (U+2028/U+2029 escaped).
    @_spi(RastrilloGenerated)
    public func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) { writer.string(self) }
}

extension Int: BridgeValue {
    /// Decodes an integer literal within ±(2^53 − 1).
    @_spi(RastrilloGenerated)
    public init(bridge node: BridgeNode) throws(BridgeDecodingError) { self = try node.int() }
    /// Encodes the integer; refuses values JavaScript cannot hold exactly.
    @_spi(RastrilloGenerated)
    public func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) { try writer.int(self) }
}

extension Bool: BridgeValue {
    /// Decodes `true` or `false`.
    @_spi(RastrilloGenerated)
    public init(bridge node: BridgeNode) throws(BridgeDecodingError) { self = try node.bool() }
    /// Encodes `true` or `false`.
    @_spi(RastrilloGenerated)
    public func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) { writer.bool(self) }
}

extension Double: BridgeValue {
    /// Decodes a finite number.
    @_spi(RastrilloGenerated)
    public init(bridge node: BridgeNode) throws(BridgeDecodingError) { self = try node.double() }
    /// Encodes the number; refuses NaN and infinities.
    @_spi(RastrilloGenerated)
    public func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) { try writer.double(self) }
}

extension UUID: BridgeValue {
    /// Decodes the 36-character form.
    @_spi(RastrilloGenerated)
    public init(bridge node: BridgeNode) throws(BridgeDecodingError) { self = try node.uuid() }
    /// Encodes the lowercase 36-character form (as `crypto.randomUUID()` writes it).
    @_spi(RastrilloGenerated)
    public func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        writer.uuid(self)
    }
}

extension Array: BridgeValue where Element: BridgeValue {
    /// Decodes a JSON array whose every element decodes as `Element`.
    @inlinable
    @_spi(RastrilloGenerated)
    public init(bridge node: BridgeNode) throws(BridgeDecodingError) {
        var values: [Element] = []
        values.reserveCapacity(node.elementCount)
        try node.forEachElement { element throws(BridgeDecodingError) in values.append(try Element(bridge: element)) }
        self = values
    }

    /// Encodes a JSON array.
    @inlinable
    @_spi(RastrilloGenerated)
    public func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        writer.beginArray()
        for (index, element) in enumerated() {
            writer.element(index)
            do throws(BridgeEncodingError) {
                try element.encode(to: &writer)
            } catch {
                throw error.inside(String(index))
            }
        }
        writer.endArray()
    }
}

extension Optional: BridgeValue where Wrapped: BridgeValue {
    /// Decodes `null` as `nil`, anything else as `Wrapped`.
    @inlinable
    @_spi(RastrilloGenerated)
    public init(bridge node: BridgeNode) throws(BridgeDecodingError) {
        self = node.isNull ? nil : try Wrapped(bridge: node)
    }

    /// Encodes `nil` as `null`.
    @inlinable
    @_spi(RastrilloGenerated)
    public func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        if let value = self { try value.encode(to: &writer) } else { writer.null() }
    }

    /// An absent field is `nil`.
    @inlinable
    @_spi(RastrilloGenerated)
    public static func bridgeMissing(field: String, in pointer: String) throws(BridgeDecodingError) -> Self { nil }

    /// `nil` fields are left out of objects.
    @inlinable
    @_spi(RastrilloGenerated)
    public var isBridgeAbsent: Bool { self == nil }
}
