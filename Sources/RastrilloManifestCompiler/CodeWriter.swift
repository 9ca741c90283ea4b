/// Builds generated source text line by line with indentation.
struct CodeWriter {
    private(set) var text = ""
    private var depth = 0
    let indentUnit: String

    init(indent: String = "    ") { indentUnit = indent }

    /// Whether `text` is printable ASCII without `"` or `\`: the Swift and Go emitters then quote it
    /// as it is, skipping their escaping loops.
    static func needsNoEscape(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    /// Appends one line at the current indentation (an empty string adds a blank line).
    mutating func line(_ content: String = "") {
        // Appended piece by piece: building the indented line first copied every line twice.
        if !content.isEmpty {
            for _ in 0..<depth { text += indentUnit }
            text += content
        }
        text += "\n"
    }

    /// Appends `open`, runs `body` one level deeper, then appends `close`.
    mutating func block(_ open: String, close: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(open)
        depth += 1
        body(&self)
        depth -= 1
        line(close)
    }
}

/// Text from a manifest (or its file name) made safe inside a generated comment, in every
/// language the emitters write (Swift, JavaScript/TypeScript, Go: `//`, `///` and `/* … */`).
enum CodeText {
    /// `text` with every character that is not printable ASCII written as `\u{…}` (so no line
    /// terminator — CR, LF, U+2028, U+2029 — or control character ends or hides the comment),
    /// `*/` and `/*` broken as `*\/` and `/\*` (so no block comment ends or nests), and two
    /// backquotes or two apostrophes broken the same way (gofmt rewrites them in a Go doc
    /// comment as curly quotes, so the generated file would not be gofmt-clean).
    static func comment(_ text: String) -> String {
        var out = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                if (previous == "*" && scalar == "/") || (previous == "/" && scalar == "*")
                    || (previous == scalar && (scalar == "`" || scalar == "'"))
                {
                    out += "\\"
                }
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            }
            previous = scalar
        }
        return out
    }
}
