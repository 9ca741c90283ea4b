/// Names each language reserves, so the emitters can make any param name (which may be a keyword:
/// `select`, `type`, `default`) an identifier of the language they write.
enum GeneratedNames {
    /// The keywords Swift does not take as an argument label without backticks.
    static let swiftLabelKeywords: Set<String> = ["inout", "var", "let"]

    /// Words Swift reserves (every one of them a param name the keyword round trip uses).
    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Type", "Protocol", "some", "any", "async", "borrowing", "consuming", "copy", "discard", "each", "macro",
        "package",
    ]

    /// Go's keywords and predeclared identifiers, which the Go emitter suffixes when a param has that name.
    static let goReserved: Set<String> = [
        "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func", "go",
        "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct", "switch",
        "type", "var", "any", "bool", "byte", "comparable", "complex64", "complex128", "error", "float32",
        "float64", "int", "int8", "int16", "int32", "int64", "rune", "string", "uint", "uint8", "uint16", "uint32",
        "uint64", "uintptr", "true", "false", "iota", "nil", "append", "cap", "clear", "close", "complex", "copy",
        "delete", "imag", "len", "make", "max", "min", "new", "panic", "print", "println", "real", "recover",
    ]

}
