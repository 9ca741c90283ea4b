import Foundation
import FuzzManifestCompiler
import RastrilloNative

/// `fuzz-emit`: a valid manifest whose strings come from the input (the app's name, a
/// capability's description, a pattern's literal segment, a title key, the manifest's file
/// name; the input split at 0xFF, a byte UTF-8 never holds), through every emitter.
/// Properties, for every file but the JSON ones:
/// - no raw line terminator but LF (CR, U+2028, U+2029), NUL or U+FEFF anywhere (nor DEL in
///   Swift), so no string or comment of any language ends early or breaks a compiler;
/// - a comment line closes a block comment only at its very end;
/// - the Swift file's embedded manifest decodes back to the compiled manifest (every string
///   round-trips).
///
/// Each language's own parser (node, tsc, gofmt and go vet, swiftc -parse) runs over what this
/// target generates in `make fuzz-emit-parse` (``dump(_:into:)``), outside the fuzzing loop.
enum EmitCheck {
    /// The strings an input puts into its manifest, as `strings.json` beside a dump records them.
    struct Strings: Codable, Equatable {
        /// The app's name.
        var name: String
        /// The capability `c`'s description.
        var description: String
        /// The pattern of the destination `page` and of the command `goThere`'s page action.
        var pattern: String
        /// The destination `home`'s title key.
        var titleKey: String
        /// The manifest's file name, echoed in every generated header.
        var sourceName: String
    }

    /// The valid manifest `bytes` make, compiled, and the strings they put into it; `nil` when
    /// they make no valid manifest.
    static func compile(_ bytes: [UInt8]) -> (compiler: ManifestCompiler, strings: Strings)? {
        var parts = bytes.split(separator: 0xFF, maxSplits: 4, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        while parts.count < 5 { parts.append("") }
        // The literal keeps only bytes a path may hold, so the pattern is valid more often.
        let literal = String(parts[2].unicodeScalars.filter { $0.value > 0x20 && $0 != "/" && $0 != "{" && $0 != "}" })
        let strings = Strings(
            name: parts[0].isEmpty ? "App" : parts[0], description: parts[1].isEmpty ? "d" : parts[1],
            pattern: "/p/" + (literal.isEmpty ? "x" : literal), titleKey: parts[3].isEmpty ? "t" : parts[3],
            sourceName: parts[4].isEmpty ? "app-manifest.json" : parts[4])
        let object: [String: Any] = [
            "schemaVersion": 1,
            "app": ["name": strings.name, "appIDs": ["ABCDE12345.com.example.app"]],
            "origins": [["origin": "https://app.example.com"]],
            "capabilities": [["id": "c", "description": strings.description]],
            "destinations": [
                ["id": "home", "pattern": "/{$}", "presentation": "web", "titleKey": strings.titleKey],
                ["id": "page", "pattern": strings.pattern, "presentation": "web", "titleKey": "t"],
            ],
            "commands": [
                [
                    "id": "goThere", "titleKey": "c", "placements": ["menu"],
                    "pageAction": ["method": "POST", "pattern": strings.pattern],
                ]
            ],
        ]
        guard let json = try? JSONSerialization.data(withJSONObject: object),
            let compiler = try? ManifestCompiler.compile(Array(json), sourceName: strings.sourceName)
        else { return nil }
        return (compiler, strings)
    }

    /// Writes what `bytes` compile to into a folder of `directory` named by a hash of the input
    /// (so one input is written once): every generated file, `strings.json` (``Strings``) and the
    /// input itself as `input.bin`. Nothing when the input makes no valid manifest. The
    /// `fuzz-emit` harness calls it for every input when `FUZZ_EMIT_DUMP` names a folder, so
    /// `make fuzz-emit-parse` can run each language's own parser on what the fuzzer generated.
    public static func dump(_ bytes: [UInt8], into directory: String) {
        guard let (compiler, strings) = compile(bytes) else { return }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let folder = URL(fileURLWithPath: directory).appendingPathComponent(String(hash, radix: 16))
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
            return
        }
        for file in compiler.files() {
            try? Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.name))
        }
        try? JSONEncoder().encode(strings).write(to: folder.appendingPathComponent("strings.json"))
        try? Data(bytes).write(to: folder.appendingPathComponent("input.bin"))
    }

    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        guard let (compiler, _) = compile(bytes) else { return }
        for file in compiler.files() where !file.name.hasSuffix(".json") {
            // Swift refuses a raw DEL anywhere in a source file.
            let refused: [Unicode.Scalar] =
                ["\r", "\u{2028}", "\u{2029}", "\u{0}", "\u{FEFF}"] + (file.name.hasSuffix(".swift") ? ["\u{7F}"] : [])
            for scalar in refused {
                try require(
                    !file.contents.unicodeScalars.contains(scalar),
                    "\(file.name) holds a raw U+\(String(scalar.value, radix: 16)) for input \(escaped(bytes))")
            }
            for line in file.contents.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*") else { continue }
                let body = trimmed.hasSuffix("*/") ? trimmed.dropLast(2) : trimmed
                try require(!body.contains("*/"), "\(file.name): a comment ends early: \(escaped(String(line)))")
            }
        }
        guard let swift = compiler.files(only: ["swift"]).first else {
            throw PropertyViolation(description: "no Swift file for input \(escaped(bytes))")
        }
        let embedded = try embeddedJSON(swift.contents)
        let decoded: AppManifest
        do {
            decoded = try AppManifest.decode(Array(embedded.utf8), source: "embedded")
        } catch {
            throw PropertyViolation(description: "the embedded manifest does not decode: \(error)")
        }
        try require(decoded == compiler.manifest, "the embedded manifest differs for input \(escaped(bytes))")
    }

    /// The text of `static let json = #"…"#` in the generated Swift, read as Swift reads a raw
    /// string literal (the closing quote followed by as many `#` as opened it).
    static func embeddedJSON(_ swift: String) throws(PropertyViolation) -> String {
        guard let line = swift.split(separator: "\n").first(where: { $0.contains("static let json = #") }),
            let start = line.range(of: "static let json = ")
        else { throw PropertyViolation(description: "no embedded manifest line") }
        let literal = line[start.upperBound...]
        let hashes = literal.prefix { $0 == "#" }
        let open = hashes + "\""
        let close = "\"" + hashes
        guard literal.hasPrefix(open), literal.hasSuffix(close), literal.count >= open.count + close.count else {
            throw PropertyViolation(
                description: "the embedded manifest's literal is not closed: \(escaped(String(line)))")
        }
        return String(literal.dropFirst(open.count).dropLast(close.count))
    }
}
