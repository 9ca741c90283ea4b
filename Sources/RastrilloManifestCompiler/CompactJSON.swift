import RastrilloJSON

/// Serialises a parsed JSON node to compact, deterministic text (members in
/// document order, numbers as written, strings escaped by `JSONString.quoted`).
enum CompactJSON {
    static func text(_ node: JSONNode) -> String {
        var out = ""
        write(node, &out)
        return out
    }

    private static func write(_ node: JSONNode, _ out: inout String) {
        switch node.value {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let number): out += number.literal
        case .string(let text): out += JSONString.quoted(text)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { out += "," }
                out += JSONString.quoted(member.key) + ":"
                write(member.value, &out)
            }
            out += "}"
        }
    }
}
