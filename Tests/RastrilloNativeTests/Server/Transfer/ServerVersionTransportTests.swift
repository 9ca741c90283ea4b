import Foundation
import Testing

@testable import RastrilloNative

/// The version client's transport on a loaded machine, on `[::1]`, and against a flood.
@Suite("ServerVersionClient transport", .timeLimit(.minutes(3)))
struct ServerVersionTransportTests {
    /// Timeouts that only guard against a hang.
    static let hangGuard = ServerVersionClient.Options(connectTimeout: .seconds(60), totalTimeout: .seconds(60))

    /// The cause of the loopback flake (issue 14). On Linux, swift-corelibs-foundation runs
    /// URLSession's work and delegate callbacks, and the client ran its timers, on libdispatch's
    /// global pool, which Swift concurrency shares there. While CPU-bound tasks (parallel tests on
    /// a loaded machine) held every pool thread, a response head that had arrived at once waited
    /// for a thread; the connect timer, a separate job, could run first and report "did not start
    /// answering within 10 seconds". Here the thread that delivers the answer runs only after the
    /// connect deadline, as a starved one does, although the answer was written long before.
    /// Through URLSession the timer wins (timed out); the socket transfer's timeout is a `poll`
    /// deadline on the thread that reads, which sees the waiting answer first.
    @Test("an answer that arrived before the connect deadline is read, however late the reading thread runs")
    func lateDeliveryIsNotATimeout() async throws {
        let server = try LoopbackHTTPServer(routes: ["/api/version": { _ in .text("v1.4.0") }])
        defer { server.stop() }
        let address = try ServerAddress(server.url().absoluteString)
        let options = ServerVersionClient.Options(connectTimeout: .milliseconds(200), totalTimeout: .seconds(60))
        let start = Date()
        let (outcome, _) = await ServerVersionClient(options: options).exchange(with: address) {
            // The whole answer is written…
            _ = server.blockingWaitForEvent {
                if case .answered = $0 { return true }
                return false
            }
            // …and this thread runs on only well after the 200 ms connect deadline (2 s: long
            // enough for URLSession's connect timer to run first even on a busy pool).
            Thread.sleep(until: start.addingTimeInterval(2))
        }
        #expect(try outcome.get().text == "v1.4.0")
    }

    @Test("http://[::1]:port is reached (FoundationNetworking alone refuses it as a bad URL)")
    func ipv6Loopback() async throws {
        let server = try LoopbackHTTPServer(routes: ["/api/version": { _ in .text("v2.1.0") }], address: .ipv6)
        defer { server.stop() }
        #expect(server.url().absoluteString.hasPrefix("http://[::1]:"))
        let version = try await ServerVersionClient(options: Self.hangGuard).version(
            of: server.url().absoluteString)
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
        #expect(
            try await ServerVersionClient(options: Self.hangGuard).version(
                of: small.url().absoluteString
            ).text == "v1.4.0")

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
            try await ServerVersionClient(options: Self.hangGuard).version(
                of: big.url().absoluteString)
        }
    }

    @Test("nothing listening: unreachable, naming the port")
    func connectionRefused() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let url = "http://127.0.0.1:\(port)"
        do {
            _ = try await ServerVersionClient(options: Self.hangGuard).version(of: url)
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
        let (outcome, statistics) = await ServerVersionClient(options: Self.hangGuard).exchange(
            with: try ServerAddress(server.url().absoluteString))
        #expect(outcome == .failure(.bodyTooLarge(server.url("/api/version"), limit: 256, declaredLength: nil)))
        let seen = try #require(statistics)
        #expect(seen.peakBytesHeld <= 256)
        #if canImport(FoundationNetworking)
            #expect(seen.bytesReceived <= 256 + ServerVersionSocketTransfer.readChunk)
        #endif
        let event = try await server.waitForEvent {
            if case .clientClosedEarly = $0 { return true }
            return false
        }
        guard case .clientClosedEarly(_, let written) = event else { return }
        print("flood: the server wrote \(written) bytes before it saw the close; the client read \(seen.bytesReceived)")
        // The client cannot have read a byte the server did not send.
        #expect(written >= seen.bytesReceived)
    }
}
