import Foundation
import RastrilloJSON

/// Writes the JSON that native sends to the page: compact, strings quoted by the one shared
/// escaper (`JSONString`, which also escapes U+2028/U+2029), numbers checked so JavaScript reads
/// them exactly. Never built by string interpolation.
///
/// Generated ``BridgeValue`` types drive it:
///
/// ```swift
/// var writer = BridgeJSONWriter()
/// writer.beginObject()
/// try writer.field("title", title)
/// writer.endObject()
/// writer.text   // {"title":"…"}
/// ```
///
/// Part of the `RastrilloGenerated` SPI: for the code the manifest compiler generates
/// (`@_spi(RastrilloGenerated) import RastrilloNative`), not for app code; it may change in any
/// release.
@_spi(RastrilloGenerated)
public struct BridgeJSONWriter: Sendable {
    /// The UTF-8 bytes written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next member or element needs a comma before it: `false` right after an
    /// object or array opens, `true` once it has a member. (A container's own state needs no
    /// stack: it is always `true` again after a nested container closes, since the nested one was
    /// written after a key or separator.) Error pointers are built while an error unwinds
    /// (``field(_:_:)``), so nothing is tracked for them.
    private var needsComma = false

    /// An empty writer.
    public init() { bytes.reserveCapacity(256) }

    /// The JSON text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes `null`.
    public mutating func null() { bytes.append(contentsOf: "null".utf8) }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) { bytes.append(contentsOf: value ? "true".utf8 : "false".utf8) }

    /// Writes a string literal through `JSONString`.
    public mutating func string(_ value: String) { JSONString.appendQuoted(value, to: &bytes) }

    /// Writes a UUID as its lowercase 36-character string.
    mutating func uuid(_ value: UUID) { BridgeUUID.appendQuoted(value, to: &bytes) }

    /// Writes an integer; refuses magnitudes above 2^53 − 1.
    public mutating func int(_ value: Int) throws(BridgeEncodingError) {
        guard value.magnitude <= UInt64(ManifestType.maxSafeInteger) else {
            throw .intOutOfRange(pointer: "", value: value)
        }
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes a finite double in Swift's shortest round-trip form (a valid JSON number).
    public mutating func double(_ value: Double) throws(BridgeEncodingError) {
        guard value.isFinite else { throw .nonFiniteDouble(pointer: "") }
        bytes.append(contentsOf: value.description.utf8)
    }

    /// Opens an object.
    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array.
    public mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes the separator before array element `index`.
    public mutating func element(_ index: Int) { separator() }

    /// Writes `"name":value` into the open object; a `nil` optional is left out.
    @inlinable
    public mutating func field<T: BridgeValue>(_ name: String, _ value: T) throws(BridgeEncodingError) {
        if value.isBridgeAbsent { return }
        key(name)
        do throws(BridgeEncodingError) {
            try value.encode(to: &self)
        } catch {
            throw error.inside(name)
        }
    }

    /// Writes `"name":` into the open object (for envelopes whose values are already-encoded JSON).
    @usableFromInline
    mutating func key(_ name: String) {
        separator()
        JSONString.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Makes room for `additional` more bytes.
    mutating func reserve(additional: Int) { bytes.reserveCapacity(bytes.count + additional) }

    /// Appends JSON text that this writer or the strict reader produced.
    mutating func raw(_ json: [UInt8]) { bytes.append(contentsOf: json) }

    /// Appends JSON text (a number this module formatted, for example).
    mutating func raw(_ json: String) { bytes.append(contentsOf: json.utf8) }

    private mutating func separator() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }
}
