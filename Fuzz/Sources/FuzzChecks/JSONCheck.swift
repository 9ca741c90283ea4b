@testable import RastrilloJSON

/// A JSON value without positions, for comparing two reads.
indirect enum PlainJSON: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([PlainJSON])
    case object([(String, PlainJSON)])

    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let number): self = .number(number.literal)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(PlainJSON.init))
        case .object(let object): self = .object(object.members.map { ($0.key, PlainJSON($0.value)) })
        }
    }

    static func == (lhs: PlainJSON, rhs: PlainJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)), (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}

/// `fuzz-json`: any bytes through the strict reader. Properties: what it accepts is valid UTF-8
/// (checked by the standard library), starts with a JSON value's first character, nests no
/// deeper than the limit (counted by a separate scanner) and has no duplicate key in an object;
/// writing the value compactly and reading it back gives the same value, and writing that again
/// gives the same bytes; a refusal has a position inside the input.
enum JSONCheck {
    static let maxDepth = 24

    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        let reader = JSONReader(options: .init(maxBytes: 1 << 20, maxDepth: maxDepth))
        let node: JSONNode
        do {
            node = try reader.read(bytes)
        } catch {
            try require(
                error.position.line >= 1 && error.position.column >= 1,
                "refusal without a position: \(error) for \(escaped(bytes))")
            return
        }
        try require(validUTF8(bytes) != nil, "accepted invalid UTF-8: \(escaped(bytes))")
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        try require(
            first.map { "{[\"tfn-0123456789".utf8.contains($0) } == true, "accepted a non-value: \(escaped(bytes))")
        let depth = nestingDepth(bytes)
        try require(depth <= maxDepth, "accepted depth \(depth) over \(maxDepth): \(escaped(bytes))")
        try requireUniqueKeys(node, bytes)
        let written = JSONWriter.compact(node.value)
        let again: JSONNode
        do { again = try reader.read(Array(written.utf8)) } catch {
            throw PropertyViolation(description: "the writer's output \(escaped(written)) is refused: \(error)")
        }
        try require(PlainJSON(again) == PlainJSON(node), "round trip changed \(escaped(bytes)) → \(escaped(written))")
        try require(JSONWriter.compact(again.value) == written, "writing is not stable for \(escaped(bytes))")
    }

    /// The deepest `[`/`{` nesting outside strings.
    static func nestingDepth(_ bytes: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escape = false
        for byte in bytes {
            if inString {
                if escape {
                    escape = false
                } else if byte == UInt8(ascii: "\\") {
                    escape = true
                } else if byte == 0x22 {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    static func requireUniqueKeys(_ node: JSONNode, _ bytes: [UInt8]) throws(PropertyViolation) {
        switch node.value {
        case .array(let items): for item in items { try requireUniqueKeys(item, bytes) }
        case .object(let object):
            try require(Set(object.keys).count == object.keys.count, "duplicate key accepted: \(escaped(bytes))")
            for member in object.members { try requireUniqueKeys(member.value, bytes) }
        default: break
        }
    }
}
