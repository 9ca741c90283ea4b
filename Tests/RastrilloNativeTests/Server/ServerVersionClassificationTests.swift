import Foundation
import RastrilloTestSupport
import Testing

@testable import RastrilloNative

@Suite("ServerVersion classification")
struct ServerVersionClassificationTests {
    static let kinds: [(String, ServerVersion.Kind, Bool)] = [
        ("dev", ServerVersion.Kind.dev, false),
        ("v1.4.0", .tag, false),
        ("1.4", .tag, false),
        ("v2.0.0-rc.1+build.5", .tag, false),
        ("v1.4.0-3-g1a2b3c4", .describe(tag: "v1.4.0", commitsAhead: 3, commit: "1a2b3c4"), false),
        ("v1.4.0-rc-1-12-gabcdef0", .describe(tag: "v1.4.0-rc-1", commitsAhead: 12, commit: "abcdef0"), false),
        ("v1.4.0-3-g1a2b3c4-dirty", .describe(tag: "v1.4.0", commitsAhead: 3, commit: "1a2b3c4"), true),
        ("1a2b3c4", .sha, false),
        ("1a2b3c4-dirty", .sha, true),
        (String(repeating: "ab", count: 20), .sha, false),
        ("release 2024 spring", .opaque, false),
        ("1A2B3C4", .opaque, false),
        ("v1..2", .opaque, false),
        ("-dirty", .opaque, false),
    ]

    @Test("accepts and classifies each kind", arguments: kinds)
    func classifies(text: String, kind: ServerVersion.Kind, dirty: Bool) throws {
        let version = try ServerVersion(body: Array(text.utf8))
        #expect(version.text == text)
        #expect(version.kind == kind)
        #expect(version.isDirty == dirty)
    }

    @Test("a single trailing line feed is not part of the version")
    func trailingLineFeed() throws {
        let version = try ServerVersion(body: Array("v1.4.0\n".utf8))
        #expect(version.text == "v1.4.0")
        #expect(version.kind == .tag)
    }

    static let refusals: [([UInt8], ServerVersionError.BodyProblem)] = [
        ([UInt8](), ServerVersionError.BodyProblem.empty),
        (Array("\n".utf8), .empty),
        ([0xFF, 0xFE, 0x41], .notUTF8),
        ([0x76, 0x31, 0xC3], .notUTF8),
        (Array("<!DOCTYPE html><html><body>Sign in</body></html>".utf8), .htmlPage),
        (Array("  <html>".utf8), .htmlPage),
        (Array("v1.4.0\nv1.4.1".utf8), .multipleLines),
        (Array("v1.4.0\r\n".utf8), .multipleLines),
        (Array("v1.4.0\n\n".utf8), .multipleLines),
        (Array("v1\u{2028}2".utf8), .multipleLines),
        (Array("v1.4.0\u{7}".utf8), .controlCharacter(7)),
        (Array("v1\u{1B}[31m".utf8), .controlCharacter(0x1B)),
        (Array("v1.4\u{202E}0".utf8), .controlCharacter(0x202E)),
        (Array("v1\t4".utf8), .controlCharacter(9)),
        (Array(" v1.4.0".utf8), .surroundingWhitespace),
        (Array("v1.4.0 ".utf8), .surroundingWhitespace),
        (Array(repeating: UInt8(ascii: "a"), count: 257), .tooLong(limit: 256)),
    ]

    @Test("refuses bodies that are not a version", arguments: refusals)
    func refuses(body: [UInt8], problem: ServerVersionError.BodyProblem) {
        #expect(throws: problem) { try ServerVersion(body: body) }
    }

    @Test("fuzz: every accepted body is printable single-line text within the limit")
    func fuzz() {
        let seed = SeededGenerator.seed("ServerVersion fuzz", fallback: 0xC0FFEE)
        var random = SeededGenerator(seed: seed)
        let pieces: [[UInt8]] = [
            Array("v1".utf8), Array(".".utf8), Array("-".utf8), Array("g".utf8), Array("dirty".utf8),
            Array("dev".utf8), Array("abc123".utf8), [0x0A], [0x0D], [0x20], [0x3C], [0x09], [0xC3, 0xA9], [0xFF],
            [0xE2, 0x80, 0xAE], Array("0".utf8), Array("+".utf8),
        ]
        for _ in 0..<5_000 {
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                body += pieces.randomElement(using: &random)!
            }
            guard let version = try? ServerVersion(body: body, maximumLength: 40) else { continue }
            #expect(body.count <= 40)
            #expect(!version.text.isEmpty)
            #expect(!version.text.contains("\n") && !version.text.contains("\r"))
            #expect(!version.text.unicodeScalars.contains { $0.properties.generalCategory == .control })
            #expect(version.text.first != "<")
            if version.kind == .sha {
                #expect(ServerVersion.isLowerHex(ServerVersion.splitDirty(version.text).core, lengths: 7...40))
            }
        }
    }
}
