@testable import FuzzYAML

/// A YAML value without line numbers.
indirect enum PlainYAML: Equatable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case null
    case sequence([PlainYAML])
    case mapping([String], [PlainYAML])

    init(_ node: YAMLNode) {
        switch node.value {
        case .string(let text): self = .string(text)
        case .integer(let value): self = .integer(value)
        case .boolean(let value): self = .boolean(value)
        case .null: self = .null
        case .sequence(let items): self = .sequence(items.map(PlainYAML.init))
        case .mapping(let entries): self = .mapping(entries.map(\.key), entries.map { PlainYAML($0.value) })
        }
    }
}

/// `fuzz-yaml`: any bytes through the YAML subset reader of `companion check`. Properties: what
/// it accepts is valid UTF-8 (standard library) with no tab, carriage return or other control
/// character; no mapping has a duplicate key; a separate writer's block YAML for the value
/// (every string double-quoted) reads back as the same value, or is refused because a
/// combining mark would join the opening quote; a refusal names a line of the input.
enum YAMLCheck {
    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        let node: YAMLNode
        do {
            node = try YAMLSubsetReader.read(bytes)
        } catch {
            let lines = bytes.count { $0 == 0x0A } + 1
            try require(
                (1...lines).contains(error.line), "refusal on line \(error.line) of \(lines): \(escaped(bytes))")
            return
        }
        guard let text = validUTF8(bytes) else {
            throw PropertyViolation(description: "accepted invalid UTF-8: \(escaped(bytes))")
        }
        try require(
            !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F },
            "accepted a control character: \(escaped(bytes))")
        let plain = PlainYAML(node)
        try requireUniqueKeys(plain, bytes)
        guard let written = write(plain) else { return }  // an empty mapping has no block spelling
        let again: YAMLNode
        do { again = try YAMLSubsetReader.read(Array(written.utf8)) } catch {
            // A string starting with a combining mark has no quoted spelling this reader takes (the
            // mark would join the quote): refusing it, rather than misreading it, is the property.
            if error.message.contains("into one character") { return }
            throw PropertyViolation(
                description: "the value of \(escaped(bytes)) written as \(escaped(written)) is refused: \(error)")
        }
        try require(PlainYAML(again) == plain, "round trip changed \(escaped(bytes)) → \(escaped(written))")
    }

    static func requireUniqueKeys(_ value: PlainYAML, _ bytes: [UInt8]) throws(PropertyViolation) {
        switch value {
        case .sequence(let items): for item in items { try requireUniqueKeys(item, bytes) }
        case .mapping(let keys, let values):
            try require(Set(keys).count == keys.count, "duplicate key accepted: \(escaped(bytes))")
            for item in values { try requireUniqueKeys(item, bytes) }
        default: break
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(character)
            }
        }
        return out + "\""
    }

    /// One-line spelling of a scalar (or an empty list); `nil` for a block value.
    static func inline(_ value: PlainYAML) -> String? {
        switch value {
        case .string(let text): return quote(text)
        case .integer(let number): return String(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "~"
        case .sequence(let items) where items.isEmpty: return "[]"
        default: return nil
        }
    }

    /// Block YAML for `value`; `nil` when it holds an empty mapping.
    static func write(_ value: PlainYAML) -> String? {
        var lines: [String] = []
        guard block(value, indent: 0, into: &lines) else { return nil }
        return lines.joined(separator: "\n") + "\n"
    }

    static func block(_ value: PlainYAML, indent: Int, into lines: inout [String]) -> Bool {
        let pad = String(repeating: " ", count: indent)
        if let text = inline(value) {
            lines.append(pad + text)
            return true
        }
        switch value {
        case .sequence(let items):
            for item in items {
                if let text = inline(item) {
                    lines.append(pad + "- " + text)
                } else {
                    lines.append(pad + "-")
                    guard block(item, indent: indent + 2, into: &lines) else { return false }
                }
            }
            return true
        case .mapping(let keys, let values):
            guard !keys.isEmpty else { return false }
            for (key, item) in zip(keys, values) {
                if let text = inline(item) {
                    lines.append(pad + quote(key) + ": " + text)
                } else {
                    lines.append(pad + quote(key) + ":")
                    guard block(item, indent: indent + 2, into: &lines) else { return false }
                }
            }
            return true
        default: return false
        }
    }
}
