import Foundation
import RastrilloNative
import RastrilloTestSupport
import Testing

@testable import RastrilloManifestCompiler

/// Every string a valid manifest (or its file name) brings reaches the generated code as data:
/// no pattern, description, enum case or file name ends a comment or a string in Swift,
/// JavaScript/TypeScript or Go.
@Suite struct EmitterEscapingTests {
    /// A pattern segment that would end a JS block comment and run code after it.
    static let hostilePattern = "/x*/globalThis.PWNED_JS=1;/*y"
    /// A file name with a line separator and a carriage return, each ending a `//` comment in JS.
    static let hostileName = "app\u{2028}globalThis.PWNED_NAME=1;\rlet pwned = 1.json"

    static func compiler() throws -> ManifestCompiler {
        let json = #"""
            {"schemaVersion": 1, "app": {"name": "Hostile", "appIDs": ["ABCDE12345.com.example.app"]},
             "origins": [{"origin": "https://app.example.com"}],
             "capabilities": [{"id": "c", "description": "line one\rlet pwnedSwift = 1 // \u2028 */ end"}],
             "types": {"Color": {"enum": ["red", "green"]},
                       "Box": {"fields": {"color": "Color"}}},
             "destinations": [
               {"id": "home", "pattern": "/{$}", "presentation": "web", "titleKey": "t"},
               {"id": "hostile", "pattern": "\#(hostilePattern)", "presentation": "web", "titleKey": "t"}],
             "commands": [{"id": "goThere", "titleKey": "c", "placements": ["menu"],
                           "pageAction": {"method": "POST", "pattern": "\#(hostilePattern)"}}],
             "bridge": {"actions": {"paint": {"payload": "Box", "reply": "bool"}}}}
            """#
        return try ManifestCompiler.compile(Array(json.utf8), sourceName: hostileName)
    }

    /// Every line of `text` that is a comment (`//`, `///`, `/*`, `*`), trimmed.
    static func commentLines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" }.map { $0.drop { $0 == " " } }
            .filter { $0.hasPrefix("//") || $0.hasPrefix("/*") || $0.hasPrefix("*") }
    }

    @Test func noManifestStringEndsACommentInAnyLanguage() throws {
        let files = try Self.compiler().files()
        #expect(files.count >= 6)
        for file in files where !file.name.hasSuffix(".json") {
            // No raw line terminator but LF anywhere, so no comment ends early.
            for terminator in ["\r", "\u{2028}", "\u{2029}"] {
                #expect(!file.contents.contains(terminator), "\(file.name) holds a raw \(terminator.debugDescription)")
            }
            for line in Self.commentLines(file.contents) {
                // A comment line closes a block comment only at its very end.
                let body = line.hasSuffix("*/") ? line.dropLast(2) : line[...]
                #expect(!body.contains("*/"), "\(file.name): \(line)")
                // The hostile pattern shows in comments only with its `*/` broken.
                if line.contains("PWNED_JS") { #expect(line.contains("x*\\/globalThis"), "\(file.name): \(line)") }
            }
        }
    }

    @Test func theFileNameIsWrittenEscapedInEveryHeader() throws {
        let compiler = try Self.compiler()
        #expect(
            compiler.header
                == "generated from app\\u{2028}globalThis.PWNED_NAME=1;\\u{d}let pwned = 1.json, do not edit")
        for file in compiler.files() where !file.name.hasSuffix(".json") {
            let first = file.contents.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            #expect(first.hasSuffix(compiler.header) || file.name.hasSuffix(".go"), "\(file.name): \(first)")
        }
    }

    @Test func commentTextEscapesWhatEndsOrNestsAComment() {
        #expect(CodeText.comment("a*/b/*c") == "a*\\/b/\\*c")
        #expect(CodeText.comment("a\rb\u{2028}c\u{0}d é") == "a\\u{d}b\\u{2028}c\\u{0}d \\u{e9}")
        #expect(CodeText.comment("plain /path/{id}") == "plain /path/{id}")
    }

    /// Found by `make fuzz-emit-parse`: swiftc refuses a raw DEL anywhere in a source file, so a
    /// manifest string holding one made a generated Swift file that did not parse.
    @Test func theEmbeddedManifestSpellsDELAsAnEscape() throws {
        let json = #"""
            {"schemaVersion": 1, "app": {"name": "A\u007fB", "appIDs": ["ABCDE12345.com.example.app"]},
             "origins": [{"origin": "https://app.example.com"}],
             "destinations": [{"id": "home", "pattern": "/{$}", "presentation": "web", "titleKey": "t\\\u007f"}]}
            """#
        let compiler = try ManifestCompiler.compile(Array(json.utf8), sourceName: "x\u{7F}.json")
        let swift = try #require(compiler.files(only: ["swift"]).first)
        #expect(!swift.contents.unicodeScalars.contains("\u{7F}"))
        let line = try #require(swift.contents.split(separator: "\n").first { $0.contains("static let json = #") })
        #expect(line.contains(#""name":"A\u007fB""#), "\(line)")
        let start = try #require(line.range(of: "#\""))
        let end = try #require(line.range(of: "\"#", options: .backwards))
        let decoded = try AppManifest.decode(Array(line[start.upperBound..<end.lowerBound].utf8), source: "embedded")
        #expect(decoded == compiler.manifest)
        #expect(decoded.app.name == "A\u{7F}B")
    }

    /// Found by `make fuzz-emit-parse`: gofmt rewrites `` and '' in a Go doc comment as curly
    /// quotes, so a pattern holding them made a generated Go file that was not gofmt-clean.
    @Test func commentTextBreaksDoubledQuotesGofmtWouldRewrite() {
        #expect(CodeText.comment("/p/x``y''z") == "/p/x`\\`y'\\'z")
        #expect(CodeText.comment("a`b'c") == "a`b'c")
        #expect(CodeText.comment("```") == "`\\`\\`")
    }

    @Test(
        .enabled(if: CrossLanguageOracles.enabled, "needs node: make swift-oracles runs it"))
    func theJavaScriptParsesAndImportsWithoutRunningManifestText() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("escaping-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.compiler().files(only: ["js", "bridge-js"])
        #expect(files.contains { $0.name == "app-manifest.js" })
        var imports: [String] = []
        for file in files where file.name.hasSuffix(".js") {
            let url = directory.appendingPathComponent(file.name.replacingOccurrences(of: ".js", with: ".mjs"))
            try Data(file.contents.replacingOccurrences(of: "./app-manifest.js", with: "./app-manifest.mjs").utf8)
                .write(to: url)
            imports.append("await import(\(String(reflecting: url.path)));")
        }
        let probe = directory.appendingPathComponent("probe.mjs")
        try Data(
            (imports + [
                "const pwned = Object.keys(globalThis).filter((k) => k.startsWith('PWNED'));",
                "console.log(pwned.length === 0 ? 'clean' : 'PWNED ' + pwned.join(','));",
            ]).joined(separator: "\n").utf8
        ).write(to: probe)
        let node = try ChildProcess(["node", probe.path], errorOutput: .mergeWithOutput)
        defer { node.stop() }
        let output = String(decoding: node.output.readDataToEndOfFile(), as: UTF8.self)
        #expect(node.waitForExit() == 0, "\(output)")
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "clean", "\(output)")
    }
}
