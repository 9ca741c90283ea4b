/// A type in the manifest's one closed type system, used by destination
/// params, bridge payloads and named object types.
///
/// In JSON a type is written as a string (`"string"`, `"int"`, `"bool"`,
/// `"double"`, `"uuid"` or the name of a type declared under `"types"`) or as
/// `{"array": T}` / `{"optional": T}`.
public indirect enum ManifestType: Sendable, Hashable, CustomStringConvertible {
    /// A UTF-8 string.
    case string
    /// An integer within ±(2^53 − 1), so JavaScript numbers hold it exactly.
    case int
    /// `true` or `false`.
    case bool
    /// A finite double.
    case double
    /// A UUID in its 36-character textual form.
    case uuid
    /// A named type declared under `"types"` (a string enum or an object type).
    case named(String)
    /// A list of values of one type.
    case array(ManifestType)
    /// A value that may be absent (`null` in JSON).
    case optional(ManifestType)

    /// The largest magnitude an `int` may have: 2^53 − 1.
    public static let maxSafeInteger: Int64 = 9_007_199_254_740_991

    /// The type as written in the manifest (`"int"`, `{"array":"uuid"}`).
    public var description: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .bool: return "bool"
        case .double: return "double"
        case .uuid: return "uuid"
        case .named(let name): return name
        case .array(let element): return "[\(element)]"
        case .optional(let wrapped): return "\(wrapped)?"
        }
    }

    /// Whether this is one of the scalar built-in types (path params must be scalar or a string enum).
    public var isBuiltinScalar: Bool {
        switch self {
        case .string, .int, .bool, .double, .uuid: return true
        default: return false
        }
    }

    /// Names of the named types this type refers to, directly or through arrays and optionals.
    public var referencedNames: [String] {
        switch self {
        case .named(let name): return [name]
        case .array(let inner), .optional(let inner): return inner.referencedNames
        default: return []
        }
    }

    /// Parses a built-in scalar or a type name from its manifest spelling.
    static func scalarOrNamed(_ text: String) -> ManifestType? {
        switch text {
        case "string": return .string
        case "int": return .int
        case "bool": return .bool
        case "double": return .double
        case "uuid": return .uuid
        default: return ManifestIdentifier.isUpperCamel(text) ? .named(text) : nil
        }
    }
}
