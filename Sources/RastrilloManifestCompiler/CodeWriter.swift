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
