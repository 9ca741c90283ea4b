import Foundation
import Testing

@testable import RastrilloNativeCLI

/// The locale catalog reader: every rule of its TOML subset, accepted and refused.
@Suite("Locale catalog reader")
struct LocaleCatalogReaderTests {
    /// An input and the flat catalog it reads as.
    struct Accepted: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let catalog: [String: String]
        var testDescription: String { name }
    }

    /// An input and the exact refusal.
    struct Refused: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let line: Int
        let message: String
        init(_ name: String, _ text: String, line: Int, _ message: String) {
            self.init(name, Array(text.utf8), line: line, message)
        }
        init(_ name: String, _ bytes: [UInt8], line: Int, _ message: String) {
            (self.name, self.bytes, self.line, self.message) = (name, bytes, line, message)
        }
        var testDescription: String { name }
    }

    static let accepted: [Accepted] = [
        Accepted(name: "empty", text: "", catalog: [:]),
        Accepted(name: "blank lines and comments", text: "\n  \n# c\n\t# c2\n", catalog: [:]),
        Accepted(name: "a basic string", text: "ui.new = \"New\"\n", catalog: ["ui.new": "New"]),
        Accepted(name: "no final newline", text: "a = \"x\"", catalog: ["a": "x"]),
        Accepted(name: "CRLF line ends", text: "a = \"x\"\r\nb = 'y'\r\n", catalog: ["a": "x", "b": "y"]),
        Accepted(
            name: "escapes", text: #"a = "q\" b\\ n\n t\t r\r u\u00e9 U\U0001F600""#,
            catalog: ["a": "q\" b\\ n\n t\t r\r u\u{e9} U\u{1F600}"]),
        Accepted(name: "an escaped NUL", text: #"a = "\u0000""#, catalog: ["a": "\u{0}"]),
        Accepted(
            name: "a literal string keeps backslashes", text: #"a = 'C:\path "x"'"#, catalog: ["a": #"C:\path "x""#]),
        Accepted(name: "a raw tab in strings", text: "a = \"x\ty\"\nb = 'p\tq'", catalog: ["a": "x\ty", "b": "p\tq"]),
        Accepted(name: "an empty string", text: "a = \"\"\nb = ''", catalog: ["a": "", "b": ""]),
        Accepted(
            name: "a comment after a value", text: "a = \"x # not a comment\" # a comment\nb = 'y'#c",
            catalog: ["a": "x # not a comment", "b": "y"]),
        Accepted(
            name: "spaces around dots and =", text: "resource . ticket_types\t.  name\t=\t\"Ticket types\"",
            catalog: ["resource.ticket_types.name": "Ticket types"]),
        Accepted(
            name: "bare key characters", text: "A-z_09.-_- = \"x\"\n1234 = \"n\"",
            catalog: ["A-z_09.-_-": "x", "1234": "n"]),
        Accepted(
            name: "quoted key parts", text: "a.\"b c\".'d é' = \"x\"\n\"\\u0041\" = \"y\"",
            catalog: ["a.b c.d é": "x", "A": "y"]),
        Accepted(
            name: "table headers prefix keys",
            text:
                "top = \"t\"\n[resource.bookmarks]\nname = \"Bookmarks\"\nempty.title = \"None\"\n[ ui ] # c\nnew = \"New\"",
            catalog: [
                "top": "t", "resource.bookmarks.name": "Bookmarks", "resource.bookmarks.empty.title": "None",
                "ui.new": "New",
            ]),
        Accepted(
            name: "a header after a longer one", text: "[a.b]\nx = \"1\"\n[a]\ny = \"2\"",
            catalog: ["a.b.x": "1", "a.y": "2"]),
        Accepted(
            name: "a header below a dotted table", text: "[a]\nb.c = \"1\"\n[a.b.d]\ne = \"2\"",
            catalog: ["a.b.c": "1", "a.b.d.e": "2"]),
        Accepted(
            name: "siblings through a dotted table", text: "a.b = \"1\"\na.c = \"2\"\na.d.e = \"3\"",
            catalog: ["a.b": "1", "a.c": "2", "a.d.e": "3"]),
        Accepted(name: "UTF-8 text", text: "a = \"¿Eliminar? 今日 😀\"", catalog: ["a": "¿Eliminar? 今日 😀"]),
        Accepted(name: "C1 controls are not TOML control characters", text: "a = \"\u{85}\"", catalog: ["a": "\u{85}"]),
    ]

    @Test("reads what the subset allows", arguments: accepted)
    func reads(_ example: Accepted) throws {
        #expect(try LocaleCatalogReader.read(Array(example.text.utf8)) == example.catalog)
    }

    static let refused: [Refused] = [
        Refused(
            "a duplicate key", "a = \"x\"\n\na = \"y\"", line: 3, "the key 'a' is defined twice (first on line 1)"),
        Refused(
            "a duplicate through a table", "a.b = \"x\"\n[a]\nb = \"y\"", line: 2,
            "the table 'a' was made by dotted keys on line 1; [a] cannot define it again"),
        Refused(
            "a duplicate through quoting", "a.b = \"x\"\n\"a\".'b' = \"y\"", line: 2,
            "the key 'a.b' is defined twice (first on line 1)"),
        Refused(
            "a value, then a table below it", "a = \"x\"\na.b = \"y\"", line: 2,
            "'a' is a value (line 1), so 'a.b' cannot be a key"),
        Refused(
            "a table, then a value at it", "a.b = \"x\"\na = \"y\"", line: 2,
            "'a' is a table (line 1), so it cannot also hold a value"),
        Refused(
            "a header at a value", "a = \"x\"\n[a]", line: 2, "'a' is a value (line 1), so it cannot also be a table"),
        Refused(
            "a header below a value", "a = \"x\"\n[a.b]", line: 2,
            "'a' is a value (line 1), so it cannot also be a table"),
        Refused("a table defined twice", "[a]\n[b]\n[a]", line: 3, "the table [a] is defined twice (first on line 1)"),
        Refused(
            "dotted keys into a header's table", "[a.b]\nx = \"1\"\n[a]\nb.y = \"2\"", line: 4,
            "the table 'a.b' is defined by a header on line 1; write this key under [a.b] instead of with dotted keys"),
        Refused(
            "a header's key under a value", "[a]\nb = \"1\"\n[a.b.c]", line: 3,
            "'a.b' is a value (line 2), so it cannot also be a table"),
        Refused(
            "a number", "a = 1", line: 1, "only string values are read; write the text in double quotes (\"…\")"),
        Refused(
            "a boolean", "a = true", line: 1, "only string values are read; write the text in double quotes (\"…\")"),
        Refused(
            "an array", "a = [\"x\"]", line: 1, "only string values are read; this is an array: write one key per text"),
        Refused(
            "an inline table", "a = { b = \"x\" }", line: 1,
            "only string values are read; this is an inline table: write one dotted key per text"),
        Refused(
            "a multi-line basic string", "a = \"\"\"x\"\"\"", line: 1,
            "only string values on one line are read; write this multi-line string as one line, with \\n"),
        Refused(
            "a multi-line literal string", "\na = '''\nx\n'''", line: 2,
            "only string values on one line are read; write this multi-line string as one line, with \\n"),
        Refused("no value", "a =", line: 1, "expected a value after '='; write the text in double quotes (\"…\")"),
        Refused(
            "a comment for a value", "a = # x", line: 1,
            "expected a value after '='; write the text in double quotes (\"…\")"),
        Refused("no =", "a \"x\"", line: 1, "expected '=' after the key, found '\"'"),
        Refused("a key alone", "ui.new", line: 1, "expected '=' after the key, found the end of the line"),
        Refused("no key", "= \"x\"", line: 1, "expected a key before '='"),
        Refused("a trailing dot", "a. = \"x\"", line: 1, "expected a key before '='"),
        Refused("two dots", "a..b = \"x\"", line: 1, "expected a key before '.'"),
        Refused(
            "a bare key character", "a/b = \"x\"", line: 1, "expected '=' after the key, found '/'"),
        Refused(
            "a non-ASCII bare key", "é = \"x\"", line: 1,
            "'é' cannot be in a bare key (A-Z a-z 0-9 _ -); quote the key part (\"…\")"),
        Refused("an empty quoted key", "\"\" = \"x\"", line: 1, "a key part cannot be empty; name it"),
        Refused(
            "a dot in a quoted key", "\"a.b\" = \"x\"", line: 1,
            "a quoted key part cannot hold '.': keys are read as dotted names; write its parts unquoted"),
        Refused(
            "a control character in a key", "\"a\\nb\" = \"x\"", line: 1,
            "a key cannot hold a control character; remove it"),
        Refused(
            "an unterminated basic string", "a = \"x\nb = \"y\"", line: 1,
            "the string is not closed; end it with '\"' on the same line"),
        Refused(
            "an unterminated literal string", "a = 'x", line: 1,
            "the string is not closed; end it with \"'\" on the same line"),
        Refused(
            "an unterminated key", "\"a = \"x\"", line: 1, "expected '=' after the key, found 'x'"),
        Refused(
            "a lone backslash at the end", "a = \"x\\", line: 1,
            "the string ends in a lone '\\'; write \\\\ for a backslash and close it with '\"'"),
        Refused(
            "an escape the subset does not take", "a = \"\\b\"", line: 1,
            "\\b is not an escape this reader takes (\\\" \\\\ \\n \\t \\r \\uXXXX \\UXXXXXXXX); write \\\\ for a backslash"
        ),
        Refused(
            "\\x", "a = \"\\x41\"", line: 1,
            "\\x is not an escape this reader takes (\\\" \\\\ \\n \\t \\r \\uXXXX \\UXXXXXXXX); write \\\\ for a backslash"
        ),
        Refused("a short \\u", "a = \"\\u12\"", line: 1, "\\u takes exactly 4 hex digits"),
        Refused("a short \\U", "a = \"\\U0001F60\"", line: 1, "\\U takes exactly 8 hex digits"),
        Refused("a surrogate", "a = \"\\uD800\"", line: 1, "\\uD800 is not a Unicode scalar value"),
        Refused("beyond U+10FFFF", "a = \"\\U00110000\"", line: 1, "\\U00110000 is not a Unicode scalar value"),
        Refused(
            "a raw control character in a basic string", "a = \"x\u{1}\"", line: 1,
            "a string cannot hold a control character (U+0001) as it is; write it as \\u0001"),
        Refused(
            "a raw DEL in a literal string", "a = 'x\u{7F}'", line: 1,
            "a literal string cannot hold a control character (U+007F); use a \"…\" string with an escape"),
        Refused(
            "a control character in a comment", "# x\u{0}", line: 1,
            "a comment cannot hold a control character (U+0000); remove it"),
        Refused(
            "a lone carriage return", "a = \"x\"\rb = \"y\"", line: 1,
            "the value must end the line, found a control character (U+000D); start a comment with '#'"),
        Refused(
            "a carriage return at the end of the file", "a = \"x\"\r", line: 1,
            "the value must end the line, found a control character (U+000D); start a comment with '#'"),
        Refused(
            "text after a value", "a = \"x\" \"y\"", line: 1,
            "the value must end the line, found '\"'; start a comment with '#'"),
        Refused(
            "text after a header", "[a] b", line: 1,
            "the table header must end the line, found 'b'; start a comment with '#'"),
        Refused(
            "an unclosed header", "[a", line: 1, "expected ']' to close the table header, found the end of the line"),
        Refused("an empty header", "[]", line: 1, "expected a key before ']'"),
        Refused(
            "an array of tables", "[[a]]", line: 1,
            "arrays of tables ([[…]]) are not read; a catalog holds only `key = \"text\"` lines"),
        Refused(
            "a byte order mark", [0xEF, 0xBB, 0xBF] + Array("a = \"x\"".utf8), line: 1,
            "the catalog starts with a byte order mark; save it without one"),
        Refused(
            "invalid UTF-8 on line 2", [0x61, 0x0A, 0x62, 0xFF], line: 2,
            "the catalog is not valid UTF-8; save it as UTF-8"),
        Refused("an overlong encoding", [0xC0, 0xAF], line: 1, "the catalog is not valid UTF-8; save it as UTF-8"),
        Refused(
            "an encoded surrogate", Array("a = \"".utf8) + [0xED, 0xA0, 0x80, 0x22], line: 1,
            "the catalog is not valid UTF-8; save it as UTF-8"),
        Refused(
            "a truncated sequence", [0x0A, 0x0A, 0xE2, 0x82], line: 3,
            "the catalog is not valid UTF-8; save it as UTF-8"),
        Refused(
            "a key over 256 bytes",
            "[" + String(repeating: "t", count: 200) + "]\n" + String(repeating: "k", count: 56)
                + " = \"x\"", line: 2, "the key is 257 bytes long with its table's name; at most 256 are read"),
    ]

    @Test("refuses what the subset does not allow, naming the line", arguments: refused)
    func refuses(_ example: Refused) {
        #expect(throws: LocaleCatalogError(line: example.line, message: example.message)) {
            try LocaleCatalogReader.read(example.bytes)
        }
    }

    @Test("a key of exactly 256 bytes is read")
    func longestKey() throws {
        let key = String(repeating: "t", count: 200) + "." + String(repeating: "k", count: 55)
        let text = "[" + String(repeating: "t", count: 200) + "]\n" + String(repeating: "k", count: 55) + " = \"x\""
        #expect(try LocaleCatalogReader.read(Array(text.utf8)) == [key: "x"])
    }

    @Test("a catalog of exactly 1 MiB is read; one byte more is refused on the line it reaches")
    func sizeLimit() throws {
        let line = Array("k = \"v\"\n".utf8)
        let full =
            Array(repeating: UInt8(ascii: "#"), count: LocaleCatalogReader.maxBytes - line.count - 1) + [0x0A]
            + line
        #expect(full.count == 1 << 20)
        #expect(try LocaleCatalogReader.read(full) == ["k": "v"])
        #expect(
            throws: LocaleCatalogError(
                line: 3, message: "the catalog is 1048577 bytes; at most 1048576 bytes (1 MiB) are read")
        ) {
            try LocaleCatalogReader.read(full + [0x0A])
        }
    }

    @Test("many keys under one long header cost linear work: each key is at most 256 bytes")
    func manyKeysUnderALongHeader() throws {
        var text = "[" + String(repeating: "h", count: 240) + "]\n"
        for index in 0..<20_000 { text += "k\(index) = ''\n" }
        let catalog = try LocaleCatalogReader.read(Array(text.utf8))
        #expect(catalog.count == 20_000)
        #expect(catalog[String(repeating: "h", count: 240) + ".k19999"] == "")
    }

    @Test("a deep dotted key is read without recursion")
    func deepKey() throws {
        let text = Array(repeating: "a", count: 128).joined(separator: ".") + " = 'x'"
        #expect(try LocaleCatalogReader.read(Array(text.utf8)).keys.first?.count == 255)
    }

    /// The fixtures' catalogs: every good one reads, the bad one is refused on its line.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/RastrilloApps")

    @Test(
        "the fixture apps' catalogs read",
        arguments: [
            ("notes/gen/locales/en.toml", 15), ("notes/locales/en.toml", 2), ("notes/locales/es.toml", 15),
            ("tickets/gen/locales/en.toml", 26), ("tickets/locales/fr.toml", 9), ("blog/gen/locales/en.toml", 14),
        ])
    func fixtureCatalogs(path: String, count: Int) throws {
        let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(path)))
        let catalog = try LocaleCatalogReader.read(bytes)
        #expect(catalog.count == count)
        #expect(catalog.keys.allSatisfy { $0.hasPrefix("resource.") || $0.hasPrefix("ui.") })
    }

    @Test("the notes catalogs hold the words the derive step looks up")
    func notesWords() throws {
        let en = try LocaleCatalogReader.read(
            Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("notes/gen/locales/en.toml"))))
        let es = try LocaleCatalogReader.read(
            Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("notes/locales/es.toml"))))
        #expect(en["resource.bookmarks.name"] == "Bookmarks")
        #expect(en["resource.bookmarks.delete.title"] == "Delete bookmark")
        #expect(es["resource.bookmarks.name"] == "Marcadores")
        #expect(es["ui.delete"] == "Eliminar")
    }

    @Test("the bad-locale fixture is refused on its number")
    func badLocaleFixture() throws {
        let bytes = Array(
            try Data(contentsOf: Self.fixtures.appendingPathComponent("bad/bad-locale/gen/locales/en.toml")))
        #expect(
            throws: LocaleCatalogError(
                line: 15, message: "only string values are read; write the text in double quotes (\"…\")")
        ) { try LocaleCatalogReader.read(bytes) }
    }

    @Test("an error reads as its line and message")
    func errorDescription() {
        #expect(LocaleCatalogError(line: 3, message: "x").description == "line 3: x")
    }
}
