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
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e21 { return String(Int64(value)) }
        return "\(value)"
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
        ///
        /// - `int`: `-?(0|[1-9][0-9]*)` within ±(2^53 − 1) (no `+`, no leading zeros, no `-0`);
        /// - `double`: JSON number syntax, finite;
        /// - `bool`: `true` or `false`;
        /// - `uuid`: 8-4-4-4-12 hex digits, either case;
        /// - string enum: one of its cases, byte for byte.
        func parse(_ text: String) -> LinkValue? {
            switch self {
            case .string: return .string(text)
            case .int:
                guard LinkValue.isIntegerLiteral(text), text != "-0", let value = Int64(text),
                    abs(value) <= ManifestType.maxSafeInteger
                else { return nil }
                return .int(value)
            case .bool:
                if text == "true" { return .bool(true) }
                if text == "false" { return .bool(false) }
                return nil
            case .double:
                guard LinkValue.isJSONNumber(text), let value = Double(text), value.isFinite else { return nil }
                return .double(value)
            case .uuid:
                guard let value = LinkValue.parseUUID(text) else { return nil }
                return .uuid(value)
            case .stringEnum(let cases): return cases.contains(UTF8Key(text)) ? .string(text) : nil
            case .unsupported: return nil
            }
        }
    }

    /// Parses the 36-character 8-4-4-4-12 hex form (either case) without Foundation's scanner.
    static func parseUUID(_ text: String) -> UUID? {
        let bytes = text.utf8
        guard bytes.count == 36 else { return nil }
        var out = [UInt8](repeating: 0, count: 16)
        var nibble = 0
        for (offset, byte) in bytes.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let value = PercentDecoding.hexValue(byte) else { return nil }
            out[nibble / 2] |= nibble % 2 == 0 ? value << 4 : value
            nibble += 1
        }
        return UUID(
            uuid: (
                out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7], out[8], out[9], out[10], out[11],
                out[12], out[13], out[14], out[15]
            ))
    }

    static func isIntegerLiteral(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.hasPrefix("-") { digits = digits.dropFirst() }
        guard let first = digits.utf8.first, digits.utf8.allSatisfy(RawURL.isDigit) else { return false }
        return !(first == UInt8(ascii: "0") && digits.utf8.count > 1)
    }

    static func isJSONNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, RawURL.isDigit(bytes[index]) { index += 1 }
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
