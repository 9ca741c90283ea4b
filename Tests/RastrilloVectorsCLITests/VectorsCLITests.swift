import Foundation
import RastrilloNativeCLI
import Testing

@testable import RastrilloVectorsCLI

/// Collects what one `rastrillo-vectors` run wrote.
final class VectorsCapture: @unchecked Sendable {
    // @unchecked Sendable: every access to `lines` holds `lock`.
    private let lock = NSLock()
    private var lines: (out: [String], error: [String]) = ([], [])

    var io: CLIOutput {
        CLIOutput(
            out: { line in self.lock.withLock { self.lines.out.append(line) } },
            error: { line in self.lock.withLock { self.lines.error.append(line) } })
    }

    var out: [String] { lock.withLock { lines.out } }
    var error: String { lock.withLock { lines.error.joined(separator: "\n") } }
}

@Suite struct VectorsCLITests {
    /// The committed vector copies, found from this file's location (works in any clone).
    static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("RastrilloCryptoTests/Vectors")

    static func run(_ arguments: [String]) -> (status: Int32, capture: VectorsCapture) {
        let capture = VectorsCapture()
        return (VectorsCLI.main(arguments, io: capture.io), capture)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vectors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func checksEveryUpstreamFile() {
        let files = ["crypto/golden.json", "crypto/invites.json", "keyring/golden.json", "assertion/golden.json"]
            .map { Self.vectors.appendingPathComponent($0).path }
        let (status, capture) = Self.run(["check"] + files)
        #expect(status == 0, "\(capture.out)")
        let checks = capture.out.dropLast()
        #expect(checks.count == 33)
        #expect(checks.allSatisfy { $0.hasPrefix("ok   ") })
        #expect(capture.out.last == "33 checks, 0 failed, 4 files")
    }

    @Test(arguments: ["crypto", "invites", "keyring", "assertion"])
    func madeFilesCheck(kind: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(kind).json").path
        let made = Self.run(["make", kind, "--out", file])
        #expect(made.status == 0)
        #expect(made.capture.error.contains("wrote \(kind) vectors to"))
        let checked = Self.run(["check", file])
        #expect(checked.status == 0, "\(checked.capture.out)")
        #expect(checked.capture.out.last?.hasSuffix("0 failed, 1 files") == true)
    }

    @Test func makeWritesToStandardOutput() {
        let (status, capture) = Self.run(["make", "invites"])
        #expect(status == 0)
        #expect(capture.out.joined(separator: "\n").contains("\"wrappedGroupKey\""))
    }

    @Test func tamperedFileFails() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = try String(contentsOf: Self.vectors.appendingPathComponent("crypto/invites.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "591011e5599eaaac", with: "591011e5599eaaad")
        let file = directory.appendingPathComponent("invites.json")
        try Data(text.utf8).write(to: file)
        let (status, capture) = Self.run(["check", file.path])
        #expect(status == 1)
        #expect(capture.out.filter { $0.hasPrefix("FAIL") }.count == 1)
        #expect(capture.out.contains { $0.contains("invites[0].claimHash") && $0.hasPrefix("FAIL") })
    }

    @Test func assertionOverrides() {
        let file = Self.vectors.appendingPathComponent("assertion/golden.json").path
        let late = Self.run(["check", file, "--now", "1700000120"])
        #expect(late.status == 1)
        #expect(late.capture.out.first?.contains("expired") == true)
        let explicit = Self.run([
            "check", "--issuer=https://id.example.com", "--audience", "https://team.docs.example.com",
            "--kid", "key_1", "--now", "1700000000", file,
        ])
        #expect(explicit.status == 0)
    }

    @Test func unreadableAndUnknownFilesFail() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let unknown = directory.appendingPathComponent("x.json")
        try Data(#"{"x":1}"#.utf8).write(to: unknown)
        let (status, capture) = Self.run([
            "check", unknown.path, directory.appendingPathComponent("missing").path,
        ])
        #expect(status == 1)
        #expect(capture.out.filter { $0.hasPrefix("FAIL") }.count == 2)
        #expect(capture.out.contains { $0.contains("not a vector file this tool knows") })
    }

    @Test(arguments: [
        [], ["frob"], ["check"], ["check", "f", "--now", "soon"],
        ["check", "f", "--bogus", "1"], ["check", "f", "--kid"], ["make"],
        ["make", "other"], ["make", "crypto", "invites"],
        ["make", "crypto", "--now", "1"],
    ])
    func usageErrors(arguments: [String]) {
        let (status, capture) = Self.run(arguments)
        #expect(status == 2)
        #expect(capture.error.contains("USAGE: rastrillo-vectors"))
    }

    @Test(arguments: [["--help"], ["check", "--help"], ["make", "-h"]])
    func help(arguments: [String]) {
        let (status, capture) = Self.run(arguments)
        #expect(status == 0)
        #expect(capture.out.joined().contains("USAGE: rastrillo-vectors"))
    }

    @Test func makeHelpIsExact() {
        let (status, capture) = Self.run(["make", "--help"])
        #expect(status == 0)
        #expect(
            capture.out.joined(separator: "\n") == """
                OVERVIEW: Write a fresh vector file of one schema from random keys.

                Assertions are issued now. The file is for the web app's Go or JS twin to
                replay.

                USAGE: rastrillo-vectors make <kind> [--out <file>]

                ARGUMENTS:
                  <kind>                  crypto, invites, keyring or assertion.

                OPTIONS:
                  --out <file>            Write to this file instead of standard output.
                  -h, --help              Show help information.
                """)
    }

    @Test func extraArgumentIsAnExactUsageError() {
        let (status, capture) = Self.run(["make", "crypto", "extra"])
        #expect(status == 2)
        #expect(capture.out.isEmpty)
        #expect(
            capture.error == """
                error: unexpected argument 'extra'

                USAGE: rastrillo-vectors make <kind> [--out <file>]

                  See 'rastrillo-vectors make --help' for details.
                """)
    }

    @Test func bothOptionSpellingsWork() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spaced = directory.appendingPathComponent("spaced.json").path
        let joined = directory.appendingPathComponent("joined.json").path
        #expect(Self.run(["make", "keyring", "--out", spaced]).status == 0)
        #expect(Self.run(["make", "keyring", "--out=\(joined)"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: spaced))
        #expect(FileManager.default.fileExists(atPath: joined))
    }
}
