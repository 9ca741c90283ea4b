import RastrilloNative
import RastrilloTestSupport
import Testing

/// `LinkParams` reads like the dictionary it stands for: the same lookups, equality and hashing.
@Suite struct LinkParamsTests {
    static let seed = SeededGenerator.seed("LinkParamsTests", fallback: 0x9A2A_2026_1130)

    @Test("lookups, keys, iteration and description follow the names, not the order given")
    func readsLikeADictionary() {
        let params: LinkParams = ["year": .int(2026), "month": .int(11), "format": .string("pdf")]
        #expect(params["month"] == .int(11))
        #expect(params["day"] == nil)
        #expect(params.count == 3)
        #expect(params.keys == ["format", "month", "year"])
        #expect(params.map(\.value) == [.string("pdf"), .int(11), .int(2026)])
        #expect(params.description == "[format: pdf, month: 11, year: 2026]")
        #expect(params == ["format": .string("pdf"), "year": .int(2026), "month": .int(11)])
        #expect(params != ["format": .string("pdf"), "year": .int(2026)])
        #expect(params.dictionary == ["year": .int(2026), "month": .int(11), "format": .string("pdf")])
        let one: LinkParams = ["id": .int(42)]
        #expect(one["id"] == .int(42) && one["ID"] == nil && one.count == 1 && one.keys == ["id"])
        #expect(LinkParams().isEmpty && LinkParams().description == "[:]" && LinkParams() == [:])
    }

    @Test("random dictionaries: round trip, and equal and hash alike exactly when the dictionaries are equal")
    func agreesWithDictionary() {
        var generator = SeededGenerator(seed: Self.seed)
        let names = ["a", "b", "id", "note", "q", "page"]
        func randomDictionary() -> [String: LinkValue] {
            var dictionary: [String: LinkValue] = [:]
            for name in names where Bool.random(using: &generator) {
                dictionary[name] =
                    Bool.random(using: &generator)
                    ? .int(Int64.random(in: 0...2, using: &generator))
                    : .string(["x", "y"].randomElement(using: &generator)!)
            }
            return dictionary
        }
        var equalPairs = 0
        for _ in 0..<2_000 {
            let left = randomDictionary()
            // Half the time the same contents, given in another order.
            let right =
                Bool.random(using: &generator)
                ? randomDictionary() : Dictionary(uniqueKeysWithValues: left.shuffled(using: &generator))
            let params = LinkParams(left)
            #expect(params.dictionary == left)
            #expect(params.count == left.count)
            #expect(params.keys == left.keys.sorted())
            for name in names { #expect(params[name] == left[name]) }
            #expect((params == LinkParams(right)) == (left == right), "\(left) vs \(right)")
            if left == right {
                equalPairs += 1
                #expect(params.hashValue == LinkParams(right).hashValue)
            }
        }
        #expect(equalPairs > 500)
    }
}
