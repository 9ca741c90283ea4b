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
}
