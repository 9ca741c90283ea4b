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

    /// Parses `text` as `type`; `nil` when it does not parse (the destination then does not match).
    ///
    /// - `int`: `-?(0|[1-9][0-9]*)` within ±(2^53 − 1) (no `+`, no leading zeros, no `-0`);
    /// - `double`: JSON number syntax, finite;
    /// - `bool`: `true` or `false`;
    /// - `uuid`: 8-4-4-4-12 hex digits, either case;
    /// - string enum: one of its cases, exactly.
    static func parse(_ text: String, as type: ManifestType, in manifest: AppManifest) -> LinkValue? {
        switch type {
        case .string: return .string(text)
        case .int:
            guard isIntegerLiteral(text), text != "-0", let value = Int64(text),
                abs(value) <= ManifestType.maxSafeInteger
            else { return nil }
            return .int(value)
        case .bool:
            if text == "true" { return .bool(true) }
            if text == "false" { return .bool(false) }
            return nil
        case .double:
            guard isJSONNumber(text), let value = Double(text), value.isFinite else { return nil }
            return .double(value)
        case .uuid:
            guard text.utf8.count == 36, let value = UUID(uuidString: text) else { return nil }
            return .uuid(value)
        case .named(let name):
            guard case .stringEnum(let cases) = manifest.namedType(name)?.kind,
                cases.contains(where: { $0.utf8.elementsEqual(text.utf8) })
            else { return nil }
            return .string(text)
        case .optional(let wrapped): return parse(text, as: wrapped, in: manifest)
        case .array: return nil
        }
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
