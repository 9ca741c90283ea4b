import Foundation

/// A typed parameter value read from a URL.
public enum LinkValue: Sendable, Hashable, CustomStringConvertible {
    /// A string (also a string enum's case).
    case string(String)
    /// An integer within ±(2^53 − 1).
    case int(Int64)
    /// A boolean (`true` / `false`).
    case bool(Bool)
    /// A finite double.
    case double(Double)
    /// A UUID.
    case uuid(UUID)

    /// The value as it appears in a URL (UUIDs lowercase).
    public var description: String {
        switch self {
        case .string(let text): return text
        case .int(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .double(let value): return Self.format(value)
        case .uuid(let value): return value.uuidString.lowercased()
        }
    }

    /// Formats a double the way JavaScript's `String(number)` does for common values
    /// (integral values without `.0`), so URLs built natively and on the web agree.
    ///
    /// An integral value from 2^53 up to 10^21 (a URL can carry `1e20`) is written as JavaScript
    /// writes it — the shortest digits that read back to the same double, then zeros — never
    /// through `Int64`, which traps above 2^63.
    static func format(_ value: Double) -> String {
        guard value == value.rounded(), abs(value) < 1e21 else { return "\(value)" }
        if abs(value) < 0x1p53 { return String(Int64(value)) }
        // Swift writes these as `9.007199254740992e+15` or `1e+20`: the same shortest digits.
        let text = "\(value)"
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        var mantissa = text[..<e]
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? parts[1] : ""
        let zeros = exponent - fraction.count
        guard zeros >= 0 else { return text }
        return (negative ? "-" : "") + parts[0] + fraction + String(repeating: "0", count: zeros)
    }

    /// A scalar param type, resolved once when the route table is built.
    enum Kind: Sendable {
        case string
        case int
        case bool
        case double
        case uuid
        case stringEnum(Set<UTF8Key>)
        /// Arrays and object types never appear in URLs (the validator refuses them); nothing parses.
        case unsupported

        init(_ type: ManifestType, in manifest: AppManifest) {
            switch type {
            case .string: self = .string
            case .int: self = .int
            case .bool: self = .bool
            case .double: self = .double
            case .uuid: self = .uuid
            case .named(let name):
                if case .stringEnum(let cases) = manifest.namedType(name)?.kind {
                    self = .stringEnum(Set(cases.map(UTF8Key.init)))
                } else {
                    self = .unsupported
                }
            case .optional(let wrapped): self = Kind(wrapped, in: manifest)
            case .array: self = .unsupported
            }
        }

        /// Parses `text`; `nil` when it does not parse (the destination then does not match).
        func parse(_ text: String) -> LinkValue? {
            var text = text
            return text.withUTF8 { parse($0) }
        }

        /// Parses a value from its decoded UTF-8 bytes; `nil` when it does not parse.
        ///
        /// - `int`: `-?(0|[1-9][0-9]*)` within ±(2^53 − 1) (no `+`, no leading zeros, no `-0`);
        /// - `double`: JSON number syntax, finite;
        /// - `bool`: `true` or `false`;
        /// - `uuid`: 8-4-4-4-12 hex digits, either case;
        /// - string enum: one of its cases, byte for byte.
        func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> LinkValue? {
            switch self {
            case .string: return .string(String(decoding: bytes, as: UTF8.self))
            case .int: return LinkValue.parseInteger(bytes).map(LinkValue.int)
            case .bool:
                if bytes.elementsEqual("true".utf8) { return .bool(true) }
                if bytes.elementsEqual("false".utf8) { return .bool(false) }
                return nil
            case .double:
                guard LinkValue.isJSONNumber(bytes), let value = Double(String(decoding: bytes, as: UTF8.self)),
                    value.isFinite
                else { return nil }
                return .double(value)
            case .uuid: return BridgeUUID.parse(bytes).map(LinkValue.uuid)
            case .stringEnum(let cases):
                let text = String(decoding: bytes, as: UTF8.self)
                return cases.contains(UTF8Key(text)) ? .string(text) : nil
            case .unsupported: return nil
            }
        }
    }

    /// `-?(0|[1-9][0-9]*)` within ±(2^53 − 1), not `-0`.
    static func parseInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        let digits = bytes.count - index
        // 2^53 − 1 has 16 digits; a leading zero is only allowed alone, and never as `-0`.
        guard digits > 0, digits <= 16 else { return nil }
        if bytes[index] == UInt8(ascii: "0"), digits > 1 || negative { return nil }
        var value: Int64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard ASCIIByte.isDigit(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            index += 1
        }
        guard value <= ManifestType.maxSafeInteger else { return nil }
        return negative ? -value : value
    }

    static func isJSONNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, ASCIIByte.isDigit(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let start = index
        let intDigits = digits()
        guard intDigits > 0, !(bytes[start] == UInt8(ascii: "0") && intDigits > 1) else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}
