/// Writes ``JSONValue``s as compact JSON (no whitespace), members in their stored order.
///
/// Strings are escaped by ``JSONString``; numbers are written as their literal text. The output
/// of `compact(read(x))` depends only on the content of `x`, never on its layout, so it is also
/// the way to compare two documents by content.
///
/// ```swift
/// let node = try JSONReader().read(Array(#"{ "a" : [1, 2.50] }"#.utf8))
/// JSONWriter.compact(node.value)  // {"a":[1,2.50]}
/// ```
public enum JSONWriter {
    /// `value` as compact JSON text.
    public static func compact(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as compact JSON to a UTF-8 byte buffer.
    public static func append(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let flag):
            bytes.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .number(let number):
            bytes.append(contentsOf: number.literal.utf8)
        case .string(let text):
            JSONString.appendQuoted(text, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                append(element.value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONString.appendQuoted(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                append(member.value.value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// `value` as indented JSON (members and elements one per line, `indent` spaces per level,
    /// `"key": value` with one space), ending without a newline. Empty arrays and objects stay `[]`
    /// and `{}`.
    public static func pretty(_ value: JSONValue, indent: Int = 2) -> String {
        var bytes: [UInt8] = []
        appendPretty(value, level: 0, indent: indent, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendPretty(_ value: JSONValue, level: Int, indent: Int, to bytes: inout [UInt8]) {
        func newline(_ level: Int) {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * indent))
        }
        switch value {
        case .array(let elements) where !elements.isEmpty:
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(level + 1)
                appendPretty(element.value, level: level + 1, indent: indent, to: &bytes)
            }
            newline(level)
            bytes.append(UInt8(ascii: "]"))
        case .object(let object) where !object.members.isEmpty:
            bytes.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(level + 1)
                JSONString.appendQuoted(member.key, to: &bytes)
                bytes.append(contentsOf: ": ".utf8)
                appendPretty(member.value.value, level: level + 1, indent: indent, to: &bytes)
            }
            newline(level)
            bytes.append(UInt8(ascii: "}"))
        default:
            append(value, to: &bytes)
        }
    }
}
