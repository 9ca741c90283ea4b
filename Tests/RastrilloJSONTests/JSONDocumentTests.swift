import RastrilloJSON
import RastrilloTestSupport
import Testing

/// The tape reader (``JSONReader/readDocument(_:)``, used by the bridge) against the tree reader
/// and an independent walk: same acceptance, same errors, same content, pointers and positions.
@Suite struct JSONDocumentTests {
    @Test func tapeAccessorsAgreeWithTheTree() throws {
        let seed = SeededGenerator.seed("JSON document", fallback: 0x5EED_0007)
        var generator = JSONModelGenerator(random: SeededGenerator(seed: seed))
        var escapedKeys = 0
        for iteration in 0..<800 {
            let model = generator.model()
            let bytes = Array(generator.render(model).utf8)
            let document = try JSONReader().readDocument(bytes)
            let tree = try JSONReader().read(bytes)
            var walk = Walk(document: document)
            var entry = 0
            let tapeModel = walk.model(&entry, tree: tree, pointer: "")
            #expect(entry == document.count, "seed \(seed) iteration \(iteration): tape not consumed")
            #expect(tapeModel == model, "seed \(seed) iteration \(iteration)")
            #expect(walk.failures.isEmpty, "seed \(seed) iteration \(iteration): \(walk.failures)")
            escapedKeys += walk.escapedKeys
        }
        // Keys spelled with escapes must occur, or the byte comparison of decoded keys is untested.
        #expect(escapedKeys > 0, "seed \(seed): no escaped keys generated")
    }

    @Test func mutatedDocumentsGiveTheSameAnswerAsTheTreeReader() {
        let seed = SeededGenerator.seed("JSON document mutations", fallback: 0x5EED_0008)
        var generator = JSONModelGenerator(random: SeededGenerator(seed: seed))
        var random = SeededGenerator(seed: seed ^ 0x5A5A)
        let interesting: [UInt8] = Array(#"{}[]",:\-+.0123456789eEtfnu"#.utf8) + [0x00, 0x0A, 0x80, 0xC0, 0xED, 0xFF]
        var refused = 0
        for iteration in 0..<3000 {
            var bytes = Array(generator.render(generator.model()).utf8)
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            let byte = interesting.randomElement(using: &random)!
            if Bool.random(using: &random), !bytes.isEmpty {
                bytes[position] = byte
            } else {
                bytes.insert(byte, at: position)
            }
            let reader = JSONReader(options: .init(maxDepth: 8))
            let tree = Result { () throws(JSONReadError) in try reader.read(bytes) }
            let document = Result { () throws(JSONReadError) in try reader.readDocument(bytes) }
            switch (tree, document) {
            case (.success(let node), .success(let document)):
                #expect(document.node(at: 0) == node, "seed \(seed) iteration \(iteration)")
            case (.failure(let treeError), .failure(let documentError)):
                refused += 1
                #expect(treeError == documentError, "seed \(seed) iteration \(iteration)")
                #expect(treeError.description == documentError.description, "seed \(seed) iteration \(iteration)")
            default:
                Issue.record("seed \(seed) iteration \(iteration): the readers disagree on \(bytes)")
            }
        }
        #expect(refused > 0, "seed \(seed): no mutation was refused")
    }

    @Test(arguments: [
        (#"{"a":1,"\u0061":2}"#, "/a"),
        (#"{"x":{"k":[{"b":1,"\u0062":2}]}}"#, "/x/k/0/b"),
        (#"{"é":1,"\u00e9":2}"#, "/é"),
        (#"{"😀":1,"\ud83d\ude00":2}"#, "/😀"),
    ])
    func duplicateKeysAreRefusedAlsoWhenEscaped(text: String, pointer: String) {
        let error = #expect(throws: JSONReadError.self) { try JSONReader().readDocument(Array(text.utf8)) }
        guard case .duplicateKey = error?.kind else {
            Issue.record("\(text): expected a duplicate-key error, got \(String(describing: error))")
            return
        }
        #expect(error?.pointer == pointer)
    }

    @Test func largeObjectsFindDuplicatesThroughTheHashTable() throws {
        let keys = (0..<100).map { "\"k\($0)\":\($0)" }
        let unique = "{" + keys.joined(separator: ",") + "}"
        let document = try JSONReader().readDocument(Array(unique.utf8))
        #expect(document[0].count == 100)
        #expect(document.member("k99", of: 0).map { document.int64(at: $0) } == 99)
        let repeated = "{" + keys.joined(separator: ",") + #","k\u0035":0}"#
        #expect(throws: JSONReadError.self) { try JSONReader().readDocument(Array(repeated.utf8)) }
    }

    @Test func keyTablesMatchDecodedBytes() throws {
        let document = try JSONReader().readDocument(Array(#"{"title":1,"t\u0069tle2":2,"tit":3,"":4}"#.utf8))
        let table = JSONKeyTable(["tit", "title", "title2", ""])
        let keys = [1, 3, 5, 7]
        #expect(keys.map { document.index(ofKeyAt: $0, in: table) } == [1, 2, 0, 3])
        #expect(document.index(ofKeyAt: 1, in: JSONKeyTable(["titl", "titles", "Title"])) == nil)
    }

    /// Reads a model back from the tape with the document's accessors only, checking each entry
    /// against the tree node at the same place.
    struct Walk {
        let document: JSONDocument
        var failures: [String] = []
        var escapedKeys = 0

        mutating func model(_ entry: inout Int, tree: JSONNode, pointer: String) -> JSONModel {
            let item = document[entry]
            let here = entry
            if document.pointer(to: here, from: 0) != pointer { failures.append("pointer of \(pointer)") }
            if document.node(at: here) != tree { failures.append("node at \(pointer)") }
            entry += 1
            defer {
                if item.next != entry { failures.append("next of \(pointer)") }
            }
            switch item.kind {
            case .null: return .null
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .number:
                let literal = document.numberLiteral(at: here)
                let number = JSONNumber(literal: literal)
                if document.int64(at: here) != number?.int64 { failures.append("int64 at \(pointer)") }
                if document.double(at: here) != number?.double { failures.append("double at \(pointer)") }
                return .number(literal)
            case .string, .escapedString:
                return .string(Array(document.string(at: here).unicodeScalars))
            case .array:
                let elements = tree.value.arrayValue ?? []
                if elements.count != Int(item.count) { failures.append("count at \(pointer)") }
                return .array(
                    elements.enumerated().map { index, element in
                        model(&entry, tree: element, pointer: pointer + "/" + String(index))
                    })
            case .object:
                let members = tree.value.objectValue?.members ?? []
                if members.count != Int(item.count) { failures.append("count at \(pointer)") }
                let table = JSONKeyTable(members.map(\.key))
                var result: [JSONModel.Member] = []
                for (index, member) in members.enumerated() {
                    let key = document.string(at: entry)
                    if document[entry].kind == .escapedString { escapedKeys += 1 }
                    if key != member.key || document.index(ofKeyAt: entry, in: table) != index {
                        failures.append("key \(index) at \(pointer)")
                    }
                    if document.member(member.key, of: here) != entry + 1 {
                        failures.append("member \(key) at \(pointer)")
                    }
                    entry += 1
                    let escaped = key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(
                        of: "/", with: "~1")
                    let value = model(&entry, tree: member.value, pointer: pointer + "/" + escaped)
                    result.append(.init(key: Array(key.unicodeScalars), value: value))
                }
                return .object(result)
            }
        }
    }
}
