import Foundation
import RastrilloNative

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `rastrillo-bench drip`: a server that drips a 16,000-byte response head one byte per packet
/// (`Benchmarks/drip-server.py`, in a process of its own), read by the version check and by the
/// manifest fetch over http and https, through the package's public API (on Linux: the socket
/// transfer for http, libcurl for https). For each it prints the client's CPU time (the whole
/// process's, the server being elsewhere) for the dripped head and, measured in the same run,
/// for the same head sent in one write, and their ratio. Goal (issue 48): the dripped head under
/// 0.5 s of CPU.
enum DripBench {
    static let goalSeconds = 0.5

    /// The server of `mode` (`http` or `https`), started with `$PYTHON` (or `python3`).
    final class Server {
        let process = Process()
        /// The server's stdin: it ends at EOF, so it never outlives this process.
        let input = Pipe()
        let port: Int

        init(mode: String) throws {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("drip-server.py").path
            let python = ProcessInfo.processInfo.environment["PYTHON"] ?? "python3"
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [python, script, mode]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = input
            try process.run()
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first,
                first != UInt8(ascii: "\n")
            {
                line.append(first)
            }
            let text = String(decoding: line, as: UTF8.self)
            guard text.hasPrefix("port "), let port = Int(text.dropFirst(5)) else {
                process.terminate()
                throw BenchError("drip-server.py \(mode) did not print its port (got '\(text)'); is \(python) on PATH?")
            }
            self.port = port
        }

        /// Ends the server: its stdin closes (it exits at EOF), and SIGKILL besides. SIGTERM is not
        /// enough (a child of Foundation's `Process` on Linux was seen to survive it), and nothing
        /// waits for it: `waitUntilExit` was seen to hang there once the main thread had returned.
        deinit {
            try? input.fileHandleForWriting.close()
            kill(process.processIdentifier, SIGKILL)
        }
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// One GET: the version check (`version`) or the manifest fetch (`manifest`) of `base` + `/drip`
    /// or `/once`; throws what the client threw.
    static func get(_ kind: String, base: String, shape: String) async throws {
        switch kind {
        case "version":
            let client = ServerVersionClient(
                options: .init(connectTimeout: .seconds(120), totalTimeout: .seconds(240)))
            _ = try await client.version(of: ServerAddress("\(base)/\(shape)"))
        default:
            let configuration = URLSessionManifestFetcher.defaultConfiguration
            configuration.timeoutIntervalForRequest = 120
            configuration.timeoutIntervalForResource = 240
            let fetcher = URLSessionManifestFetcher(session: URLSession(configuration: configuration))
            guard let url = URL(string: "\(base)/\(shape)/app-manifest.json") else { return }
            _ = try await fetcher.fetch(url, etag: nil)
        }
    }

    /// The process's CPU seconds for one GET.
    static func cpuSeconds(_ kind: String, base: String, shape: String) async throws -> Double {
        let start = ProcessCPUClock.nanoseconds()
        try await get(kind, base: base, shape: shape)
        return Double(ProcessCPUClock.nanoseconds() - start) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// Prints `line` and flushes it: each figure shows as soon as it is measured.
    static func say(_ line: String) {
        print(line)
        fflush(nil)
    }

    @MainActor static func run() async {
        // DRIP_RUNS=1 for a quick look; the median of 3 by default.
        let drips = max(1, Int(ProcessInfo.processInfo.environment["DRIP_RUNS"] ?? "") ?? 3)
        let certificate = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/tls/loopback-cert.pem").path
        setenv("SSL_CERT_FILE", certificate, 1)
        say("the client's CPU for a 16,000-byte head dripped one byte per packet vs the same head in one write")
        say("(medians: 5 one-write GETs, \(drips) dripped; the server runs in a process of its own)")
        say("  transport  GET       one write ms  dripped ms  dripped/one write  µs per dripped byte")
        var goals: [BenchGoal] = []
        for mode in ["http", "https"] {
            let server: Server
            do { server = try Server(mode: mode) } catch {
                print("drip: \(error)")
                goals.append(
                    BenchGoal(
                        name: "\(mode) drip", measured: "not run", baseline: nil, ratio: nil, goal: "ran", met: false))
                continue
            }
            let base = "\(mode)://127.0.0.1:\(server.port)"
            for kind in ["version", "manifest"] {
                do {
                    try await get(kind, base: base, shape: "once")  // warm-up: libcurl, TLS, the first allocation
                    var once: [Double] = []
                    for _ in 0..<5 { once.append(try await cpuSeconds(kind, base: base, shape: "once")) }
                    var dripped: [Double] = []
                    for _ in 0..<drips { dripped.append(try await cpuSeconds(kind, base: base, shape: "drip")) }
                    let baseline = median(once)
                    let measured = median(dripped)
                    let ratio = measured / max(baseline, 1e-9)
                    say(
                        "  "
                            + [
                                mode.padding(toLength: 9, withPad: " ", startingAt: 0),
                                kind.padding(toLength: 8, withPad: " ", startingAt: 0),
                                String(format: "%12.2f", baseline * 1000), String(format: "%10.1f", measured * 1000),
                                String(format: "%17.1fx", ratio), String(format: "%20.2f", measured * 1e6 / 16_000),
                            ].joined(separator: "  "))
                    goals.append(
                        BenchGoal(
                            name: "\(mode) \(kind), dripped 16 KB head",
                            measured: String(format: "%.3f s CPU", measured),
                            baseline: String(format: "%.4f s CPU for the head in one write", baseline),
                            ratio: String(format: "%.1fx", ratio), goal: "< \(goalSeconds) s CPU",
                            met: measured < goalSeconds))
                } catch {
                    print("drip: \(mode) \(kind) failed: \(error)")
                    goals.append(
                        BenchGoal(
                            name: "\(mode) \(kind) drip", measured: "failed", baseline: nil, ratio: nil, goal: "ran",
                            met: false))
                }
            }
        }
        BenchGoal.report(goals)
    }
}
