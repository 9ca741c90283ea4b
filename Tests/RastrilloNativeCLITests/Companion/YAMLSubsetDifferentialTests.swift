import Foundation
import RastrilloTestSupport
import Testing

@testable import RastrilloNativeCLI

/// Every document the reader accepts must parse to the same tree under PyYAML:
/// generated documents (random trees rendered in every style the subset
/// allows) and random mutations of them and of the fixtures.
@Suite("YAML subset reader vs PyYAML")
struct YAMLSubsetDifferentialTests {
    @Test(
        "generated and mutated documents: accepted means PyYAML agrees",
        .enabled(if: CrossLanguageOracles.enabled, "needs python3 with PyYAML: make swift-oracles runs it"))
    func differential() throws {
        let seed = SeededGenerator.seed("YAML differential fuzz", fallback: 20_261_130)
        var random = SeededGenerator(seed: seed)
        var documents: [String] = []
        var expected: [String] = []
        for _ in 0..<300 {
            let tree = YAMLTreeGenerator.mapping(depth: 0, using: &random)
            let text = YAMLTreeGenerator.render(tree, using: &random)
            let node = try #require(try? YAMLSubsetReader.read(text), "generated document refused:\n\(text)")
            #expect(PyYAMLOracle.canonicalJSON(of: node) == YAMLTreeGenerator.canonicalJSON(tree), "\(text)")
            documents.append(text)
            expected.append(PyYAMLOracle.canonicalJSON(of: node))
        }
        var mutatedAccepted = 0
        let sources = documents + YAMLSubsetReaderTests.accepted
        for _ in 0..<3_000 {
            let mutated = YAMLTreeGenerator.mutate(sources.randomElement(using: &random)!, using: &random)
            guard let node = try? YAMLSubsetReader.read(mutated) else { continue }
            documents.append(mutated)
            expected.append(PyYAMLOracle.canonicalJSON(of: node))
            mutatedAccepted += 1
        }
        print("YAML differential: \(documents.count) documents, \(mutatedAccepted) accepted mutations")
        #expect(mutatedAccepted > 100)
        let oracle = try PyYAMLOracle.canonicalJSON(of: documents)
        for (index, document) in documents.enumerated() where oracle[index] != expected[index] {
            Issue.record(
                "PyYAML reads differently:\n\(document)\nreader: \(expected[index])\nPyYAML: \(oracle[index] ?? "refused")"
            )
        }
    }
}

/// Random trees in the subset and their rendering.
enum YAMLTreeGenerator {
    indirect enum Tree {
        case scalar(json: String, spellings: [String])
        case sequence([Tree])
        case mapping([(String, Tree)])
    }

    static let plainStrings = [
        "iOS", "macOS", "com.example.app", "Sources", "hello world", "a#b", "it's", "x-y", "$(SRCROOT)/x", "café",
        "Sources/App", "application", "auto", "YES_NOT", "trueish", "null-ish", "a:b", "v1.4.0",
        "https://example.com/x",
    ]
    static let quotedStrings = [
        "", "yes", "17.0", "a: b", "# not a comment", "it's", "say \"hi\"", "back\\slash", "line\nbreak", "tab\there",
        "0755", "1a2b3c4d", "-x", "[x]", "{y}", "@at", "true", "null", "  spaced  ",
    ]
    static let keys = [
        "name", "options", "targets", "sources", "App", "type", "base", "path", "url", "a", "b-c", "d_e",
    ]

    static func scalar<R: RandomNumberGenerator>(using random: inout R) -> Tree {
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            let text = plainStrings.randomElement(using: &random)!
            return .scalar(
                json: PyYAMLOracle.quote(text),
                spellings: [text, "'\(text.replacingOccurrences(of: "'", with: "''"))'"])
        case 1:
            let text = quotedStrings.randomElement(using: &random)!
            var spellings = ["\"" + escapeDouble(text) + "\""]
            if !text.contains("\n") && !text.contains("\t") {
                spellings.append("'" + text.replacingOccurrences(of: "'", with: "''") + "'")
            }
            return .scalar(json: PyYAMLOracle.quote(text), spellings: spellings)
        case 2:
            let number = [0, 1, 42, 1000, 65_535].randomElement(using: &random)!
            return .scalar(json: String(number), spellings: [String(number)])
        case 3:
            let value = Bool.random(using: &random)
            let spellings = value ? ["true", "True", "TRUE"] : ["false", "False", "FALSE"]
            return .scalar(json: value ? "true" : "false", spellings: spellings)
        case 4:
            return .scalar(json: "null", spellings: ["~", "null", "Null", "NULL"])
        default:
            let text = plainStrings.randomElement(using: &random)!
            return .scalar(json: PyYAMLOracle.quote(text), spellings: [text])
        }
    }

    static func escapeDouble(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
    }

    static func mapping<R: RandomNumberGenerator>(depth: Int, using random: inout R) -> Tree {
        var entries: [(String, Tree)] = []
        for key in keys.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)) {
            entries.append((key, value(depth: depth + 1, using: &random)))
        }
        return .mapping(entries)
    }

    static func value<R: RandomNumberGenerator>(depth: Int, using random: inout R) -> Tree {
        guard depth < 4 else { return scalar(using: &random) }
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return mapping(depth: depth, using: &random)
        case 1:
            return .sequence(
                (0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth: depth + 1, using: &random) })
        default: return scalar(using: &random)
        }
    }

    static func canonicalJSON(_ tree: Tree) -> String {
        switch tree {
        case .scalar(let json, _): return json
        case .sequence(let items): return "[" + items.map(canonicalJSON).joined(separator: ",") + "]"
        case .mapping(let entries):
            let sorted = entries.sorted { $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars) }
            return "{" + sorted.map { PyYAMLOracle.quote($0.0) + ":" + canonicalJSON($0.1) }.joined(separator: ",")
                + "}"
        }
    }

    static func render<R: RandomNumberGenerator>(_ tree: Tree, using random: inout R) -> String {
        var lines: [String] = []
        if Bool.random(using: &random) { lines.append("# generated") }
        renderBlock(tree, indent: 0, into: &lines, using: &random)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func inline<R: RandomNumberGenerator>(_ tree: Tree, using random: inout R) -> String? {
        switch tree {
        case .scalar(_, let spellings): return spellings.randomElement(using: &random)!
        case .sequence(let items):
            if items.isEmpty { return "[]" }
            guard Bool.random(using: &random) else { return nil }
            var parts: [String] = []
            for item in items {
                guard case .scalar(let json, let spellings) = item else { return nil }
                // Plain items in a flow list must not contain flow indicators.
                let usable = spellings.filter {
                    $0.first == "\"" || $0.first == "'" || !$0.contains(where: { "[]{},:?".contains($0) })
                }
                _ = json
                guard let spelling = usable.randomElement(using: &random) else { return nil }
                parts.append(spelling)
            }
            return "[" + parts.joined(separator: Bool.random(using: &random) ? ", " : ",") + "]"
        case .mapping: return nil
        }
    }

    private static func renderBlock<R: RandomNumberGenerator>(
        _ tree: Tree, indent: Int, into lines: inout [String], using random: inout R
    ) {
        let pad = String(repeating: " ", count: indent)
        switch tree {
        case .scalar(_, let spellings):
            lines.append(pad + spellings.randomElement(using: &random)!)
        case .sequence(let items):
            for item in items {
                if let text = inline(item, using: &random) {
                    lines.append(pad + "- " + text + (Int.random(in: 0..<5, using: &random) == 0 ? "  # note" : ""))
                } else if case .mapping(let entries) = item, !entries.isEmpty, Bool.random(using: &random) {
                    var nested: [String] = []
                    renderBlock(item, indent: indent + 2, into: &nested, using: &random)
                    nested[0] = pad + "- " + nested[0].dropFirst(indent + 2)
                    lines += nested
                } else {
                    lines.append(pad + "-")
                    renderBlock(item, indent: indent + 2, into: &lines, using: &random)
                }
            }
        case .mapping(let entries):
            for (key, value) in entries {
                if Int.random(in: 0..<6, using: &random) == 0 { lines.append("") }
                if let text = inline(value, using: &random) {
                    lines.append(pad + key + ": " + text)
                } else if case .sequence(let items) = value, items.isEmpty {
                    lines.append(pad + key + ": []")
                } else if case .mapping(let nested) = value, nested.isEmpty {
                    lines.append(pad + key + ":")
                } else {
                    lines.append(pad + key + ":")
                    let indentless: Bool
                    if case .sequence = value { indentless = Bool.random(using: &random) } else { indentless = false }
                    let step = [2, 4].randomElement(using: &random)!
                    renderBlock(value, indent: indentless ? indent : indent + step, into: &lines, using: &random)
                }
            }
        }
    }

    static func mutate<R: RandomNumberGenerator>(_ text: String, using random: inout R) -> String {
        var characters = Array(text)
        let inserts: [Character] = [
            " ", ":", "-", "#", "'", "\"", "[", "]", ",", "\n", "a", "1", "&", "*", "{", "?", "|", "0", ".",
        ]
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let position = characters.isEmpty ? 0 : Int.random(in: 0..<characters.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where !characters.isEmpty: characters.remove(at: position)
            case 1: characters.insert(inserts.randomElement(using: &random)!, at: position)
            default:
                if !characters.isEmpty { characters[position] = inserts.randomElement(using: &random)! }
            }
        }
        return String(characters)
    }
}
