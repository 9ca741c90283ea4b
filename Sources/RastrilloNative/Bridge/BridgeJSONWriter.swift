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
public struct BridgeJSONWriter: Sendable {
    /// The UTF-8 bytes written so far.
    public private(set) var bytes: [UInt8] = []
    /// Field names and indexes from the root to the value being written, for error pointers.
    @usableFromInline var path: [String] = []
    /// Whether the innermost open object or array already has a member.
    private var hasMember: [Bool] = []

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

    /// Writes an integer; refuses magnitudes above 2^53 − 1.
    public mutating func int(_ value: Int) throws(BridgeEncodingError) {
        guard value.magnitude <= UInt64(ManifestType.maxSafeInteger) else {
            throw .intOutOfRange(pointer: pointer, value: value)
        }
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes a finite double in Swift's shortest round-trip form (a valid JSON number).
    public mutating func double(_ value: Double) throws(BridgeEncodingError) {
        guard value.isFinite else { throw .nonFiniteDouble(pointer: pointer) }
        bytes.append(contentsOf: value.description.utf8)
    }

    /// Opens an object.
    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        hasMember.append(false)
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        hasMember.removeLast()
    }

    /// Opens an array.
    public mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        hasMember.append(false)
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        hasMember.removeLast()
    }

    /// Writes the separator before array element `index`.
    public mutating func element(_ index: Int) { separator() }

    /// Writes `"name":value` into the open object; a `nil` optional is left out.
    @inlinable
    public mutating func field<T: BridgeValue>(_ name: String, _ value: T) throws(BridgeEncodingError) {
        if value.isBridgeAbsent { return }
        key(name)
        path.append(name)
        try value.encode(to: &self)
        path.removeLast()
    }

    /// Writes `"name":` into the open object (for envelopes whose values are already-encoded JSON).
    @usableFromInline
    mutating func key(_ name: String) {
        separator()
        JSONString.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Appends JSON text that this writer or the strict reader produced.
    mutating func raw(_ json: [UInt8]) { bytes.append(contentsOf: json) }

    /// Enters a child (an array index) for error pointers.
    @usableFromInline
    mutating func push(_ component: String) { path.append(component) }

    /// Leaves the child entered last.
    @usableFromInline
    mutating func pop() { path.removeLast() }

    private mutating func separator() {
        guard let last = hasMember.last else { return }
        if last { bytes.append(UInt8(ascii: ",")) } else { hasMember[hasMember.count - 1] = true }
    }

    private var pointer: String { path.map { "/" + BridgeNode.escape($0) }.joined() }
}
