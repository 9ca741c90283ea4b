import RastrilloJSON
import Testing

@Suite struct JSONReaderTests {
    private func read(_ text: String, _ options: JSONReader.Options = .init()) throws -> JSONNode {
        try JSONReader(options: options).read(Array(text.utf8))
    }

    @Test func readsEveryKindOfValueWithPositions() throws {
        let text = "{\n  \"s\": \"x\",\n  \"n\": -1.50e+2,\n  \"b\": [true, false, null],\n  \"o\": {}\n}"
        let root = try read(text)
        let object = try #require(root.value.objectValue)
        #expect(object.keys == ["s", "n", "b", "o"])
        #expect(object["s"]?.value == .string("x"))
        #expect(object["s"]?.position == JSONPosition(offset: 9, line: 2, column: 8))
        #expect(object.members[0].keyPosition == JSONPosition(offset: 4, line: 2, column: 3))
        #expect(object["n"]?.value.numberValue?.literal == "-1.50e+2")
        #expect(object["n"]?.value.numberValue?.double == -150)
        let flags = try #require(object["b"]?.value.arrayValue)
        #expect(flags.map(\.value) == [.bool(true), .bool(false), .null])
        #expect(flags[1].position == JSONPosition(offset: 45, line: 4, column: 15))
        #expect(object["o"]?.value.objectValue?.members.isEmpty == true)
        #expect(object["missing"] == nil)
        #expect(root.position == .start)
        #expect(root.endOffset == text.utf8.count)
        let number = try #require(object["n"])
        let slice = Array(text.utf8)[number.position.offset..<(number.endOffset ?? 0)]
        #expect(String(decoding: slice, as: UTF8.self) == "-1.50e+2")
        let array = try #require(object["b"])
        let arraySlice = Array(text.utf8)[array.position.offset..<(array.endOffset ?? 0)]
        #expect(String(decoding: arraySlice, as: UTF8.self) == "[true, false, null]")
    }

    @Test func documentedExamplesHold() throws {
        let object = try #require(try read(#"{"name":"x","n":1}"#).value.objectValue)
        #expect(object.keys == ["name", "n"])
        #expect(object["n"]?.position == JSONPosition(offset: 16, line: 1, column: 17))
        let text = "{\n  \"steps\": [\n    1,\n  ]\n}"
        do {
            _ = try JSONReader().read(Array(text.utf8))
            Issue.record("trailing comma accepted")
        } catch {
            #expect(
                error.description
                    == "line 4, column 3 (/steps): unexpected ']' (0x5D); expected a value (no trailing commas)")
        }
    }

    @Test func columnsCountUnicodeScalars() throws {
        let root = try read(#"{"é😀":"ü","k":1}"#)
        let object = try #require(root.value.objectValue)
        // Scalars before "k"'s quote: { " é 😀 " : " ü " ,  = 10, so column 11; bytes: 1+1+2+4+1+1+1+2+1+1 = 15.
        #expect(object.members[1].keyPosition == JSONPosition(offset: 15, line: 1, column: 11))
    }

    @Test func decodesEscapesAndPairedSurrogates() throws {
        let root = try read(#"["\ud83d\ude00","\u0061\/\b\f\n\r\t\"\\","\u00e9\u2028","\u0000"]"#)
        let strings = try #require(root.value.arrayValue).map { $0.value.stringValue }
        #expect(strings == ["😀", "a/\u{08}\u{0C}\n\r\t\"\\", "é\u{2028}", "\u{0}"])
    }

    /// Strings are scanned 8 bytes at a time; a special byte must be found at every alignment.
    @Test func specialBytesAreFoundAtEveryAlignment() throws {
        for length in 0..<24 {
            for position in 0..<max(length, 1) {
                var body = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                // A raw control character is refused exactly where it is.
                if length > 0 {
                    body[position] = 0x1F
                    do {
                        _ = try JSONReader().read([0x22] + body + [0x22])
                        Issue.record("control character at \(position) of \(length) accepted")
                    } catch {
                        #expect(error.kind == .controlCharacterInString && error.position.offset == position + 1)
                    }
                    body[position] = 0xFF
                    do {
                        _ = try JSONReader().read([0x22] + body + [0x22])
                        Issue.record("0xFF at \(position) of \(length) accepted")
                    } catch {
                        #expect(error.kind == .invalidUTF8 && error.position.offset == position + 1)
                    }
                    body[position] = UInt8(ascii: "a")
                }
                // The closing quote, an escape and a multi-byte character are seen at any offset.
                let text = String(repeating: "a", count: position) + "\\n" + "é" + String(repeating: "b", count: length)
                let node = try JSONReader().read(Array(("\"" + text + "\"x").utf8).dropLast())
                #expect(
                    node.value.stringValue == String(repeating: "a", count: position) + "\né"
                        + String(repeating: "b", count: length))
            }
        }
    }

    @Test func keysAreComparedByScalarsAfterUnescaping() throws {
        // Precomposed é and e + combining acute are different keys (no normalization), like Go.
        let root = try read(#"{"é":1,"e\u0301":2}"#)
        let object = try #require(root.value.objectValue)
        #expect(object.members.count == 2)
        #expect(object["é"]?.value.numberValue?.literal == "1")
        #expect(object["e\u{301}"]?.value.numberValue?.literal == "2")
    }

    @Test func sameKeyInDifferentObjectsIsNotADuplicate() throws {
        let root = try read(#"{"a":{"a":1,"b":{"a":2}},"b":[{"a":3},{"a":4}],"c":{"b":5}}"#)
        #expect(JSONWriter.compact(root.value) == #"{"a":{"a":1,"b":{"a":2}},"b":[{"a":3},{"a":4}],"c":{"b":5}}"#)
    }

    @Test func largeObjectsAreIndexed() throws {
        let text = "{" + (0..<50).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        let object = try #require(try read(text).value.objectValue)
        for index in 0..<50 {
            #expect(object["k\(index)"]?.value.numberValue?.int64 == Int64(index))
        }
        #expect(object["k50"] == nil)
    }

    @Test(arguments: [
        ("0", Int64(0)), ("-0", Int64(0)), ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
        ("42", Int64(42)),
    ])
    func int64ForExactIntegers(literal: String, expected: Int64) throws {
        let number = try #require(JSONNumber(literal: literal))
        #expect(number.int64 == expected)
    }

    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "1.0", "1e3", "1E3", "0.5"])
    func int64IsNilForNonIntegersAndOverflow(literal: String) throws {
        #expect(try #require(JSONNumber(literal: literal)).int64 == nil)
    }

    @Test func doubleIsNilWhenNotFinite() throws {
        #expect(try #require(JSONNumber(literal: "1e400")).double == nil)
        #expect(try #require(JSONNumber(literal: "1.25")).double == 1.25)
        #expect(
            try #require(JSONNumber(literal: "123456789012345678901234567890")).literal
                == "123456789012345678901234567890")
    }

    @Test(arguments: ["", "+1", "01", "1.", ".1", "1e", "-", "1 ", " 1", "0x1", "NaN", "1.5.2"])
    func numberLiteralMustBeExactlyOneNumber(literal: String) {
        #expect(JSONNumber(literal: literal) == nil)
    }

    @Test func limitsAreInclusive() throws {
        _ = try read("[1,2]", .init(maxBytes: 5))
        _ = try read("[[1]]", .init(maxDepth: 2))
        _ = try read(#"{"a":[]}"#, .init(maxDepth: 2))
    }

    @Test func objectRootRuleAcceptsExactObject() throws {
        let root = try read(#"{"v":1}"#, .init(requireObjectRoot: true))
        #expect(root.value.objectValue?["v"] != nil)
    }

    @Test func readsNonContiguousCollections() throws {
        let bytes = Array(#"{"a":[1,"x"]}"#.utf8)
        let lazy = bytes.lazy.map { $0 }
        let root = try JSONReader().read(lazy)
        #expect(JSONWriter.compact(root.value) == #"{"a":[1,"x"]}"#)
        do {
            _ = try JSONReader(options: .init(maxBytes: 4)).read(lazy)
            Issue.record("accepted a document over maxBytes")
        } catch {
            #expect(error.kind == .tooLarge(limit: 4) && error.position == .start)
        }
    }

    @Test func objectInitRefusesDuplicateKeys() {
        let one = JSONNode(value: .null, position: .start)
        let a = JSONMember(key: "a", keyPosition: .start, value: one)
        #expect(JSONObject(members: [a, a]) == nil)
        #expect(JSONObject(members: [a])?.keys == ["a"])
    }

    @Test func kindNames() throws {
        let root = try read(#"[null,true,1,"s",[],{}]"#)
        let names = try #require(root.value.arrayValue).map(\.value.kindName)
        #expect(names == ["null", "boolean", "number", "string", "array", "object"])
    }
}
