import Foundation
import RastrilloTestSupport
import Testing

@testable import RastrilloNativeCLI

@Suite("YAML subset reader")
struct YAMLSubsetReaderTests {
    static let accepted: [String] = [
        "",
        "# only a comment\n",
        "---\nname: Companion\n",
        "name: Companion\noptions:\n  bundleIdPrefix: com.example\n  deploymentTarget:\n    iOS: \"17.0\"\n    macOS: '14.0'\n",
        "targets:\n  App:\n    type: application\n    supportedDestinations: [iOS, macOS]\n    sources:\n      - Sources\n",
        "sources:\n- Sources\n- path: Resources\n  optional: true\n",
        "list:\n  -\n    a: 1\n  - b\n  - [x, 'y z', \"w\"]\n  - []\n",
        "settings:\n  base:\n    GENERATE_INFOPLIST_FILE: \"YES\"\n    INFOPLIST_KEY_NSLocalNetworkUsageDescription: Finds your development server.\n",
        "k: it's fine # a comment\nk2: 'a # not a comment'\nk3: a#b\n",
        "a: true\nb: False\nc: ~\nd: null\ne:\nf: 0\ng: 42\nh: \"\"\n",
        "\"quoted key\": 1\n'other': \"tab\\there\\nnewline \\\"q\\\" \\\\\"\n",
        "key : spaced\nunicode: café ✓\n",
        "- top\n- level\n- list\n",
        "just a scalar\n",
        "x: [a, b]\n",
    ]

    @Test(
        "accepted documents read as PyYAML reads them",
        .enabled(if: CrossLanguageOracles.enabled, "needs python3 with PyYAML: make swift-oracles runs it"),
        arguments: accepted)
    func acceptedMatchesPyYAML(document: String) throws {
        let node = try YAMLSubsetReader.read(document)
        let oracle = try PyYAMLOracle.canonicalJSON(of: [document])
        #expect(oracle == [PyYAMLOracle.canonicalJSON(of: node)])
    }

    static let refused: [(String, Int, String)] = [
        ("a: 1\n\tb: 2\n", 2, "tab character"),
        ("a: 1\r\n", 1, "carriage return"),
        ("\u{FEFF}a: 1\n", 1, "byte order mark"),
        ("a: \u{7}\n", 1, "control character U+0007"),
        ("a: &anchor 1\n", 1, "anchors (&)"),
        ("a: *alias\n", 1, "aliases (*)"),
        ("a: !tag x\n", 1, "tags (!)"),
        ("a: |\n  text\n", 1, "block scalars"),
        ("a: >\n  text\n", 1, "block scalars"),
        ("a: {b: 1}\n", 1, "flow mappings"),
        ("? complex\n: value\n", 1, "complex keys"),
        ("a: 1\na: 2\n", 2, "duplicate key 'a' (first on line 1)"),
        ("a: yes\n", 1, "'yes' is a boolean in YAML 1.1"),
        ("a: Off\n", 1, "'Off' is a boolean in YAML 1.1"),
        ("deploymentTarget: 17.0\n", 1, "'17.0' starts like a number"),
        ("revision: 1a2b3c4d\n", 1, "'1a2b3c4d' starts like a number"),
        ("when: 2024-01-01\n", 1, "'2024-01-01' starts like a number"),
        ("mode: 0755\n", 1, "'0755' starts like a number"),
        ("a: b: c\n", 1, "contains ': ' inside a value"),
        ("a: [x, [y]]\n", 1, "nested flow collections"),
        ("a: [x, ]\n", 1, "trailing ','"),
        ("a: [x,, y]\n", 1, "empty item in a flow list"),
        ("a: [x\n", 1, "must close with ']'"),
        ("a: 'open\n  more'\n", 1, "must end on the line it starts"),
        ("a: \"bad \\x41\"\n", 1, "the escape '\\x'"),
        ("a: plain\n  continued\n", 2, "unexpected indentation"),
        ("a:\n  b: 1\n c: 2\n", 3, "unexpected indentation"),
        ("a: 1\n---\nb: 2\n", 2, "only one document"),
        ("%YAML 1.2\n---\na: 1\n", 1, "directives"),
        ("  a: 1\n", 1, "must start at column 1"),
        ("a:\n  - x\n  y: 1\n", 3, "unexpected indentation"),
        ("a:\n  b: 1\n  - x\n", 3, "a list item where a 'key: value' entry was expected"),
        ("a: [i?OS]\n", 1, "'?' inside a flow list item"),
        ("- - x\n", 1, "a list inside a list on one line"),
        ("true: 1\n", 1, "keys must be text"),
        ("a: -x\n", 1, "starts with the indicator '-'"),
        ("a: 'x' trailing\n", 1, "unexpected text after the quoted scalar"),
    ]

    @Test("refusals name the line and the problem", arguments: refused)
    func refusals(document: String, line: Int, message: String) {
        do {
            let node = try YAMLSubsetReader.read(document)
            Issue.record("accepted \(document.debugDescription) as \(node)")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test(
        "nesting past the limit is refused with its line, however the levels are written",
        arguments: [
            // Mappings by indentation: one collection per line.
            (1, "", YAMLSubsetParser.maxDepth),
            // `- key:` items: a list and a mapping per line.
            (2, "- ", YAMLSubsetParser.maxDepth / 2),
        ])
    func deepNesting(indent: Int, prefix: String, levels: Int) async {
        let line = { (level: Int) in String(repeating: " ", count: indent * level) + prefix + "k\(level):" }
        // Far deeper than the limit, read on a 512 KiB stack: refused before the stack runs out.
        let document = (0..<2_000).map(line).joined(separator: "\n") + "\n"
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            let thread = Thread {
                do throws(YAMLSubsetError) {
                    _ = try YAMLSubsetReader.read(document)
                    continuation.resume(returning: "accepted")
                } catch {
                    continuation.resume(returning: "\(error.line): \(error.message)")
                }
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(outcome.contains("nesting deeper than \(YAMLSubsetParser.maxDepth) levels"), "\(outcome)")
        let atLimit = (0..<levels).map(line).joined(separator: "\n") + " x\n"
        #expect(throws: Never.self) { try YAMLSubsetReader.read(atLimit) }
    }

    @Test("invalid UTF-8 is refused with its line")
    func invalidUTF8() {
        #expect(throws: YAMLSubsetError(line: 2, message: "the file is not valid UTF-8")) {
            try YAMLSubsetReader.read(Array("a: 1\nb: ".utf8) + [0xFF, 0x0A])
        }
    }

    @Test("lines of keys and values are recorded")
    func lineNumbers() throws {
        let node = try YAMLSubsetReader.read("# c\nname: App\n\ntargets:\n  App:\n    type: application\n")
        let entries = try #require(node.entries)
        #expect(entries.map(\.line) == [2, 4])
        let type = try #require(node["targets"]?["App"]?["type"])
        #expect(type.line == 6)
        #expect(type.string == "application")
    }
}
