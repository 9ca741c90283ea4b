/// Identifier rules shared by the validator and the emitters, so every id is a
/// valid name in Swift, JavaScript and Go without escaping.
enum ManifestIdentifier {
    /// Words that are keywords in Swift, JavaScript or Go and so cannot be ids.
    static let reserved: Set<String> = [
        "associatedtype", "break", "case", "catch", "class", "const", "continue", "default", "defer", "delete",
        "do", "else", "enum", "export", "extends", "extension", "fallthrough", "false", "for", "func", "function",
        "go", "goto", "guard", "if", "import", "in", "init", "inout", "interface", "internal", "is", "let", "map",
        "new", "nil", "null", "operator", "package", "private", "protocol", "public", "range", "repeat", "return",
        "rethrows", "select", "self", "static", "struct", "subscript", "super", "switch", "this", "throw",
        "throws", "true", "try", "type", "typealias", "typeof", "var", "void", "where", "while", "with", "yield",
        "any", "some", "await", "async", "instanceof", "chan", "fileprivate", "open",
    ]

    /// Names the generated enums use for their own members, so destination and command ids cannot take them.
    static let reservedCaseNames: Set<String> = [
        "url", "id", "params", "description", "hashValue", "allCases", "metadata", "pattern", "route",
    ]

    /// Member names every generated object type already has (it is `Hashable`), so fields cannot take them.
    static let reservedFieldNames: Set<String> = ["hashValue"]

    /// Type names the generated Swift, JS and Go use themselves, so named types cannot take them.
    static let reservedTypeNames: Set<String> = [
        "Destination", "Command", "Capability", "BridgeAction", "BridgeEvent", "BridgeReply", "GeneratedManifest",
        "String", "Int", "Bool", "Double", "UUID", "URL", "Array", "Optional", "Set", "Dictionary", "Error", "Object",
        "Number", "Date", "Map", "Promise", "JSON", "LinkValue", "LinkMatch", "AppManifest", "Route",
    ]

    /// `lowerCamel`: ASCII letters and digits, first a lowercase letter, not reserved.
    static func isLowerCamel(_ text: String) -> Bool {
        guard let first = text.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return text.utf8.allSatisfy(ASCIIByte.isAlphanumeric) && !reserved.contains(text)
    }

    /// A param name (a path wildcard or a query name): what a URL names, so keywords of Swift,
    /// JavaScript and Go are names too (`select`, `type`, `default`, `for`); each emitter makes it an
    /// identifier of its language. ASCII letters, digits and `_`, first a letter; at most 64 bytes.
    /// A leading `_` is refused: the generated code's own locals start with one.
    static func isParamName(_ text: String) -> Bool {
        guard let first = text.utf8.first, text.utf8.count <= 64, ASCIIByte.isAlphanumeric(first),
            !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return false }
        return text.utf8.allSatisfy { ASCIIByte.isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
    }

    /// `UpperCamel`: ASCII letters and digits, first an uppercase letter.
    static func isUpperCamel(_ text: String) -> Bool {
        guard let first = text.utf8.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return false }
        return text.utf8.allSatisfy(ASCIIByte.isAlphanumeric)
    }

    /// A capability id: lowercase dot- or dash-separated words (`notes.write`).
    static func isCapabilityID(_ text: String) -> Bool {
        let words = text.split(separator: ".", omittingEmptySubsequences: false)
        return !words.isEmpty
            && words.allSatisfy { word in
                guard let first = word.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
                    return false
                }
                return word.utf8.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                }
            }
    }
}
