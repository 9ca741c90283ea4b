/// The recursive-descent part of ``YAMLSubsetReader``: block structure over
/// significant lines, then scalars and flow sequences within a line.
struct YAMLSubsetParser {
    private var lines: [YAMLSubsetLine]
    private var position = 0
    /// How many blocks enclose the one being read.
    private var depth = 0
    /// The deepest nesting of blocks read (a `project.yml` needs a handful): the reader recurses
    /// once per level, so a hostile file must not choose the depth.
    static let maxDepth = 32

    init(lines: [YAMLSubsetLine]) {
        self.lines = lines
    }

    /// The line being looked at, if any remain.
    var current: YAMLSubsetLine? { position < lines.count ? lines[position] : nil }

    /// A mapping, a sequence or a lone scalar starting at the current line, at `indent`.
    mutating func parseBlock(indent: Int) throws(YAMLSubsetError) -> YAMLNode {
        guard let line = current else { return YAMLNode(line: lines.last?.number ?? 1, value: .null) }

        if Self.isSequenceItem(line.text) { return try parseSequence(indent: indent) }
        if try Self.splitEntry(line) != nil { return try parseMapping(indent: indent) }
        position += 1
        let node = try YAMLSubsetScalars.value(line.text, line: line.number)
        if let next = current, next.indent >= indent, !isEndOfEnclosing(next, indent: indent) {
            throw YAMLSubsetError(
                line: next.number,
                message: "multi-line plain scalars are outside the supported subset; put the value on one line")
        }
        return node
    }

    private func isEndOfEnclosing(_ line: YAMLSubsetLine, indent: Int) -> Bool {
        line.indent < indent
    }

    /// Counts one more enclosing collection, refusing past ``maxDepth``.
    private mutating func enter() throws(YAMLSubsetError) {
        guard depth < Self.maxDepth else {
            throw YAMLSubsetError(
                line: current?.number ?? lines.last?.number ?? 1,
                message: "nesting deeper than \(Self.maxDepth) levels is outside the supported subset")
        }
        depth += 1
    }

    private mutating func parseMapping(indent: Int) throws(YAMLSubsetError) -> YAMLNode {
        try enter()
        defer { depth -= 1 }
        var entries: [YAMLEntry] = []
        let startLine = current?.number ?? 1
        while let line = current, line.indent >= indent {
            guard line.indent == indent else {
                throw YAMLSubsetError(line: line.number, message: "unexpected indentation")
            }
            if Self.isSequenceItem(line.text) {
                throw YAMLSubsetError(
                    line: line.number,
                    message: "a list item where a 'key: value' entry was expected; check the indentation")
            }
            guard let (key, rest) = try Self.splitEntry(line) else {
                throw YAMLSubsetError(line: line.number, message: "expected 'key: value'")
            }
            if let previous = entries.first(where: { $0.key == key }) {
                throw YAMLSubsetError(
                    line: line.number, message: "duplicate key '\(key)' (first on line \(previous.line)); keep only one"
                )
            }
            position += 1
            let value: YAMLNode
            if rest.isEmpty {
                value = try parseNested(under: line, indent: indent)
            } else {
                value = try YAMLSubsetScalars.value(rest, line: line.number)
                try refuseDeeperLine(after: indent)
            }
            entries.append(YAMLEntry(key: key, line: line.number, value: value))
        }
        return YAMLNode(line: startLine, value: .mapping(entries))
    }

    /// The value of a key with nothing after its colon: a deeper block, a list at
    /// the key's own column, or null.
    private mutating func parseNested(under line: YAMLSubsetLine, indent: Int) throws(YAMLSubsetError) -> YAMLNode {
        guard let next = current else { return YAMLNode(line: line.number, value: .null) }
        if next.indent > indent { return try parseBlock(indent: next.indent) }
        if next.indent == indent && Self.isSequenceItem(next.text) { return try parseSequence(indent: indent) }
        return YAMLNode(line: line.number, value: .null)
    }

    private mutating func parseSequence(indent: Int) throws(YAMLSubsetError) -> YAMLNode {
        try enter()
        defer { depth -= 1 }
        var items: [YAMLNode] = []
        let startLine = current?.number ?? 1
        while let line = current, line.indent == indent, Self.isSequenceItem(line.text) {
            let afterDash = line.text.dropFirst()
            let spaces = afterDash.prefix { $0 == " " }.count
            let rest = String(afterDash.dropFirst(spaces))
            if rest.isEmpty {
                position += 1
                if let next = current, next.indent > indent {
                    items.append(try parseBlock(indent: next.indent))
                } else {
                    items.append(YAMLNode(line: line.number, value: .null))
                }
                continue
            }
            if Self.isSequenceItem(rest) {
                throw YAMLSubsetError(
                    line: line.number,
                    message: "a list inside a list on one line ('- - …') is outside the supported subset")
            }
            let column = indent + 1 + spaces
            let inline = YAMLSubsetLine(number: line.number, indent: column, text: rest)
            if try Self.splitEntry(inline) != nil {
                // `- key: value` starts a mapping whose keys line up at `column`.
                lines[position] = inline
                items.append(try parseMapping(indent: column))
            } else {
                position += 1
                items.append(try YAMLSubsetScalars.value(rest, line: line.number))
                try refuseDeeperLine(after: indent)
            }
        }
        if let line = current, line.indent > indent {
            throw YAMLSubsetError(line: line.number, message: "unexpected indentation")
        }
        return YAMLNode(line: startLine, value: .sequence(items))
    }

    private func refuseDeeperLine(after indent: Int) throws(YAMLSubsetError) {
        if let next = current, next.indent > indent {
            throw YAMLSubsetError(
                line: next.number,
                message:
                    "unexpected indentation (a value already follows the colon; multi-line values are outside the subset)"
            )
        }
    }

    static func isSequenceItem(_ text: String) -> Bool {
        text == "-" || text.hasPrefix("- ")
    }

    /// Splits `key: rest` (rest may be empty); `nil` when the line is not an entry.
    static func splitEntry(_ line: YAMLSubsetLine) throws(YAMLSubsetError) -> (key: String, rest: String)? {
        let text = line.text
        if text.hasPrefix("? ") || text == "?" {
            throw YAMLSubsetError(line: line.number, message: "complex keys ('? ') are outside the supported subset")
        }
        if let first = text.first, first == "\"" || first == "'" {
            let (key, end) = try YAMLSubsetScalars.quoted(text, line: line.number)
            let after = text[end...]
            guard after.hasPrefix(":") else { return nil }
            let rest = after.dropFirst()
            guard rest.isEmpty || rest.first == " " else { return nil }
            return (key, String(rest.drop { $0 == " " }))
        }
        if text.hasPrefix("[") || text.hasPrefix("{") { return nil }
        guard let colon = entryColon(text) else { return nil }
        var keyText = text[..<colon]
        while keyText.last == " " { keyText.removeLast() }
        let rest = String(text[text.index(after: colon)...].drop { $0 == " " })
        guard !keyText.isEmpty else {
            throw YAMLSubsetError(line: line.number, message: "a key is missing before ':'")
        }
        let key = try YAMLSubsetScalars.value(String(keyText), line: line.number)
        guard let keyString = key.string else {
            throw YAMLSubsetError(
                line: line.number,
                message: "the key '\(keyText)' is read as \(key.kindDescription); keys must be text, quote it")
        }
        return (keyString, rest)
    }

    /// The first `:` followed by a space or the end of the line.
    private static func entryColon(_ text: String) -> String.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == ":" && (next == text.endIndex || text[next] == " ") { return index }
            index = next
        }
        return nil
    }
}
