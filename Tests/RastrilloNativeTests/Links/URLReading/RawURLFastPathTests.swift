import RastrilloTestSupport
import Testing

@testable import RastrilloNative

/// The URL reader's one-pass path for common URLs against its strict reader: the fast path may
/// decline anything, but whatever it reads it must read exactly as the strict reader does.
@Suite struct RawURLFastPathTests {
    static let seed = SeededGenerator.seed("RawURLFastPathTests", fallback: 0x5CA7_2026_1130)

    static func fast(_ text: String) -> RawURL.Spans? {
        var text = text
        return text.withUTF8 { RawURL.scanCommon($0) }
    }

    static func strict(_ text: String) -> Result<RawURL.Spans, LinkRefusal> {
        var text = text
        return text.withUTF8(RawURL.scanStrict)
    }

    @Test("the common shapes take the one-pass path, with the strict reader's spans")
    func commonShapesTakeTheFastPath() throws {
        let common = [
            "https://app.example.com/", "https://app.example.com", "HTTPS://App.Example.COM/Notes/42",
            "https://app.example.com:8443/a/b/?q=1&r=%2F#top", "http://localhost:8080/search?q=x?y#f?g",
            "companion://app/users/42", "https://a-b_c.example.com/x%20y/z", "https://www.example.com:0443/",
            "https://app.example.com/s1/notes5/6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f/edit",
        ]
        for text in common {
            let fast = try #require(Self.fast(text), "\(text)")
            #expect(Self.strict(text) == .success(fast), "\(text)")
        }
    }

    @Test("the fast path declines what only the strict reader may decide")
    func unusualShapesGoToTheStrictReader() {
        let unusual = [
            "mailto:a@b.c", "https://user@app.example.com/", "https://127.0.0.1/", "https://app.1/",
            "https://[::1]/", "https://app.example.com:/", "https://app.example.com:123456/",
            "https://app.example.com:99999/", "https://-app.example.com/", "https://app-.example.com/",
            "https://app..example.com/", "https://app.example.com./x y", "https://app.example.com/a\\b",
            "https://app.example.com/%zz", "https://app.example.com/%4", "https://app.example.com/#a#b",
            "https://app%2Eexample.com/", "https:app.example.com/", "https://app.example.com/é",
            "https://" + String(repeating: "a", count: 64) + ".com/", "https://",
        ]
        for text in unusual {
            #expect(Self.fast(text) == nil, "\(text)")
        }
    }

    @Test("random and mutated URLs: whatever the fast path reads, the strict reader reads the same")
    func fastPathAgreesWithStrictReader() {
        var generator = SeededGenerator(seed: Self.seed)
        let bases = [
            "https://app.example.com/notes/42?x=1#f", "http://localhost:8080/a/b/", "companion://app/users/42",
            "https://www.example.com:443/files/a%2Fb", "HTTPS://APP.example.com/", "https://a.b.c.d.e/x?y#z",
        ]
        let pieces = [
            "@", "\\", "%40", "%2F", "%", "%z", "%4", ".", "..", "/", "//", "#", "?", " ", "\t", "é", "\u{0}",
            "[", "]", ":", ":80", ":65535", ":65536", ":123456", "A", "-", "_", "~", "1", "0x1", "127.0.0.1",
            "::1", "&", "=", "+", "{", "}", String(repeating: "a", count: 63), "a.", "-.",
        ]
        var accepted = 0
        var declinedButValid = 0
        for _ in 0..<30_000 {
            var scalars = Array(bases.randomElement(using: &generator)!.unicodeScalars)
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                let offset = Int.random(in: 0...scalars.count, using: &generator)
                let piece = pieces.randomElement(using: &generator)!.unicodeScalars
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: scalars.insert(contentsOf: piece, at: offset)
                case 1: if offset < scalars.count { scalars.remove(at: offset) }
                default:
                    let end = min(scalars.count, offset + Int.random(in: 0...3, using: &generator))
                    scalars.replaceSubrange(offset..<end, with: piece)
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let strict = Self.strict(text)
            if let fast = Self.fast(text) {
                accepted += 1
                #expect(strict == .success(fast), "\(text)")
            } else if case .success = strict {
                declinedButValid += 1
            }
        }
        // Both branches were exercised many times (so the agreement above is not vacuous).
        #expect(accepted > 3_000, "fast path read \(accepted)")
        #expect(declinedButValid > 300, "fast path declined \(declinedButValid) URLs the strict reader accepts")
    }
}
