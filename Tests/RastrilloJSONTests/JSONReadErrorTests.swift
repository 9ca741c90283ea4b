import RastrilloJSON
import Testing

/// One refused document with the exact error expected.
struct ErrorCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let kind: JSONReadError.Kind
    let offset: Int
    let line: Int
    let column: Int
    let pointer: String
    var options = JSONReader.Options()

    var testDescription: String { name }

    init(
        _ name: String, _ text: String, _ kind: JSONReadError.Kind, offset: Int, line: Int = 1, column: Int,
        pointer: String, options: JSONReader.Options = .init()
    ) {
        self.init(
            name, Array(text.utf8), kind, offset: offset, line: line, column: column, pointer: pointer, options: options
        )
    }

    init(
        _ name: String, _ bytes: [UInt8], _ kind: JSONReadError.Kind, offset: Int, line: Int = 1, column: Int,
        pointer: String, options: JSONReader.Options = .init()
    ) {
        self.name = name
        self.bytes = bytes
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.pointer = pointer
        self.options = options
    }
}

private let objectRoot = JSONReader.Options(requireObjectRoot: true)

let errorCases: [ErrorCase] = [
    // invalidUTF8
    .init(
        "raw 0xFF in a string", Array(#"{"a":""#.utf8) + [0xFF] + Array(#""}"#.utf8), .invalidUTF8, offset: 6,
        column: 7, pointer: "/a"),
    .init("overlong slash", [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], .invalidUTF8, offset: 2, column: 3, pointer: "/0"),
    .init(
        "overlong 3-byte", [0x5B, 0x22, 0xE0, 0x80, 0xAF, 0x22, 0x5D], .invalidUTF8, offset: 2, column: 3, pointer: "/0"
    ),
    .init(
        "UTF-8 encoded surrogate", [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], .invalidUTF8, offset: 2, column: 3,
        pointer: "/0"),
    .init(
        "above U+10FFFF", [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], .invalidUTF8, offset: 2, column: 3,
        pointer: "/0"),
    .init("truncated sequence at end", [0x5B, 0x22, 0xE2, 0x82], .invalidUTF8, offset: 2, column: 3, pointer: "/0"),
    .init("lone continuation byte", [0x5B, 0x22, 0x80, 0x22, 0x5D], .invalidUTF8, offset: 2, column: 3, pointer: "/0"),
    .init("invalid byte outside strings", [0x5B, 0xFF, 0x5D], .invalidUTF8, offset: 1, column: 2, pointer: "/0"),
    .init(
        "column counts scalars", Array(#"{"é":""#.utf8) + [0xFF] + Array(#""}"#.utf8), .invalidUTF8, offset: 7,
        column: 7,
        pointer: "/é"),
    // tooLarge
    .init(
        "larger than maxBytes", "[1,2]", .tooLarge(limit: 4), offset: 0, column: 1, pointer: "",
        options: .init(maxBytes: 4)),
    // tooDeep
    .init(
        "arrays too deep", "[[[1]]]", .tooDeep(limit: 2), offset: 2, column: 3, pointer: "/0/0",
        options: .init(maxDepth: 2)),
    .init(
        "object too deep", #"{"a":{}}"#, .tooDeep(limit: 1), offset: 5, column: 6, pointer: "/a",
        options: .init(maxDepth: 1)),
    // unexpectedEnd
    .init("empty document", "", .unexpectedEnd, offset: 0, column: 1, pointer: ""),
    .init("only whitespace", "  ", .unexpectedEnd, offset: 2, column: 3, pointer: ""),
    .init("object not closed", #"{"a":1"#, .unexpectedEnd, offset: 6, column: 7, pointer: ""),
    .init("member value missing", #"{"a":"#, .unexpectedEnd, offset: 5, column: 6, pointer: "/a"),
    .init("string not closed", #""abc"#, .unexpectedEnd, offset: 4, column: 5, pointer: ""),
    .init("array not closed", "[\n1,\n", .unexpectedEnd, offset: 5, line: 3, column: 1, pointer: "/1"),
    .init("literal cut", "[tr", .unexpectedEnd, offset: 3, column: 4, pointer: "/0"),
    .init("number cut after dot", "1.", .unexpectedEnd, offset: 2, column: 3, pointer: ""),
    .init("escape cut", #"["\u12"#, .unexpectedEnd, offset: 6, column: 7, pointer: "/0"),
    // unexpectedByte
    .init("bad literal", #"{"a":tru}"#, .unexpectedByte(0x7D), offset: 8, column: 9, pointer: "/a"),
    .init("trailing comma in array", "[1,]", .unexpectedByte(0x5D), offset: 3, column: 4, pointer: ""),
    .init("trailing comma in object", #"{"a":1,}"#, .unexpectedByte(0x7D), offset: 7, column: 8, pointer: ""),
    .init("single-quoted key", "{'a':1}", .unexpectedByte(0x27), offset: 1, column: 2, pointer: ""),
    .init("missing colon", #"{"a" 1}"#, .unexpectedByte(0x31), offset: 5, column: 6, pointer: ""),
    .init("missing comma", "[1 2]", .unexpectedByte(0x32), offset: 3, column: 4, pointer: ""),
    .init(
        "bad value on line 2", "{\n  \"a\": x\n}", .unexpectedByte(0x78), offset: 9, line: 2, column: 8, pointer: "/a"),
    .init("byte order mark", [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], .unexpectedByte(0xEF), offset: 0, column: 1, pointer: ""),
    .init("NaN", "[NaN]", .unexpectedByte(0x4E), offset: 1, column: 2, pointer: "/0"),
    .init("object root required", "[]", .unexpectedByte(0x5B), offset: 0, column: 1, pointer: "", options: objectRoot),
    .init("comment", "[1]//", .trailingData, offset: 3, column: 4, pointer: ""),
    // invalidEscape
    .init("unknown escape", #"["a\x"]"#, .invalidEscape, offset: 3, column: 4, pointer: "/0"),
    .init("bad hex digit", #"["\u12G4"]"#, .invalidEscape, offset: 2, column: 3, pointer: "/0"),
    .init("escaped single quote", #"{"\'":1}"#, .invalidEscape, offset: 2, column: 3, pointer: ""),
    // loneSurrogate
    .init("lone high surrogate", #"["\ud800"]"#, .loneSurrogate, offset: 2, column: 3, pointer: "/0"),
    .init("lone low surrogate", #"["\udc00\ud800"]"#, .loneSurrogate, offset: 2, column: 3, pointer: "/0"),
    .init("high then non-surrogate", #"["x\ud800\u0041"]"#, .loneSurrogate, offset: 3, column: 4, pointer: "/0"),
    .init("high then text", #"["\uD83Dx"]"#, .loneSurrogate, offset: 2, column: 3, pointer: "/0"),
    .init("lone surrogate in key", #"{"\ud800":1}"#, .loneSurrogate, offset: 2, column: 3, pointer: ""),
    // controlCharacterInString
    .init("raw tab in string", "[\"a\tb\"]", .controlCharacterInString, offset: 3, column: 4, pointer: "/0"),
    .init("raw newline in key", "{\"a\nb\":1}", .controlCharacterInString, offset: 3, column: 4, pointer: ""),
    .init("raw NUL in string", [0x22, 0x00, 0x22], .controlCharacterInString, offset: 1, column: 2, pointer: ""),
    // invalidNumber
    .init("leading zero", "[01]", .invalidNumber, offset: 1, column: 2, pointer: "/0"),
    .init("plus sign", "[+1]", .invalidNumber, offset: 1, column: 2, pointer: "/0"),
    .init("leading dot", "[.5]", .invalidNumber, offset: 1, column: 2, pointer: "/0"),
    .init("trailing dot", "[1.]", .invalidNumber, offset: 1, column: 2, pointer: "/0"),
    .init("empty exponent", "[1e]", .invalidNumber, offset: 1, column: 2, pointer: "/0"),
    .init("bare minus", "[-]", .invalidNumber, offset: 1, column: 2, pointer: "/0"),
    .init("two dots", "[1.5.3]", .invalidNumber, offset: 1, column: 2, pointer: "/0"),
    .init("hex", "[0x10]", .invalidNumber, offset: 1, column: 2, pointer: "/0"),
    .init("negative leading zero in member", #"{"n":-01}"#, .invalidNumber, offset: 5, column: 6, pointer: "/n"),
    // duplicateKey
    .init("duplicate key", #"{"a":1,"a":2}"#, .duplicateKey("a"), offset: 7, column: 8, pointer: "/a"),
    .init("escaped duplicate key", #"{"a":1,"\u0061":2}"#, .duplicateKey("a"), offset: 7, column: 8, pointer: "/a"),
    .init(
        "nested duplicate key", #"{"x":[{"k":1,"k":2}]}"#, .duplicateKey("k"), offset: 13, column: 14, pointer: "/x/0/k"
    ),
    .init(
        "pointer escaping", #"{"a/b~":{"c":1,"c":2}}"#, .duplicateKey("c"), offset: 15, column: 16, pointer: "/a~1b~0/c"
    ),
    // trailingData
    .init("two roots", "{} {}", .trailingData, offset: 3, column: 4, pointer: ""),
    .init("two numbers", "1 2", .trailingData, offset: 2, column: 3, pointer: ""),
    .init("two objects, object root", "{} {}", .trailingData, offset: 3, column: 4, pointer: "", options: objectRoot),
    // leadingOrTrailingWhitespace
    .init("leading space", " {}", .leadingOrTrailingWhitespace, offset: 0, column: 1, pointer: "", options: objectRoot),
    .init(
        "trailing space", "{} ", .leadingOrTrailingWhitespace, offset: 2, column: 3, pointer: "", options: objectRoot),
    .init(
        "trailing newline", "{}\n", .leadingOrTrailingWhitespace, offset: 2, column: 3, pointer: "", options: objectRoot
    ),
]

@Suite struct JSONReadErrorTests {
    @Test(arguments: errorCases)
    func refusesWithExactPositionAndPointer(_ errorCase: ErrorCase) {
        let reader = JSONReader(options: errorCase.options)
        #expect(throws: JSONReadError.self) { _ = try reader.read(errorCase.bytes) }
        do {
            _ = try reader.read(errorCase.bytes)
        } catch {
            #expect(error.kind == errorCase.kind)
            #expect(
                error.position == JSONPosition(offset: errorCase.offset, line: errorCase.line, column: errorCase.column)
            )
            #expect(error.pointer == errorCase.pointer)
            #expect(error.description.hasPrefix("line \(errorCase.line), column \(errorCase.column) ("))
        }
    }

    @Test func everyKindHasACase() {
        var names = Set<String>()
        for errorCase in errorCases {
            switch errorCase.kind {
            case .invalidUTF8: names.insert("invalidUTF8")
            case .tooLarge: names.insert("tooLarge")
            case .tooDeep: names.insert("tooDeep")
            case .unexpectedEnd: names.insert("unexpectedEnd")
            case .unexpectedByte: names.insert("unexpectedByte")
            case .invalidEscape: names.insert("invalidEscape")
            case .loneSurrogate: names.insert("loneSurrogate")
            case .controlCharacterInString: names.insert("controlCharacterInString")
            case .invalidNumber: names.insert("invalidNumber")
            case .duplicateKey: names.insert("duplicateKey")
            case .trailingData: names.insert("trailingData")
            case .leadingOrTrailingWhitespace: names.insert("leadingOrTrailingWhitespace")
            }
        }
        #expect(names.count == 12)
    }

    @Test func duplicateInLargeObjectIsFound() throws {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let text = "{" + members + #","k17":0}"#
        let expectedOffset = text.utf8.count - #""k17":0}"#.utf8.count
        do {
            _ = try JSONReader().read(Array(text.utf8))
            Issue.record("duplicate key accepted")
        } catch {
            #expect(error.kind == .duplicateKey("k17"))
            #expect(error.position.offset == expectedOffset)
            #expect(error.pointer == "/k17")
        }
    }

    @Test func descriptionSaysWhereAndWhatToDo() {
        do {
            _ = try JSONReader().read(Array(#"{"a":tru}"#.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.description == "line 1, column 9 (/a): unexpected '}' (0x7D); expected 'true'")
        }
        do {
            _ = try JSONReader().read(Array(#"{"a":1,"a":2}"#.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix(#"line 1, column 8 (/a): key "a" appears more than once"#))
            #expect(error.description.contains("keep only one"))
        }
        do {
            _ = try JSONReader().read(Array("{} {}".utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix("line 1, column 4 (root): extra data after the root value"))
        }
    }
}
