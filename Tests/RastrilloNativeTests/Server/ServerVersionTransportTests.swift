import Foundation
import Testing

@testable import RastrilloNative

/// Set once by the transfer's thread, read by spinning tasks.
private final class Flag: @unchecked Sendable {
    // @unchecked Sendable: `value` and `count` are only touched while holding `lock`.
    private let lock = NSLock()
    private var value = false
    private var count = 0

    var isSet: Bool { lock.withLock { value } }
    var started: Int { lock.withLock { count } }
    func set() { lock.withLock { value = true } }
    func start() { lock.withLock { count += 1 } }
}

/// The version client's transport on a loaded machine, on `[::1]`, and against a flood.
@Suite("ServerVersionClient transport", .timeLimit(.minutes(3)))
struct ServerVersionTransportTests {
    /// The cause of the loopback flake (issue 14): on Linux, URLSession's work and delegate
    /// callbacks and the client's timers run on libdispatch's global pool, which Swift
    /// concurrency shares. Tasks that keep every pool thread busy (CPU-bound tests running in
    /// parallel on a loaded machine) held the response head in a queue; the connect timer,
    /// queued on the same pool, could then run first and report "did not start answering
    /// within 10 seconds". Here one spinning task per core holds every pool thread until the
    /// check has an outcome. The check must reach it while they spin: before the fix it could
    /// not (the spinners ran into their 60-second hang guard and the test failed).
    @Test("a check finishes while CPU-bound tasks hold every thread of the shared pool")
    func finishesWhilePoolIsBusy() async throws {
        let server = try LoopbackHTTPServer(routes: ["/api/version": { _ in .text("v1.4.0") }])
        defer { server.stop() }
        let address = try ServerAddress(server.url().absoluteString)
        let decided = Flag()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let spinners = (0..<cores).map { _ in
            Task.detached(priority: .high) { () -> Bool in
                decided.start()
                let guardDeadline = ContinuousClock.now + .seconds(60)  // hang guard only
                while !decided.isSet {
                    if ContinuousClock.now > guardDeadline { return false }
                }
                return true
            }
        }
        // Hold this thread too until the other spinners run, so the check starts on a full pool.
        let startGuard = ContinuousClock.now + .seconds(60)
        while decided.started < cores - 1 && ContinuousClock.now < startGuard {}
        let (outcome, _) = await ServerVersionClient().exchange(with: address) { _ in decided.set() }
        var reachedWhileBusy = true
        for spinner in spinners where await !spinner.value { reachedWhileBusy = false }
        #expect(reachedWhileBusy, "the check could not finish while the pool was busy")
        #expect(try outcome.get().text == "v1.4.0")
    }

    @Test("http://[::1]:port is reached (FoundationNetworking alone refuses it as a bad URL)")
    func ipv6Loopback() async throws {
        let server = try LoopbackHTTPServer(routes: ["/api/version": { _ in .text("v2.1.0") }], address: .ipv6)
        defer { server.stop() }
        #expect(server.url().absoluteString.hasPrefix("http://[::1]:"))
        let version = try await ServerVersionClient().version(of: server.url().absoluteString)
        #expect(version.text == "v2.1.0")
        #expect(server.requests.first?.header("Host") == "[::1]:\(server.port)")
    }

    @Test("a chunked body is read; a chunked body over the cap is refused")
    func chunked() async throws {
        let small = try LoopbackHTTPServer(routes: [
            "/api/version": { _ in
                LoopbackResponse(
                    headers: [(name: "Transfer-Encoding", value: "chunked")],
                    body: .bytes(Array("3\r\nv1.\r\n3\r\n4.0\r\n0\r\n\r\n".utf8)))
            }
        ])
        defer { small.stop() }
        #expect(try await ServerVersionClient().version(of: small.url().absoluteString).text == "v1.4.0")

        let big = try LoopbackHTTPServer(routes: [
            "/api/version": { _ in
                LoopbackResponse(
                    headers: [(name: "Transfer-Encoding", value: "chunked")],
                    body: .bytes(Array(("200\r\n" + String(repeating: "a", count: 512) + "\r\n0\r\n\r\n").utf8)))
            }
        ])
        defer { big.stop() }
        await #expect(throws: ServerVersionError.bodyTooLarge(big.url("/api/version"), limit: 256, declaredLength: nil))
        {
            try await ServerVersionClient().version(of: big.url().absoluteString)
        }
    }

    @Test("nothing listening: unreachable, naming the port")
    func connectionRefused() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let url = "http://127.0.0.1:\(port)"
        do {
            _ = try await ServerVersionClient().version(of: url)
            Issue.record("a closed port answered")
        } catch {
            guard case .unreachable(_, let reason) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(reason.contains("port \(port)"), "\(reason)")
        }
    }

    /// Issue 15, item 7: while a server floods `/api/version`, the client holds at most the cap
    /// plus one read buffer of body, then closes the connection. The server counts what it
    /// managed to write before it saw the close (most of it sat in the kernel's socket buffers,
    /// never in the client). The process's peak memory is checked by `make version-flood-memory`.
    @Test("a flooding server: at most the cap plus one read buffer is read, then the connection is closed")
    func flood() async throws {
        let server = try LoopbackHTTPServer(routes: [
            "/api/version": { _ in
                LoopbackResponse(body: .endless(chunk: Array(repeating: UInt8(ascii: "v"), count: 65_536)))
            }
        ])
        defer { server.stop() }
        let (outcome, statistics) = await ServerVersionClient().exchange(
            with: try ServerAddress(server.url().absoluteString))
        #expect(outcome == .failure(.bodyTooLarge(server.url("/api/version"), limit: 256, declaredLength: nil)))
        let seen = try #require(statistics)
        #expect(seen.peakBytesHeld <= 256)
        #if canImport(FoundationNetworking)
            #expect(seen.bytesReceived <= 256 + ServerVersionSocketTransfer.readChunk)
        #endif
        let event = await server.waitForEvent {
            if case .clientClosedEarly = $0 { return true }
            return false
        }
        guard case .clientClosedEarly(_, let written) = event else { return }
        print("flood: the server wrote \(written) bytes before it saw the close; the client read \(seen.bytesReceived)")
        #expect(written > seen.bytesReceived)
    }
}
