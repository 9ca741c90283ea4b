import Foundation
import RastrilloTestSupport
import Testing

@testable import RastrilloNativeCLI

/// Runs the CLI on its own thread: a command that fetches blocks its thread while the transfer
/// runs on the concurrency pool, so it must not run on a pool thread.
private func cli(_ arguments: [String]) async -> (Int32, CapturedOutput) {
    let io = CapturedOutput()
    let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
        Thread.detachNewThread { continuation.resume(returning: CLI.main(arguments, io: io.output)) }
    }
    return (status, io)
}

@Suite("version command", .timeLimit(.minutes(2)))
struct VersionCommandTests {
    @Test(
        "prints the version and its kind from a real server (python3 http.server on 127.0.0.1)",
        .enabled(if: CrossLanguageOracles.enabled, "needs python3 (http.server): make swift-oracles runs it"))
    func realServer() async throws {
        let root = try CompanionFixture.temporaryFolder()
        defer { CompanionFixture.removeTemporary(root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("api"), withIntermediateDirectories: true)
        try Data("v1.4.0-3-g1a2b3c4".utf8).write(to: root.appendingPathComponent("api/version"))
        let server = try PythonFileServer(root: root)
        defer { server.stop() }
        // Timeouts of 60 s: hang guards only (the CLI's defaults are 10 and 30 s).
        let guards = ["--connect-timeout", "60", "--timeout", "60"]
        let (status, io) = await cli(["version", "http://127.0.0.1:\(server.port)"] + guards)
        #expect(status == 0, "\(io.stderr)")
        #expect(io.stdout == "version: v1.4.0-3-g1a2b3c4\nkind: describe (3 commits after v1.4.0, at 1a2b3c4)")

        let (missing, missingIO) = await cli(["version", "http://127.0.0.1:\(server.port)/nothing-here"] + guards)
        #expect(missing == 1)
        #expect(missingIO.stderr.contains("answered 404 instead of 200"))
    }

    @Test("usage errors exit 2; failures exit 1 with an actionable message")
    func errors() async {
        let (noURL, noURLIO) = await cli(["version"])
        #expect(noURL == 2)
        #expect(noURLIO.stderr.hasPrefix("error: missing argument '<server-url>'\n"))
        let (badTimeout, badTimeoutIO) = await cli(["version", "https://example.com", "--timeout", "soon"])
        #expect(badTimeout == 2)
        #expect(badTimeoutIO.stderr.contains("--timeout needs a number of seconds"))
        let (badURL, badURLIO) = await cli(["version", "ftp://example.com"])
        #expect(badURL == 2)
        #expect(badURLIO.stderr.contains("the scheme 'ftp' is not https or http"))
        let (insecure, insecureIO) = await cli(["version", "http://example.com"])
        #expect(insecure == 1)
        #expect(insecureIO.stderr.contains("Use https"))
    }
}

/// `python3 -m http.server` on 127.0.0.1, port chosen by the OS, as a ``ChildProcess``
/// (so it starts with a clear signal mask and ``stop()`` always ends and reaps it).
final class PythonFileServer {
    let process: ChildProcess
    let port: Int

    init(root: URL) throws {
        process = try ChildProcess(
            ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", root.path],
            errorOutput: .discard)
        // The first line is "Serving HTTP on 127.0.0.1 port N (http://127.0.0.1:N/) ...".
        var buffer = Data()
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = process.output.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer, as: UTF8.self)
        guard let range = line.range(of: " port "),
            let port = Int(line[range.upperBound...].prefix { $0.isNumber })
        else {
            process.stop()
            throw ServerError.noPort(line)
        }
        self.port = port
    }

    /// Ends the server and reaps it.
    func stop() { process.stop() }

    enum ServerError: Error {
        case noPort(String)
    }
}

@Suite("manifest check <url>", .timeLimit(.minutes(2)))
struct ManifestCheckURLTests {
    @Test(
        "checks the manifest a real server serves (python3 http.server), and says when it serves none",
        .enabled(if: CrossLanguageOracles.enabled, "needs python3 (http.server): make swift-oracles runs it"))
    func servedManifest() async throws {
        let root = try CompanionFixture.temporaryFolder()
        defer { CompanionFixture.removeTemporary(root) }
        let source = CompanionFixture.repositoryRoot.appendingPathComponent(
            "examples/manifest-plugin/Sources/AppRoutes/app-manifest.json")
        try FileManager.default.copyItem(at: source, to: root.appendingPathComponent("app-manifest.json"))
        try Data(#"{"schemaVersion": 1, "x": 1}"#.utf8).write(to: root.appendingPathComponent("broken.json"))
        let server = try PythonFileServer(root: root)
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"

        let (status, io) = await cli(["manifest", "check", "\(base)/app-manifest.json"])
        #expect(status == 0, "\(io.stderr)")
        #expect(
            io.stdout == "\(base)/app-manifest.json: valid (3 destinations, 1 command, 1 capability, 0 bridge actions)")

        let (broken, brokenIO) = await cli(["manifest", "check", "\(base)/broken.json"])
        #expect(broken == 1)
        #expect(brokenIO.stderr.hasPrefix("\(base)/broken.json:"), "\(brokenIO.stderr)")

        let (missing, missingIO) = await cli(["manifest", "check", "\(base)/nothing-here.json"])
        #expect(missing == 1)
        #expect(missingIO.stderr.contains("answered HTTP 404"), "\(missingIO.stderr)")
    }

    @Test("plain http to another host is refused before anything is sent; a URL without a host is named")
    func refusals() async {
        let (insecure, insecureIO) = await cli(["manifest", "check", "http://app.example.com/app-manifest.json"])
        #expect(insecure == 1)
        #expect(insecureIO.stderr.contains("is plain http to another host; use https"), "\(insecureIO.stderr)")
        let (hostless, hostlessIO) = await cli(["manifest", "check", "https:///app-manifest.json"])
        #expect(hostless == 1)
        #expect(hostlessIO.stderr.contains("has no host"), "\(hostlessIO.stderr)")
    }
}
