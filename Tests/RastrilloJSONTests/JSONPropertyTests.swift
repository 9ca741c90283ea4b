import RastrilloTestSupport
import Testing

@testable import RastrilloJSON

/// Seeded property tests: generated documents read back to what was generated; mutated documents
/// never crash and either read or throw a ``JSONReadError`` with a sane position.
@Suite struct JSONPropertyTests {
    @Test func generatedDocumentsRoundTrip() throws {
        let seed = SeededGenerator.seed("JSON round trip", fallback: 0x5EED_0002)
        var generator = JSONModelGenerator(random: SeededGenerator(seed: seed))
        for iteration in 0..<1500 {
            let model = generator.model()
            let text = generator.render(model)
            let node = try JSONReader().read(Array(text.utf8))
            #expect(JSONModel(node.value) == model, "seed \(seed) iteration \(iteration): \(text)")
            let compact = JSONWriter.compact(node.value)
            let again = try JSONReader().read(Array(compact.utf8))
            #expect(JSONWriter.compact(again.value) == compact, "seed \(seed) iteration \(iteration)")
            #expect(JSONModel(again.value) == model, "seed \(seed) iteration \(iteration)")
            let pretty = try JSONReader().read(Array(JSONWriter.pretty(node.value).utf8))
            #expect(JSONModel(pretty.value) == model, "seed \(seed) iteration \(iteration)")
        }
    }

    /// ``JSONNumber/double`` computes short literals exactly (Clinger's fast path) and hands the
    /// rest to `Double(_: String)`; both must give the same bits `Double(_: String)` gives, sign of
    /// zero included, for literals on both sides of the fast path's limits (2^53, ±22).
    @Test func doublesMatchTheStandardLibraryBitForBit() throws {
        let seed = SeededGenerator.seed("JSON doubles", fallback: 0x5EED_0011)
        var random = SeededGenerator(seed: seed)
        func digits(_ count: Int, leading: Bool) -> String {
            var text = ""
            for position in 0..<count {
                let digit = Int(random.next(upTo: 10))
                text += String(leading && position == 0 && count > 1 ? max(1, digit) : digit)
            }
            return text
        }
        var fixed = [
            "0", "-0", "0.0", "-0.0", "0e999", "1e22", "1e23", "1e-22", "1e-23", "9007199254740991",
            "9007199254740993", "900719925474099.3", "0.1", "0.25", "-1.5e-7", "123456789012345678e-5",
            "0.000000000000000000000001", "4.35", "1E+2", "1e+0022", "2.5E-0003", "1e400", "-1e400",
        ]
        for _ in 0..<20_000 {
            var literal = random.next(upTo: 4) == 0 ? "-" : ""
            literal += digits(1 + Int(random.next(upTo: 18)), leading: true)
            if random.next(upTo: 2) == 0 { literal += "." + digits(1 + Int(random.next(upTo: 18)), leading: false) }
            if random.next(upTo: 2) == 0 {
                literal += ["e", "E"][Int(random.next(upTo: 2))] + ["", "+", "-"][Int(random.next(upTo: 3))]
                literal += String(random.next(upTo: 40))
            }
            fixed.append(literal)
        }
        var fastPath = 0
        for literal in fixed {
            let number = try #require(JSONNumber(literal: literal), "seed \(seed): \(literal) is not JSON")
            let expected = Double(literal).flatMap { $0.isFinite ? $0 : nil }
            #expect(
                number.double?.bitPattern == expected?.bitPattern,
                "seed \(seed): \(literal) read as \(String(describing: number.double)), expected \(String(describing: expected))"
            )
            if let document = try? JSONReader().readDocument(Array(literal.utf8)) {
                #expect(document.double(at: 0)?.bitPattern == expected?.bitPattern, "seed \(seed): \(literal)")
            }
            let bytes = Array(literal.utf8)
            if bytes.withUnsafeBufferPointer({ JSONNumberGrammar.fastDouble($0) }) != nil { fastPath += 1 }
        }
        // Both paths are exercised: many literals take the fast path, many do not.
        #expect(fastPath > 2_000 && fastPath < fixed.count - 2_000, "seed \(seed): \(fastPath) on the fast path")
    }

    @Test func positionsMatchAnIndependentCount() throws {
        let seed = SeededGenerator.seed("JSON positions", fallback: 0x5EED_0006)
        var generator = JSONModelGenerator(random: SeededGenerator(seed: seed))
        for iteration in 0..<400 {
            let bytes = Array(generator.render(generator.model()).utf8)
            let root = try JSONReader().read(bytes)
            var nodes = [root]
            var positions: [JSONPosition] = []
            while let node = nodes.popLast() {
                positions.append(node.position)
                if let elements = node.value.arrayValue { nodes += elements }
                if let object = node.value.objectValue {
                    positions += object.members.map(\.keyPosition)
                    nodes += object.members.map(\.value)
                }
            }
            for position in positions {
                // Line: newlines before the offset, plus one. Column: scalars since the last newline, plus one.
                let before = bytes[..<position.offset]
                let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
                let line = before.filter { $0 == 0x0A }.count + 1
                let column = bytes[lineStart..<position.offset].filter { $0 & 0xC0 != 0x80 }.count + 1
                #expect(
                    position == JSONPosition(offset: position.offset, line: line, column: column),
                    "seed \(seed) iteration \(iteration)")
            }
        }
    }

    @Test func mutatedDocumentsNeverCrash() {
        let seed = SeededGenerator.seed("JSON mutations", fallback: 0x5EED_0003)
        var generator = JSONModelGenerator(random: SeededGenerator(seed: seed))
        var random = SeededGenerator(seed: seed ^ 0xA5A5)
        let interesting: [UInt8] =
            Array(#"{}[]",:\-+.0123456789eEtfnu"#.utf8) + [0x00, 0x0A, 0x20, 0x80, 0xBF, 0xC0, 0xED, 0xF4, 0xFF]
        var accepted = 0
        var refused = 0
        for iteration in 0..<4000 {
            var bytes = Array(generator.render(generator.model()).utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
                let byte =
                    Bool.random(using: &random)
                    ? interesting.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !bytes.isEmpty: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                case 2 where !bytes.isEmpty: bytes.remove(at: position)
                default: bytes.removeSubrange(position..<bytes.count)
                }
            }
            do {
                let node = try JSONReader(options: .init(maxDepth: 8)).read(bytes)
                accepted += 1
                let compact = JSONWriter.compact(node.value)
                let again = try JSONReader().read(Array(compact.utf8))
                #expect(JSONModel(again.value) == JSONModel(node.value), "seed \(seed) iteration \(iteration)")
            } catch {
                refused += 1
                #expect((0...bytes.count).contains(error.position.offset), "seed \(seed) iteration \(iteration)")
                #expect(error.position.line >= 1 && error.position.column >= 1)
                #expect(error.pointer.isEmpty || error.pointer.utf8.first == UInt8(ascii: "/"))
                #expect(!error.description.isEmpty)
            }
        }
        // Both outcomes must occur, or the mutations are not exercising the reader.
        #expect(accepted > 0 && refused > 0, "seed \(seed): accepted \(accepted), refused \(refused)")
    }

    @Test func acceptedDocumentsAreValidUTF8() {
        let seed = SeededGenerator.seed("JSON random bytes", fallback: 0x5EED_0004)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<20000 {
            let bytes =
                [UInt8(ascii: "\"")]
                + (0..<Int.random(in: 0...6, using: &random)).map { _ in UInt8.random(in: 0x20...0xFF, using: &random) }
                + [UInt8(ascii: "\"")]
            let valid = String(validating: bytes, as: UTF8.self) != nil
            do {
                _ = try JSONReader().read(bytes)
                #expect(valid, "accepted invalid UTF-8 \(bytes), seed \(seed)")
            } catch {
                if error.kind == .invalidUTF8 { #expect(!valid, "refused valid UTF-8 \(bytes), seed \(seed)") }
            }
        }
    }
}
