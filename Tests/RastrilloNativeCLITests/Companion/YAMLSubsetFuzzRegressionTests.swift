import Testing

@testable import RastrilloNativeCLI

/// Inputs fuzz-yaml found (Fuzz/Regressions/yaml/), held here as plain tests.
@Suite("YAML subset reader: fuzz regressions")
struct YAMLSubsetFuzzRegressionTests {
    /// A combining mark right after a quote made `"…"` one character to this reader, so a
    /// double-quoted scalar PyYAML reads as `ٔJ` was read as something else.
    static let joined: [String] = [
        "k: \"\u{654}J\"\n",
        "k: '\u{301}x'\n",
        "- \u{301}\n",
        " \u{301}k: v\n",
        "k:\u{200D} v\n",
    ]

    @Test("a mark joining YAML syntax into one character is refused, naming it", arguments: joined)
    func joinedSyntaxIsRefused(document: String) {
        #expect {
            try YAMLSubsetReader.read(document)
        } throws: { error in
            guard let error = error as? YAMLSubsetError else { return false }
            return error.line == 1 && error.message.contains("joins") && error.message.contains("into one character")
        }
    }

    @Test("marks after letters still read as text")
    func marksAfterLettersRead() throws {
        let node = try YAMLSubsetReader.read("k: e\u{301}te\u{654}\n")
        #expect(node["k"]?.string == "e\u{301}te\u{654}")
    }
}
