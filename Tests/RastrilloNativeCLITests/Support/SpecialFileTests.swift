import Foundation
import Testing

@testable import RastrilloNativeCLI

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The hostile-file rule for what the CLI writes and what `manifest derive` reads: a symbolic
/// link (symlink), a FIFO (named pipe) or a device is never written through or over, and never
/// read as an app file, so nothing blocks on a pipe and nothing lands outside the path named.
@Suite("special files: symlinks, FIFOs and devices")
struct SpecialFileTests {
    static let manifest = CompanionFixture.repositoryRoot.appendingPathComponent(
        "Tests/ManifestParity/parity-manifest.json"
    ).path

    /// Makes a FIFO at `url`.
    static func fifo(_ url: URL) throws {
        try #require(mkfifo(url.path, 0o600) == 0, "mkfifo \(url.path) failed")
    }

    @Test("--out on a FIFO is refused, naming it a pipe, and the FIFO stays")
    func outOnAFIFO() throws {
        let folder = try CompanionFixture.temporaryFolder()
        defer { CompanionFixture.removeTemporary(folder) }
        let pipe = folder.appendingPathComponent("graph.svg")
        try Self.fifo(pipe)
        let output = CapturedOutput()
        #expect(CLI.main(["manifest", "graph", Self.manifest, "--out", pipe.path], io: output.io) == 1)
        #expect(output.stderr.contains("refusing to write '\(pipe.path)'"), "\(output.stderr)")
        #expect(output.stderr.contains("a pipe"), "\(output.stderr)")
        #expect(SafeOutput.kind(pipe.path) == .typeUnknown, "the FIFO was replaced")
    }

    @Test("--out on a device is refused, naming it a device")
    func outOnADevice() throws {
        let output = CapturedOutput()
        #expect(CLI.main(["manifest", "graph", Self.manifest, "--out", "/dev/null"], io: output.io) == 1)
        #expect(output.stderr.contains("refusing to write '/dev/null': it is a device"), "\(output.stderr)")
    }

    @Test("manifest derive --out through a symlink is refused and the link's target is kept")
    func deriveOutThroughASymlink() throws {
        let folder = try CompanionFixture.temporaryFolder()
        defer { CompanionFixture.removeTemporary(folder) }
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        let link = folder.appendingPathComponent("app-manifest.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: victim.path)
        let output = CapturedOutput()
        let status = CLI.main(
            [
                "manifest", "derive", DeriveFixture.folder("notes").path, "--origin", "https://notes.example.com",
                "--out", link.path,
            ],
            io: output.io)
        #expect(status == CLIExit.failure)
        #expect(output.stderr.contains("it is a symbolic link"), "\(output.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
    }

    @Test(
        "an app file that is a FIFO, a device or a broken symlink is refused naming it, without reading it",
        arguments: ["fifo", "device", "broken symlink", "folder"])
    func appFileIsSpecial(_ kind: String) throws {
        let app = try DeriveFixture.copy("notes")
        defer { CompanionFixture.removeTemporary(app) }
        let router = app.appendingPathComponent("gen/router.go")
        try FileManager.default.removeItem(at: router)
        switch kind {
        case "fifo": try Self.fifo(router)
        case "device": try FileManager.default.createSymbolicLink(atPath: router.path, withDestinationPath: "/dev/zero")
        case "broken symlink":
            try FileManager.default.createSymbolicLink(
                atPath: router.path, withDestinationPath: app.appendingPathComponent("missing.go").path)
        default: try FileManager.default.createDirectory(at: router, withIntermediateDirectories: false)
        }
        let error = try #require(throws: DeriveError.self) {
            try ManifestDeriver.derive(
                DeriveInput(
                    appDirectory: app, origin: "https://notes.example.com", name: nil, overlay: nil,
                    displayPath: "notes"))
        }
        #expect(error.file == "notes/gen/router.go", "\(error)")
        #expect(error.problem.contains("not a regular file"), "\(error)")
    }
}
