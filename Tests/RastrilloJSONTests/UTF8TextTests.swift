import RastrilloJSON
import RastrilloTestSupport
import Testing

/// `UTF8Text.string` accepts exactly the well-formed UTF-8 byte sequences.
@Suite struct UTF8TextTests {
    @Test(
        arguments: [
            ([0x61, 0x62], true),
            ([0xC3, 0xA9], true),  // é
            ([0xF0, 0x9F, 0x98, 0x80], true),  // 😀
            ([0xC3], false),  // truncated
            ([0xC0, 0xAF], false),  // overlong '/'
            ([0xED, 0xA0, 0x80], false),  // UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], false),  // above U+10FFFF
            ([0xFF], false),
            ([0xEF, 0xBF, 0xBD], true),  // U+FFFD itself is valid
        ] as [([UInt8], Bool)])
    func knownSequences(bytes: [UInt8], valid: Bool) {
        let text = UTF8Text.string(bytes)
        #expect((text != nil) == valid, "\(bytes)")
        if let text { #expect(Array(text.utf8) == bytes) }
    }

    /// Random byte strings biased towards multi-byte lead and continuation bytes, checked
    /// against an independent decoder: Unicode.UTF8's parser, which reports every error.
    @Test func agreesWithTheStandardLibraryParser() {
        let seed = SeededGenerator.seed("UTF8Text", fallback: 0x5EED_0107)
        var random = SeededGenerator(seed: seed)
        let interesting: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var accepted = 0
        for iteration in 0..<20_000 {
            let count = Int(random.next(upTo: 8))
            let bytes = (0..<count).map { _ in
                random.next(upTo: 3) == 0
                    ? UInt8(truncatingIfNeeded: random.next()) : interesting[Int(random.next(upTo: 13))]
            }
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var valid = true
            loop: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid: continue
                case .emptyInput: break loop
                case .error:
                    valid = false
                    break loop
                }
            }
            let text = UTF8Text.string(bytes)
            #expect((text != nil) == valid, "seed \(seed) iteration \(iteration): \(bytes)")
            if let text {
                accepted += 1
                #expect(Array(text.utf8) == bytes, "seed \(seed) iteration \(iteration)")
            }
        }
        #expect(accepted > 1_000, "the generator must also produce valid text (seed \(seed))")
    }
}
