import RastrilloJSON

/// A JSON value with ordered object members, as `manifest derive` builds and writes it.
///
/// The writer's layout is fixed (``manifestText``), so the same app always gives the same bytes.
indirect enum DerivedJSON: Sendable, Equatable {
    case string(String)
    /// A number as its JSON literal.
    case number(String)
    case bool(Bool)
    case null
    case array([DerivedJSON])
    case object([(key: String, value: DerivedJSON)])

    static func == (lhs: DerivedJSON, rhs: DerivedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// An integer value.
    static func int(_ value: Int) -> DerivedJSON { .number(String(value)) }

    /// A string array.
    static func strings(_ values: [String]) -> DerivedJSON { .array(values.map { .string($0) }) }

    /// The same value read by RastrilloJSON (member order kept, numbers as written).
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number.literal)
        case .string(let text): self = .string(text)
        case .array(let nodes): self = .array(nodes.map { DerivedJSON($0.value) })
        case .object(let object): self = .object(object.members.map { ($0.key, DerivedJSON($0.value.value)) })
        }
    }

    /// The members of an object (`nil` for any other value).
    var members: [(key: String, value: DerivedJSON)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The member `key` of an object.
    subscript(key: String) -> DerivedJSON? {
        members?.first { $0.key == key }?.value
    }

    /// The string, if this is one.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The object with `key` set to `value` (replaced in place, or appended); `nil` removes it.
    func setting(_ key: String, to value: DerivedJSON?) -> DerivedJSON {
        guard var members else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            if let value { members[index].value = value } else { members.remove(at: index) }
        } else if let value {
            members.append((key, value))
        }
        return .object(members)
    }

    /// The object with its members in `order` (members not named there keep their order, last).
    func ordered(_ order: [String]) -> DerivedJSON {
        guard let members else { return self }
        let rank = { (key: String) in order.firstIndex(of: key) ?? order.count }
        let sorted = members.enumerated().sorted {
            (rank($0.element.key), $0.offset) < (rank($1.element.key), $1.offset)
        }
        return .object(sorted.map(\.element))
    }

    /// Compact text on one line: `{"a": 1, "b": [true]}`.
    var compactText: String {
        var out = ""
        appendCompact(to: &out)
        return out
    }

    private func appendCompact(to out: inout String) {
        switch self {
        case .string(let text): Self.appendQuoted(text, to: &out)
        case .number(let literal): out += literal
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += ", " }
                value.appendCompact(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += ", " }
                Self.appendQuoted(member.key, to: &out)
                out += ": "
                member.value.appendCompact(to: &out)
            }
            out += "}"
        }
    }

    /// The manifest layout: one top-level key per line; a top-level array puts each element on
    /// a line of its own; everything deeper is compact. Ends with a newline.
    var manifestText: String {
        guard case .object(let members) = self else { return compactText + "\n" }
        var out = "{\n"
        for (index, member) in members.enumerated() {
            out += "  "
            Self.appendQuoted(member.key, to: &out)
            out += ": "
            if case .array(let values) = member.value, !values.isEmpty {
                out += "[\n"
                for (valueIndex, value) in values.enumerated() {
                    out += "    " + value.compactText + (valueIndex == values.count - 1 ? "\n" : ",\n")
                }
                out += "  ]"
            } else {
                out += member.value.compactText
            }
            out += index == members.count - 1 ? "\n" : ",\n"
        }
        return out + "}\n"
    }

    /// `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t` or `\u00XX`.
    static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
