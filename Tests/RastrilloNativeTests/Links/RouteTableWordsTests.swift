import RastrilloTestSupport
import Testing

@testable import RastrilloNative

/// The route table reads a segment's first 16 bytes with word loads from the path around it; they
/// must equal the byte-by-byte reading the table was built with, for every segment position.
@Suite struct RouteTableWordsTests {
    static let seed = SeededGenerator.seed("RouteTableWordsTests", fallback: 0x0057_0bd5_2026)

    @Test("word loads equal the byte loop for every segment of buffers of 0–40 bytes")
    func wordLoadsMatchByteLoop() {
        var generator = SeededGenerator(seed: Self.seed)
        var compared = 0
        for count in 0...40 {
            for _ in 0..<4 {
                // Bytes from the whole range, so a word that kept a stray byte cannot pass.
                let buffer = (0..<count).map { _ in UInt8.random(in: 1...255, using: &generator) }
                buffer.withUnsafeBufferPointer { buffer in
                    for start in 0...count {
                        for end in start...count {
                            let expected = RouteTable.words(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                            let loaded = RouteTable.words(in: buffer, from: start, to: end)
                            #expect(loaded == expected, "buffer \(Array(buffer)), segment \(start)..<\(end)")
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared == (0...40).reduce(0) { $0 + 4 * ($1 + 1) * ($1 + 2) / 2 })
    }

    @Test("literals up to 16 bytes hash from their words; equal words and length, equal hash")
    func shortLiteralHashDependsOnEveryByte() {
        // Each literal differs from the next in one byte or in length only.
        let literals = [
            "", "a", "b", "ab", "ba", "abcdefgh", "abcdefgi", "abcdefghi", "abcdefghj",
            "abcdefghijklmnop", "abcdefghijklmnoq", "bbcdefghijklmnop",
        ]
        var hashes: Set<UInt64> = []
        for literal in literals {
            let bytes = Array(literal.utf8)
            let hash = bytes.withUnsafeBufferPointer { bytes in
                let (head, tail) = RouteTable.words(bytes)
                return RouteTable.hash(bytes, head: head, tail: tail)
            }
            hashes.insert(hash)
        }
        #expect(hashes.count == literals.count)
    }
}
