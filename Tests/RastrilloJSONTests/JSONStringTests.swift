import RastrilloJSON
import RastrilloTestSupport
import Testing

@Suite struct JSONStringTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"\\", #""say \"hi\"\\""#),
        ("a\nb\tc\r\u{08}\u{0C}", #""a\nb\tc\r\b\f""#),
        ("\u{0}\u{1F}", #""\u0000\u001f""#),
        ("x\u{2028}y\u{2029}z", #""x\u2028y\u2029z""#),
        ("\u{FEFF}bom", #""\ufeffbom""#), ("\u{FFFD}\u{F8FF}", "\"\u{FFFD}\u{F8FF}\""),
        ("é€😀", "\"é€😀\""),
        ("", #""""#),
    ])
    func escapesWhatJSONAndJavaScriptNeed(input: String, expected: String) {
        #expect(JSONString.quoted(input) == expected)
        var bytes: [UInt8] = []
        JSONString.appendQuoted(input, to: &bytes)
        #expect(bytes == Array(expected.utf8))
    }

    @Test func quotedStringsReadBackExactly() throws {
        let seed = SeededGenerator.seed("JSONString round trip", fallback: 0x5EED_0001)
        var generator = JSONModelGenerator(random: SeededGenerator(seed: seed))
        for _ in 0..<2000 {
            let scalars = generator.scalars()
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let quoted = JSONString.quoted(text)
            #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
            let back = try JSONReader().read(Array(quoted.utf8))
            #expect(back.value.stringValue.map { Array($0.unicodeScalars) } == scalars, "seed \(seed)")
        }
    }

    @Test func prettyLayout() throws {
        let node = try JSONReader().read(Array(#"{"a":[1,{"b":null}],"c":{},"d":[]}"#.utf8))
        let expected = """
            {
              "a": [
                1,
                {
                  "b": null
                }
              ],
              "c": {},
              "d": []
            }
            """
        #expect(JSONWriter.pretty(node.value) == expected)
    }
}
