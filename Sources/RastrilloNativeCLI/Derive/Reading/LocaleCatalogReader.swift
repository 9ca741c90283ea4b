/// Why a locale catalog was refused: the 1-based line and what to change there.
struct LocaleCatalogError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line the problem is on.
    let line: Int
    /// What is wrong and what to write instead, in one sentence.
    let message: String

    /// `line N: message`.
    var description: String { "line \(line): \(message)" }
}

/// A strict reader for the flat TOML subset of a Rastrillo locale catalog (`gen/locales/en.toml`,
/// `locales/<code>.toml`).
///
/// The subset, read into a flat dictionary of dotted key → text:
/// - blank lines and `#` comments, on their own line or after a value or header;
/// - `key = "basic string"` with the escapes `\"` `\\` `\n` `\t` `\r` `\uXXXX` `\UXXXXXXXX`
///   (a Unicode scalar value), and `key = 'literal string'` (no escapes), each on one line;
/// - keys of bare parts (`A-Z a-z 0-9 _ -`) or quoted parts (`"a b"`, `'a b'`) joined by dots,
///   with spaces or tabs around the dots: `resource.ticket_types.name`;
/// - `[table]` and `[a.b]` headers, whose name prefixes the keys that follow.
///
/// Refused, with the line and what to do: invalid UTF-8, a byte order mark, raw control
/// characters (tab is allowed), other escapes, unterminated strings, any value that is not a
/// one-line string (numbers, booleans, dates, arrays, inline tables, multi-line strings), a key
/// defined twice or both a value and a table (TOML's rules for tables, including a table defined
/// twice or reopened by dotted keys), arrays of tables (`[[x]]`), a quoted key part that is
/// empty, holds a `.` (the result's keys are split at dots) or a control character, a key longer
/// than ``maxKeyBytes`` with its table's name, and input over ``maxBytes``.
///
/// It reads each byte a bounded number of times (linear time, no recursion): every key part is
/// looked up once in a table of (parent, part) edges, and no key is longer than ``maxKeyBytes``.
enum LocaleCatalogReader {
    /// The largest catalog read: 1 MiB. A larger one is refused.
    static let maxBytes = 1 << 20
    /// The longest key read, in UTF-8 bytes, joined with dots and with its table's name.
    static let maxKeyBytes = 256

    /// Reads a catalog's bytes into dotted key → text.
    ///
    /// - Throws: ``LocaleCatalogError`` naming the first line that is outside the subset.
    static func read(_ bytes: [UInt8]) throws(LocaleCatalogError) -> [String: String] {
        if bytes.count > maxBytes {
            throw LocaleCatalogError(
                line: lineNumber(at: maxBytes, in: bytes),
                message: "the catalog is \(bytes.count) bytes; at most \(maxBytes) bytes (1 MiB) are read")
        }
        if let offset = invalidUTF8Offset(bytes) {
            throw LocaleCatalogError(
                line: lineNumber(at: offset, in: bytes), message: "the catalog is not valid UTF-8; save it as UTF-8")
        }
        var parser = LocaleCatalogParser(bytes: bytes)
        return try parser.parse()
    }

    /// The 1-based line holding byte `offset` (counting the line feeds before it).
    static func lineNumber(at offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A { line += 1 }
        return line
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (no overlong
    /// forms, surrogates or values above U+10FFFF), or `nil` when all of `bytes` is UTF-8.
    static func invalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let count: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: count = 1
            case 0xE0: (count, low) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: count = 2
            case 0xED: (count, high) = (2, 0x9F)
            case 0xF0: (count, low) = (3, 0x90)
            case 0xF1...0xF3: count = 3
            case 0xF4: (count, high) = (3, 0x8F)
            default: return index
            }
            guard index + count < bytes.count else { return index }
            for next in 1...count {
                let byte = bytes[index + next]
                if byte < (next == 1 ? low : 0x80) || byte > (next == 1 ? high : 0xBF) { return index }
            }
            index += count + 1
        }
        return nil
    }
}

/// The line-by-line parser behind ``LocaleCatalogReader``; its input is valid UTF-8.
private struct LocaleCatalogParser {
    /// What a dotted path names so far.
    enum Kind {
        /// `key = "text"`.
        case value
        /// A `[header]`.
        case header
        /// A table made by dotted keys (`a.b = …` makes `a`).
        case dotted
        /// A table made by a longer header (`[a.b]` makes `a`).
        case implicit
    }

    /// One step down the key tree: a part under its parent node.
    struct Edge: Hashable {
        let parent: Int
        let part: String
    }

    let bytes: [UInt8]
    /// The current line's first byte, its end (before `\n` or `\r\n`) and the read position.
    var start = 0
    var end = 0
    var position = 0
    var line = 0
    /// The key tree: node 0 is the root table.
    var children: [Edge: Int] = [:]
    var kinds: [Kind] = [.header]
    var definedOn: [Int] = [0]
    /// The current table's node and dotted name ("" at the root).
    var table = 0
    var tableName = ""
    var result: [String: String] = [:]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Reads every line.
    mutating func parse() throws(LocaleCatalogError) -> [String: String] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw LocaleCatalogError(line: 1, message: "the catalog starts with a byte order mark; save it without one")
        }
        var next = 0
        while next < bytes.count || line == 0 {
            line += 1
            start = next
            var stop = start
            while stop < bytes.count && bytes[stop] != 0x0A { stop += 1 }
            next = stop + 1
            end = stop
            if stop < bytes.count && stop > start && bytes[stop - 1] == 0x0D { end = stop - 1 }
            position = start
            try parseLine()
            if next > bytes.count { break }
        }
        return result
    }

    // MARK: Lines

    mutating func parseLine() throws(LocaleCatalogError) {
        skipSpace()
        guard let byte = peek else { return }
        switch byte {
        case UInt8(ascii: "#"): try parseComment()
        case UInt8(ascii: "["): try parseHeader()
        default: try parseKeyValue()
        }
    }

    mutating func parseHeader() throws(LocaleCatalogError) {
        position += 1
        if peek == UInt8(ascii: "[") {
            throw fail("arrays of tables ([[…]]) are not read; a catalog holds only `key = \"text\"` lines")
        }
        skipSpace()
        let parts = try parseKey()
        skipSpace()
        guard peek == UInt8(ascii: "]") else {
            throw fail("expected ']' to close the table header, found \(describeHere())")
        }
        position += 1
        try parseLineEnd(after: "the table header")
        try checkLength(parts, under: "")
        var node = 0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            let name = parts[...index].joined(separator: ".")
            if let child = children[Edge(parent: node, part: part)] {
                switch kinds[child] {
                case .value:
                    throw fail("'\(name)' is a value (line \(definedOn[child])), so it cannot also be a table")
                case .header where isLast:
                    throw fail("the table [\(name)] is defined twice (first on line \(definedOn[child]))")
                case .dotted where isLast:
                    throw fail(
                        "the table '\(name)' was made by dotted keys on line \(definedOn[child]); "
                            + "[\(name)] cannot define it again")
                case .implicit where isLast:
                    kinds[child] = .header
                    definedOn[child] = line
                default: break
                }
                node = child
            } else {
                node = add(Edge(parent: node, part: part), isLast ? .header : .implicit)
            }
        }
        table = node
        tableName = parts.joined(separator: ".")
    }

    mutating func parseKeyValue() throws(LocaleCatalogError) {
        let parts = try parseKey()
        skipSpace()
        guard peek == UInt8(ascii: "=") else {
            throw fail("expected '=' after the key, found \(describeHere())")
        }
        position += 1
        skipSpace()
        let value = try parseValue()
        try parseLineEnd(after: "the value")
        try checkLength(parts, under: tableName)
        var node = table
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            let name = fullName(parts[...index])
            if let child = children[Edge(parent: node, part: part)] {
                if isLast {
                    if kinds[child] == .value {
                        throw fail("the key '\(name)' is defined twice (first on line \(definedOn[child]))")
                    }
                    throw fail("'\(name)' is a table (line \(definedOn[child])), so it cannot also hold a value")
                }
                switch kinds[child] {
                case .value:
                    throw fail(
                        "'\(name)' is a value (line \(definedOn[child])), so '\(fullName(parts[...]))' cannot be a key")
                case .header, .implicit:
                    throw fail(
                        "the table '\(name)' is defined by a header on line \(definedOn[child]); "
                            + "write this key under [\(name)] instead of with dotted keys")
                case .dotted: break
                }
                node = child
            } else {
                node = add(Edge(parent: node, part: part), isLast ? .value : .dotted)
            }
        }
        result[fullName(parts[...])] = value
    }

    /// The dotted name of `parts` under the current table.
    func fullName(_ parts: ArraySlice<String>) -> String {
        let key = parts.joined(separator: ".")
        return tableName.isEmpty ? key : tableName + "." + key
    }

    mutating func add(_ edge: Edge, _ kind: Kind) -> Int {
        kinds.append(kind)
        definedOn.append(line)
        children[edge] = kinds.count - 1
        return kinds.count - 1
    }

    func checkLength(_ parts: [String], under prefix: String) throws(LocaleCatalogError) {
        var length = prefix.utf8.count + parts.count - (prefix.isEmpty ? 1 : 0)
        for part in parts { length += part.utf8.count }
        if length > LocaleCatalogReader.maxKeyBytes {
            throw fail(
                "the key is \(length) bytes long with its table's name; at most \(LocaleCatalogReader.maxKeyBytes) are read"
            )
        }
    }

    /// After a value or header: spaces, then an optional comment, then the end of the line.
    mutating func parseLineEnd(after what: String) throws(LocaleCatalogError) {
        skipSpace()
        guard let byte = peek else { return }
        if byte == UInt8(ascii: "#") { return try parseComment() }
        throw fail("\(what) must end the line, found \(describeHere()); start a comment with '#'")
    }

    mutating func parseComment() throws(LocaleCatalogError) {
        while let byte = peek {
            if isControl(byte) { throw fail("a comment cannot hold \(describe(byte)); remove it") }
            position += 1
        }
    }

    // MARK: Keys

    /// A dotted key: parts joined by `.`, with spaces or tabs allowed around each dot.
    mutating func parseKey() throws(LocaleCatalogError) -> [String] {
        var parts: [String] = []
        while true {
            parts.append(try parseKeyPart())
            skipSpace()
            guard peek == UInt8(ascii: ".") else { return parts }
            position += 1
            skipSpace()
        }
    }

    mutating func parseKeyPart() throws(LocaleCatalogError) -> String {
        guard let byte = peek else { throw fail("expected a key at the end of the line") }
        let part: String
        switch byte {
        case UInt8(ascii: "\""):
            part = try parseBasicString()
        case UInt8(ascii: "'"):
            part = try parseLiteralString()
        default:
            let first = position
            while let next = peek, isBare(next) { position += 1 }
            guard position > first else {
                if byte == UInt8(ascii: "=") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "]") {
                    throw fail("expected a key before \(describeHere())")
                }
                throw fail(
                    "\(describeHere()) cannot be in a bare key (A-Z a-z 0-9 _ -); quote the key part (\"…\")")
            }
            return String(decoding: bytes[first..<position], as: UTF8.self)
        }
        if part.isEmpty { throw fail("a key part cannot be empty; name it") }
        if part.utf8.contains(UInt8(ascii: ".")) {
            throw fail("a quoted key part cannot hold '.': keys are read as dotted names; write its parts unquoted")
        }
        if part.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw fail("a key cannot hold a control character; remove it")
        }
        return part
    }

    // MARK: Values

    mutating func parseValue() throws(LocaleCatalogError) -> String {
        guard let byte = peek else {
            throw fail("expected a value after '='; write the text in double quotes (\"…\")")
        }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            if position + 2 < end && bytes[position + 1] == byte && bytes[position + 2] == byte {
                throw fail(
                    "only string values on one line are read; write this multi-line string as one line, with \\n")
            }
            return byte == UInt8(ascii: "'") ? try parseLiteralString() : try parseBasicString()
        case UInt8(ascii: "["):
            throw fail("only string values are read; this is an array: write one key per text")
        case UInt8(ascii: "{"):
            throw fail("only string values are read; this is an inline table: write one dotted key per text")
        case UInt8(ascii: "#"):
            throw fail("expected a value after '='; write the text in double quotes (\"…\")")
        default:
            throw fail("only string values are read; write the text in double quotes (\"…\")")
        }
    }

    /// `"…"` from its opening quote, decoding the escapes the subset takes.
    mutating func parseBasicString() throws(LocaleCatalogError) -> String {
        position += 1
        var out: [UInt8] = []
        while true {
            guard let byte = peek else {
                throw fail("the string is not closed; end it with '\"' on the same line")
            }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            default:
                if isControl(byte) {
                    let code = hex(UInt32(byte), width: 4)
                    throw fail("a string cannot hold \(describe(byte)) as it is; write it as \\u\(code)")
                }
                out.append(byte)
            }
        }
    }

    mutating func parseEscape(into out: inout [UInt8]) throws(LocaleCatalogError) {
        guard let byte = peek else {
            throw fail("the string ends in a lone '\\'; write \\\\ for a backslash and close it with '\"'")
        }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let width = byte == UInt8(ascii: "u") ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<width {
                guard let digit = peek.flatMap(hexValue) else {
                    throw fail("\\\(Character(Unicode.Scalar(byte))) takes exactly \(width) hex digits")
                }
                value = value << 4 | digit
                position += 1
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw fail(
                    "\\\(Character(Unicode.Scalar(byte)))\(hex(value, width: width)) is not a Unicode scalar value")
            }
            UTF8.encode(scalar) { out.append($0) }
        default:
            position -= 1
            throw fail(
                "\\\(describeHere(quoted: false)) is not an escape this reader takes "
                    + "(\\\" \\\\ \\n \\t \\r \\uXXXX \\UXXXXXXXX); write \\\\ for a backslash")
        }
    }

    /// `'…'` from its opening quote: no escapes.
    mutating func parseLiteralString() throws(LocaleCatalogError) -> String {
        position += 1
        let first = position
        while true {
            guard let byte = peek else {
                throw fail("the string is not closed; end it with \"'\" on the same line")
            }
            if byte == UInt8(ascii: "'") {
                position += 1
                return String(decoding: bytes[first..<(position - 1)], as: UTF8.self)
            }
            if isControl(byte) {
                throw fail("a literal string cannot hold \(describe(byte)); use a \"…\" string with an escape")
            }
            position += 1
        }
    }

    // MARK: Bytes

    /// The byte at the read position, or `nil` at the end of the line.
    var peek: UInt8? { position < end ? bytes[position] : nil }

    mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 { position += 1 }
    }

    func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default: return false
        }
    }

    /// A control character TOML does not allow raw (tab is allowed).
    func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09) || byte == 0x7F }

    func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    func describe(_ byte: UInt8) -> String { "a control character (U+\(hex(UInt32(byte), width: 4)))" }

    /// The character at the read position, for messages: `'x'`, a control character's code
    /// point, or "the end of the line".
    func describeHere(quoted: Bool = true) -> String {
        guard let byte = peek else { return "the end of the line" }
        if isControl(byte) { return describe(byte) }
        var stop = position + 1
        while stop < end && bytes[stop] & 0xC0 == 0x80 { stop += 1 }
        let text = String(decoding: bytes[position..<stop], as: UTF8.self)
        return quoted ? "'\(text)'" : text
    }

    func fail(_ message: String) -> LocaleCatalogError { LocaleCatalogError(line: line, message: message) }
}
