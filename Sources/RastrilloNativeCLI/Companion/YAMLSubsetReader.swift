import RastrilloJSON

/// A strict reader for the subset of YAML that `project.yml` files need.
///
/// No YAML package can be fetched here, and XcodeGen's YAML (Yams, YAML 1.2)
/// and PyYAML (YAML 1.1) disagree on some plain scalars, so this reader
/// accepts only what reads the same everywhere and refuses everything else
/// with a line number and what to write instead — it never guesses.
///
/// The subset:
/// - block mappings (`key: value`) and block sequences (`- item`, also
///   indented at the same column as their key), nested by spaces;
/// - one-line flow sequences of scalars (`[iOS, macOS]`);
/// - plain scalars, `'single'` and `"double"` quoted scalars on one line
///   (double-quoted escapes `\\`, `\"`, `\n`, `\t` only);
/// - `#` comments, blank lines, one leading `---`.
///
/// Plain scalars: `true`/`false` (any of the three case spellings) are
/// booleans; `~`, `null`, empty values are null; `0` or a digit string
/// without leading zero is an integer; other text is a string. Refused
/// (quote it instead): `yes`/`no`/`on`/`off`/`y`/`n` (booleans in YAML 1.1,
/// strings in 1.2), anything else starting with a digit, `+`, `-` or `.`
/// (floats such as `17.0` that lose digits, octal, dates, shas), and
/// indicator characters. Also refused: tabs, carriage returns, control
/// characters, a byte order mark, anchors, aliases, tags, block scalars
/// (`|`, `>`), flow mappings (`{…}`), complex keys (`?`), multi-line
/// scalars, duplicate keys, directives, more than one document, and a
/// combining mark or joiner that joins a space or an ASCII punctuation mark
/// into one character (the reader works on characters, other YAML readers on
/// code points).
enum YAMLSubsetReader {
    /// Reads a document from UTF-8 bytes.
    static func read(_ bytes: [UInt8]) throws(YAMLSubsetError) -> YAMLNode {
        guard let text = UTF8Text.string(bytes) else {
            throw YAMLSubsetError(line: firstInvalidUTF8Line(bytes), message: "the file is not valid UTF-8")
        }
        return try read(text)
    }

    /// Reads a document from text.
    static func read(_ text: String) throws(YAMLSubsetError) -> YAMLNode {
        var lines = try YAMLSubsetLines.split(text)
        if lines.first?.text == "---" { lines.removeFirst() }
        if let marker = lines.first(where: { $0.indent == 0 && ($0.text == "---" || $0.text == "...") }) {
            throw YAMLSubsetError(
                line: marker.number, message: "only one document is supported; remove '\(marker.text)'")
        }
        guard let first = lines.first else { return YAMLNode(line: 1, value: .null) }
        if first.indent != 0 {
            throw YAMLSubsetError(line: first.number, message: "the document must start at column 1 (no indentation)")
        }
        var parser = YAMLSubsetParser(lines: lines)
        let node = try parser.parseBlock(indent: 0)
        if let extra = parser.current {
            throw YAMLSubsetError(line: extra.number, message: "unexpected content; check the indentation")
        }
        return node
    }

    private static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int {
        var line = 1
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            if UTF8Text.string(bytes[start..<index]) == nil { return line }
            line += 1
            start = index + 1
        }
        return line
    }
}

/// One significant line: its number, indentation and text without the comment.
struct YAMLSubsetLine: Equatable {
    let number: Int
    let indent: Int
    let text: String
}

/// Splits a document into significant lines, refusing characters outside the subset.
enum YAMLSubsetLines {
    static func split(_ text: String) throws(YAMLSubsetError) -> [YAMLSubsetLine] {
        if text.unicodeScalars.first == "\u{FEFF}" {
            throw YAMLSubsetError(line: 1, message: "remove the byte order mark at the start of the file")
        }
        var result: [YAMLSubsetLine] = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            for scalar in rawLine.unicodeScalars {
                try check(scalar, line: number)
            }
            try checkJoins(rawLine, line: number)
            let indent = rawLine.prefix { $0 == " " }.count
            let content = try stripComment(String(rawLine.dropFirst(indent)), line: number)
            if content.isEmpty { continue }
            if content.hasPrefix("%") {
                throw YAMLSubsetError(line: number, message: "directives (%…) are outside the supported YAML subset")
            }
            result.append(YAMLSubsetLine(number: number, indent: indent, text: content))
        }
        return result
    }

    private static func check(_ scalar: Unicode.Scalar, line: Int) throws(YAMLSubsetError) {
        switch scalar {
        case "\t":
            throw YAMLSubsetError(line: line, message: "tab character; indent and separate with spaces")
        case "\r":
            throw YAMLSubsetError(line: line, message: "carriage return; save the file with LF line endings")
        case "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "\u{2028}", "\u{2029}":
            throw YAMLSubsetError(line: line, message: "invisible character U+\(hex(scalar)); remove it")
        default:
            if scalar.properties.generalCategory == .control {
                throw YAMLSubsetError(line: line, message: "control character U+\(hex(scalar)); remove it")
            }
        }
    }

    /// Refuses a combining mark, joiner or similar that joins an ASCII space or punctuation mark
    /// (`"`, `'`, `:`, `-`, `#`, …) into one character: this reader reads characters, YAML readers
    /// read code points, so `"\u{654}x"` would be a quoted scalar to them and something else here.
    private static func checkJoins(_ line: Substring, line number: Int) throws(YAMLSubsetError) {
        for character in line where character.unicodeScalars.count > 1 {
            let scalars = character.unicodeScalars
            guard
                let syntax = scalars.first(where: {
                    $0.isASCII && !$0.properties.isAlphabetic && !("0"..."9").contains($0)
                }),
                let joiner = scalars.first(where: { !$0.isASCII })
            else { continue }
            throw YAMLSubsetError(
                line: number,
                message: "U+\(hex(joiner)) joins '\(syntax.escaped(asASCII: true))' into one character, which "
                    + "other YAML readers do not; remove it or put it after a letter")
        }
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Removes a `#` comment (at the start or after a space, outside quotes) and trailing spaces.
    static func stripComment(_ content: String, line: Int) throws(YAMLSubsetError) -> String {
        var quote: Character?
        var previous: Character = " "
        var index = content.startIndex
        while index < content.endIndex {
            let character = content[index]
            if let open = quote {
                if open == "\"" && character == "\\" {
                    index = content.index(after: index)
                    if index == content.endIndex { break }
                } else if character == open {
                    quote = nil
                }
            } else if character == "#" && previous == " " {
                return trimTrailingSpaces(content[..<index])
            } else if (character == "\"" || character == "'") && startsScalar(content, at: index) {
                quote = character
            }
            previous = character
            index = content.index(after: index)
        }
        if quote != nil {
            throw YAMLSubsetError(
                line: line,
                message: "a quoted scalar must end on the line it starts (multi-line scalars are outside the subset)")
        }
        return trimTrailingSpaces(content[...])
    }

    /// A quote opens a scalar only where a value starts: at the start of the line,
    /// after `[` or `,`, or after `: ` or `- `.
    private static func startsScalar(_ content: String, at index: String.Index) -> Bool {
        let before = content[..<index]
        var trimmed = before
        while trimmed.last == " " { trimmed.removeLast() }
        guard let last = trimmed.last else { return true }
        if last == "[" || last == "," { return true }
        guard trimmed.endIndex != before.endIndex else { return false }
        if last == ":" { return true }
        if last == "-" {
            let rest = trimmed.dropLast()
            return rest.isEmpty || rest.last == " "
        }
        return false
    }

    private static func trimTrailingSpaces(_ text: Substring) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
