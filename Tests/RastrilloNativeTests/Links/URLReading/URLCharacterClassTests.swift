import RastrilloTestSupport
import Testing

@testable import RastrilloNative

/// The reader's character classes, checked byte by byte against their definitions written as sets.
@Suite struct URLCharacterClassTests {
    @Test func everyByteIsInExactlyTheDefinedClasses() {
        let letters = Set("abcdefghijklmnopqrstuvwxyz".utf8)
        let upper = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        let digits = Set("0123456789".utf8)
        let unreserved = letters.union(upper).union(digits).union("-._~".utf8)
        let pathExtra = Set("!$&'()*+,;=:@/%".utf8)
        let scheme = letters.union(upper).union(digits).union("+-.".utf8)
        let host = letters.union(upper).union(digits).union("-_.".utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            #expect(URLCharacterClass.has(byte, URLCharacterClass.unreserved) == unreserved.contains(byte), "\(value)")
            #expect(URLCharacterClass.has(byte, URLCharacterClass.pathExtra) == pathExtra.contains(byte), "\(value)")
            #expect(URLCharacterClass.has(byte, URLCharacterClass.scheme) == scheme.contains(byte), "\(value)")
            #expect(URLCharacterClass.has(byte, URLCharacterClass.host) == host.contains(byte), "\(value)")
            #expect(URLCharacterClass.has(byte, URLCharacterClass.upper) == upper.contains(byte), "\(value)")
            #expect(URLCharacterClass.isPathCharacter(byte) == unreserved.union(pathExtra).contains(byte), "\(value)")
            #expect(
                URLCharacterClass.isQueryCharacter(byte) == unreserved.union(pathExtra).union("?".utf8).contains(byte),
                "\(value)")
            #expect(
                URLCharacterClass.isHostLabelCharacter(byte) == host.subtracting(".".utf8).contains(byte), "\(value)")
        }
    }

    @Test func plainWordsAreExactlyEightPlainBytes() {
        let plain = Set("abcdefghijklmnopqrstuvwxyz0123456789-./".utf8)
        func word(_ bytes: [UInt8]) -> UInt64 {
            bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        // Every byte value at every position among plain neighbours (which must not mask it).
        for value in 0...255 {
            for position in 0..<8 {
                var bytes = Array("a/0-9.z-".utf8)
                bytes[position] = UInt8(value)
                #expect(RawURL.isPlainWord(word(bytes)) == plain.contains(UInt8(value)), "\(value) at \(position)")
            }
        }
        // Random words over plain bytes and their neighbours in the byte order.
        var generator = SeededGenerator(seed: 0x9_1A1A)
        let alphabet = Array(plain) + Array("`{,:AZ_~%?#\u{7F}".utf8) + [0x80, 0xFF, 0x00, 0x2C]
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in alphabet.randomElement(using: &generator)! }
            #expect(RawURL.isPlainWord(word(bytes)) == bytes.allSatisfy(plain.contains), "\(bytes)")
        }
    }
}
