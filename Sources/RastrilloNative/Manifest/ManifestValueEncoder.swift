import Foundation
import RastrilloJSON

/// JSON text for the manifest's types, used by generated bridge types for
/// replies and events. Every string goes through `JSONString.quoted`, so the
/// text is safe to pass to `evaluateJavaScript` as a JSON argument (U+2028 and
/// U+2029 included); nothing is interpolated.
public enum ManifestValueEncoder {
    /// A quoted, escaped JSON string.
    public static func string(_ value: String) -> String { JSONString.quoted(value) }

    /// An integer; refused outside ±(2^53 − 1), which JavaScript could not hold exactly.
    public static func int(_ value: Int, at pointer: String) throws(ManifestValueError) -> String {
        guard abs(Int64(value)) <= ManifestType.maxSafeInteger else {
            throw ManifestValueError(
                pointer: pointer, position: nil, message: "\(value) is outside ±(2^53 − 1); JavaScript cannot hold it")
        }
        return String(value)
    }

    /// `true` or `false`.
    public static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    /// A finite number; NaN and infinities have no JSON form and are refused.
    public static func double(_ value: Double, at pointer: String) throws(ManifestValueError) -> String {
        guard value.isFinite else {
            throw ManifestValueError(pointer: pointer, position: nil, message: "\(value) has no JSON representation")
        }
        return LinkValue.format(value)
    }

    /// A lowercase UUID string.
    public static func uuid(_ value: UUID) -> String { JSONString.quoted(value.uuidString.lowercased()) }

    /// A JSON array, each element encoded by `element` (which gets the element's pointer).
    public static func array<T>(
        _ values: [T], at pointer: String, _ element: (T, String) throws(ManifestValueError) -> String
    ) throws(ManifestValueError) -> String {
        var parts: [String] = []
        parts.reserveCapacity(values.count)
        for (index, value) in values.enumerated() { parts.append(try element(value, "\(pointer)/\(index)")) }
        return "[" + parts.joined(separator: ",") + "]"
    }

    /// `null` for `nil`, else the value encoded by `wrapped`.
    public static func optional<T>(
        _ value: T?, at pointer: String, _ wrapped: (T, String) throws(ManifestValueError) -> String
    ) throws(ManifestValueError) -> String {
        guard let value else { return "null" }
        return try wrapped(value, pointer)
    }

    /// A JSON object of already encoded members, in the given order; `nil` values are left out.
    public static func object(_ members: [(String, String?)]) -> String {
        "{"
            + members.compactMap { key, value in value.map { JSONString.quoted(key) + ":" + $0 } }.joined(
                separator: ",")
            + "}"
    }
}
