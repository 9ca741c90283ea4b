import Foundation
import RastrilloNative
import RastrilloTestSupport
import Testing

/// Seeded fuzz of the decoder and validator (the seed is printed).
@Suite("Manifest validator: fuzz")
struct ManifestFuzzTests {
    static let seed = SeededGenerator.seed("ManifestFuzzTests", fallback: 0x0000_F022_2026)

    static let snippets = [
        "{}", "[]", "null", "1", "-1", "1e999", "\"\"", "\"/{$}\"", "\"/{a...}\"", "\"/a/{b}\"", "\"/{x}/\"",
        "\"Color\"", "{\"array\": \"int\"}", "{\"optional\": \"Nope\"}", "\"cmd+x\"", "\"appShortcut\"", "true",
        "\"universalLink\"", "\"\\u0000\"", "{\"a\": 1, \"a\": 2}", "\"notes.read\"",
    ]

    @Test("mutated manifests never crash the decoder; every issue has a pointer and a message")
    func mutatedManifests() throws {
        var generator = SeededGenerator(seed: Self.seed)
        let original = Array(try Data(contentsOf: ManifestFixtures.parityFile("parity-manifest.json")))
        var accepted = 0
        var refused = 0
        for _ in 0..<1_500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let offset = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[offset] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: offset)
                case 2:
                    bytes.insert(contentsOf: Array(Self.snippets.randomElement(using: &generator)!.utf8), at: offset)
                default:
                    // Replace a quoted string value with a snippet, keeping the JSON shape plausible.
                    guard let quote = bytes[offset...].firstIndex(of: UInt8(ascii: "\"")),
                        let close = bytes[(quote + 1)...].firstIndex(of: UInt8(ascii: "\""))
                    else { continue }
                    bytes.replaceSubrange(
                        quote...close, with: Array(Self.snippets.randomElement(using: &generator)!.utf8))
                }
            }
            do {
                _ = try AppManifest.decode(bytes, source: "fuzz.json")
                accepted += 1
            } catch {
                refused += 1
                #expect(!error.issues.isEmpty)
                for issue in error.issues { #expect(!issue.message.isEmpty) }
            }
        }
        print("ManifestFuzzTests: \(accepted) accepted, \(refused) refused")
        #expect(refused > 500)
    }

    @Test("random destination sets: the validator accepts exactly the sets without ServeMux conflicts")
    func randomDestinationSets() {
        var generator = SeededGenerator(seed: Self.seed ^ 0x77)
        for _ in 0..<300 {
            let patterns = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                RandomPatterns.pattern(using: &generator)
            }
            let destinations = patterns.enumerated().map { index, pattern in
                ManifestFixtures.destination("d\(index)", pattern.text)
            }
            let issues = ManifestFixtures.issues(
                ManifestFixtures.manifest(destinations: destinations.joined(separator: ",")))
            var conflicting = false
            for i in patterns.indices {
                for j in patterns.indices where j > i && patterns[i].relationship(to: patterns[j]).isConflict {
                    conflicting = true
                }
            }
            #expect(issues.isEmpty == !conflicting, "\(patterns.map(\.text)): \(issues)")
            #expect(issues.allSatisfy { $0.kind == .conflictingPatterns })
        }
    }
}
