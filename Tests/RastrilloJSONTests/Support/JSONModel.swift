import RastrilloJSON
import RastrilloTestSupport

/// A position-free model of a JSON value, for generating documents and comparing content.
indirect enum JSONModel: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string([Unicode.Scalar])
    case array([JSONModel])
    case object([Member])

    struct Member: Equatable {
        var key: [Unicode.Scalar]
        var value: JSONModel
    }

    /// The model of a value read by ``JSONReader``.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number.literal)
        case .string(let text): self = .string(Array(text.unicodeScalars))
        case .array(let elements): self = .array(elements.map { JSONModel($0.value) })
        case .object(let object):
            self = .object(
                object.members.map { Member(key: Array($0.key.unicodeScalars), value: JSONModel($0.value.value)) })
        }
    }
}

/// Generates random models and renders them as JSON text with random layout and escaping.
struct JSONModelGenerator {
    var random: SeededGenerator
    var maxDepth = 5
    /// Keep numbers in the range Foundation reads exactly (for the differential test).
    var smallNumbers = false

    mutating func model(depth: Int = 0) -> JSONModel {
        let choice = Int.random(in: 0..<(depth >= maxDepth ? 4 : 6), using: &random)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(numberLiteral())
        case 3: return .string(scalars())
        case 4:
            return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in model(depth: depth + 1) })
        default:
            var members: [JSONModel.Member] = []
            var keys = Set<[UInt32]>()
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let key = scalars()
                guard keys.insert(key.map(\.value)).inserted else { continue }
                members.append(.init(key: key, value: model(depth: depth + 1)))
            }
            return .object(members)
        }
    }

    mutating func numberLiteral() -> String {
        var text = Bool.random(using: &random) ? "-" : ""
        if Int.random(in: 0..<5, using: &random) == 0 {
            text += "0"
        } else {
            text += String(Int.random(in: 1...9, using: &random))
            for _ in 0..<Int.random(in: 0...(smallNumbers ? 8 : 20), using: &random) {
                text += String(Int.random(in: 0...9, using: &random))
            }
        }
        if Bool.random(using: &random) {
            text += "."
            for _ in 0..<Int.random(in: 1...6, using: &random) { text += String(Int.random(in: 0...9, using: &random)) }
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            text += ["e", "E"].randomElement(using: &random)!
            text += ["", "+", "-"].randomElement(using: &random)!
            text += String(Int.random(in: 0...(smallNumbers ? 30 : 400), using: &random))
        }
        return text
    }

    mutating func scalars() -> [Unicode.Scalar] {
        let pool: [ClosedRange<UInt32>] = [
            0x61...0x7A, 0x20...0x7E, 0x00...0x1F, 0x22...0x22, 0x5C...0x5C, 0xA0...0x7FF, 0x800...0xD7FF,
            0xE000...0xFFFD, 0x10000...0x10FFFF, 0x2028...0x2029,
        ]
        return (0..<Int.random(in: 0...8, using: &random)).map { _ in
            let range = pool.randomElement(using: &random)!
            return Unicode.Scalar(UInt32.random(in: range, using: &random))!
        }
    }

    mutating func render(_ model: JSONModel) -> String {
        var text = ""
        render(model, into: &text)
        return whitespace() + text + whitespace()
    }

    private mutating func render(_ model: JSONModel, into text: inout String) {
        switch model {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let literal): text += literal
        case .string(let scalars): renderString(scalars, into: &text)
        case .array(let elements):
            text += "[" + whitespace()
            for (offset, element) in elements.enumerated() {
                if offset > 0 { text += whitespace() + "," + whitespace() }
                render(element, into: &text)
            }
            text += whitespace() + "]"
        case .object(let members):
            text += "{" + whitespace()
            for (offset, member) in members.enumerated() {
                if offset > 0 { text += whitespace() + "," + whitespace() }
                renderString(member.key, into: &text)
                text += whitespace() + ":" + whitespace()
                render(member.value, into: &text)
            }
            text += whitespace() + "}"
        }
    }

    private mutating func whitespace() -> String {
        guard Int.random(in: 0..<3, using: &random) == 0 else { return "" }
        return String(
            (0..<Int.random(in: 1...3, using: &random)).map { _ in
                [" ", "\n", "\t", "\r"].randomElement(using: &random)!
            })
    }

    private mutating func renderString(_ scalars: [Unicode.Scalar], into text: inout String) {
        text += "\""
        for scalar in scalars {
            let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
            if !mustEscape && Int.random(in: 0..<4, using: &random) != 0 {
                text.unicodeScalars.append(scalar)
                continue
            }
            switch (scalar, Bool.random(using: &random)) {
            case ("\"", true): text += "\\\""
            case ("\\", true): text += "\\\\"
            case ("/", true): text += "\\/"
            case ("\n", true): text += "\\n"
            case ("\t", true): text += "\\t"
            case ("\r", true): text += "\\r"
            case ("\u{08}", true): text += "\\b"
            case ("\u{0C}", true): text += "\\f"
            default:
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: Bool.random(using: &random))
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        text += "\""
    }
}
