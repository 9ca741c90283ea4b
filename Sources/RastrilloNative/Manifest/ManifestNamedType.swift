/// A type declared under the manifest's `"types"`: a string enum or an object type.
///
/// ```json
/// "types": {
///   "Color": {"enum": ["red", "green"]},
///   "Note": {"fields": {"id": "uuid", "title": "string", "tags": {"array": "string"}}}
/// }
/// ```
public struct ManifestNamedType: Sendable, Hashable {
    /// One field of an object type.
    public struct Field: Sendable, Hashable {
        /// The field name (lowerCamel), as it appears in JSON.
        public let name: String
        /// The field's type; `.optional` fields may be absent or `null`.
        public let type: ManifestType
    }

    /// What the type is.
    public enum Kind: Sendable, Hashable {
        /// A closed set of strings.
        case stringEnum([String])
        /// An object with exactly these fields (unknown keys are refused when decoding).
        case object([Field])
    }

    /// The type's name (UpperCamel).
    public let name: String
    /// Enum cases or object fields.
    public let kind: Kind
}
