import Foundation
import Testing

@testable import RastrilloNativeCLI

/// `manifest graph --out` and `manifest build --out` write only regular files, never through a
/// link; `--out -` is standard output; an empty `--out` is a usage error.
@Suite struct SafeOutputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let manifest = root.appendingPathComponent("Tests/ManifestParity/parity-manifest.json").path

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("safe-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func graphOutRefusesALinkAndWritesAFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        let link = folder.appendingPathComponent("graph.svg")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: victim.path)
        let output = CapturedOutput()
        #expect(CLI.main(["manifest", "graph", Self.manifest, "--out", link.path], io: output.io) == 1)
        #expect(output.stderr.contains("refusing to write '\(link.path)': it is a symbolic link"), "\(output.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
        let plain = folder.appendingPathComponent("plain.svg")
        #expect(CLI.main(["manifest", "graph", Self.manifest, "--out", plain.path], io: CapturedOutput().io) == 0)
        #expect(try String(contentsOf: plain, encoding: .utf8).contains("<svg"))
    }

    @Test func graphOutDashIsStandardOutputAndEmptyIsAUsageError() throws {
        let dash = CapturedOutput()
        #expect(CLI.main(["manifest", "graph", Self.manifest, "--out", "-"], io: dash.io) == 0)
        #expect(dash.stdout.contains("<svg"))
        #expect(!FileManager.default.fileExists(atPath: "-"))
        let empty = CapturedOutput()
        #expect(CLI.main(["manifest", "graph", Self.manifest, "--out", ""], io: empty.io) == 2)
        #expect(empty.stderr.contains("--out needs a file path"), "\(empty.stderr)")
        #expect(!empty.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test func buildOutRefusesALinkedFileAndDashOrEmpty() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("app-manifest.js").path, withDestinationPath: victim.path)
        let output = CapturedOutput()
        #expect(CLI.main(["manifest", "build", Self.manifest, "--out", out.path], io: output.io) == 1)
        #expect(output.stderr.contains("it is a symbolic link"), "\(output.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
        for bad in ["-", ""] {
            let refused = CapturedOutput()
            #expect(CLI.main(["manifest", "build", Self.manifest, "--out", bad], io: refused.io) == 2)
        }
    }

    @Test(arguments: [
        ("plain/path-1.2", "plain/path-1.2"), ("a b", "'a b'"), ("d;touch x;#", "'d;touch x;#'"),
        ("it's", "'it'\\''s'"), ("", "''"), ("$(x)`y`", "'$(x)`y`'"),
    ])
    func shellQuoting(text: String, quoted: String) {
        #expect(SafeOutput.shellQuoted(text) == quoted)
    }
}
