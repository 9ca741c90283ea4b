import Foundation
import Testing

@testable import RastrilloNativeCLI

/// Issue 15, defect 6: `manifest check` never writes the manifest's control characters to a terminal.
@Suite("manifest check escapes what it quotes")
struct ManifestCheckEscapingTests {
    @Test("a key with ESC, BEL, a newline and RLO is printed escaped, one line per problem")
    func escapesKeys() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("escape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.json")
        try Data(
            #"""
            {"schemaVersion": 1, "app": {"name": "T"}, "origins": [{"origin": "https://a.example"}],
             "\u001b]0;pwned\u0007\n\u202e": 1,
             "destinations": [{"id": "a", "pattern": "/a", "presentation": "native", "titleKey": "t"}]}
            """#.utf8
        ).write(to: file)
        let output = CapturedOutput()
        #expect(CLI.main(["manifest", "check", file.path], io: output.io) == 1)
        let text = output.stderr
        #expect(text.contains(#"unknown key '\x1B]0;pwned\x07\x0A\xE2\x80\xAE'"#), "\(text)")
        let controls = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
        }
        #expect(controls.isEmpty, "\(text)")
        // One problem: its line and the summary line.
        #expect(text.split(separator: "\n").count == 2, "\(text)")
    }
}

/// `companion check` quotes project.yml: its diagnostics escape the same way.
@Suite("companion check escapes what it quotes")
struct CompanionDiagnosticEscapingTests {
    @Test("a message and file name with ESC and RLO are printed escaped")
    func escapes() {
        let diagnostic = CompanionDiagnostic(
            severity: .error, file: "evil\u{1B}[2J.yml", line: 3, message: "unknown key 'a\u{202E}b'")
        #expect(diagnostic.message == "unknown key 'a\u{202E}b'")
        #expect(diagnostic.description == #"evil\x1B[2J.yml:3: error: unknown key 'a\xE2\x80\xAEb'"#)
    }
}
