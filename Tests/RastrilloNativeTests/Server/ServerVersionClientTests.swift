import Foundation
import Testing

@testable import RastrilloNative

/// The version client against a real HTTP server on 127.0.0.1, through each transport: the
/// platform's own (on Linux, the socket for plain http) and URLSession, which every check uses on
/// Apple platforms and which runs here too.
///
/// Every timeout here is a hang guard of at least 60 seconds (``hangGuard``), except the two
/// timers under test, whose servers hold their answer with a gate so the timer must fire.
@Suite("ServerVersionClient over loopback", .timeLimit(.minutes(2)))
struct ServerVersionClientTests {
    /// Options whose timeouts only guard against a hang; the cap stays the default.
    static let hangGuard = ServerVersionClient.Options(connectTimeout: .seconds(60), totalTimeout: .seconds(60))

    /// How a check reaches the server.
    enum Transport: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// What ``ServerVersionClient/version(of:)-(ServerAddress)`` uses on this platform.
        case platform
        /// URLSession, as on Apple platforms.
        case urlSession

        var testDescription: String { rawValue }
    }

    /// Checks `server` (its `/api/version` below `path`) through `transport`.
    static func exchange(
        _ server: LoopbackHTTPServer, path: String = "", options: ServerVersionClient.Options = hangGuard,
        via transport: Transport
    ) async throws -> (outcome: ServerVersionTransfer.Outcome, statistics: ServerVersionTransfer.Statistics?) {
        let client = ServerVersionClient(options: options)
        let address = try ServerAddress(server.url(path).absoluteString)
        switch transport {
        case .platform: return await client.exchange(with: address)
        case .urlSession: return await client.exchangeThroughURLSession(address.versionURL)
        }
    }

    private func check(
        _ response: LoopbackResponse,
        options: ServerVersionClient.Options = hangGuard,
        via transport: Transport
    ) async throws -> (Result<ServerVersion, ServerVersionError>, LoopbackHTTPServer) {
        let server = try LoopbackHTTPServer(routes: ["/api/version": { _ in response }])
        let (result, _) = try await Self.exchange(server, options: options, via: transport)
        server.stop()
        return (result, server)
    }

    @Test(
        "good bodies of each kind",
        arguments: Transport.allCases,
        [
            ("dev", "dev"), ("v1.4.0", "tag"), ("v1.4.0-3-g1a2b3c4", "describe"),
            ("1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d", "sha"), ("nightly build", "opaque"),
        ])
    func goodBodies(transport: Transport, expected: (body: String, kind: String)) async throws {
        let (body, kind) = expected
        let (result, server) = try await check(.text(body), via: transport)
        let version = try result.get()
        #expect(version.text == body)
        #expect(version.kindName == kind)
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/api/version")
        #expect(request.header("Accept") == ServerVersionClient.acceptHeader)
    }

    @Test("a body without Content-Type (as Rastrillo sends it) is read", arguments: Transport.allCases)
    func noContentType(transport: Transport) async throws {
        let (result, _) = try await check(.bytes(Array("v2.0.0".utf8)), via: transport)
        #expect(try result.get().kind == .tag)
    }

    @Test("an HTML page is refused, by Content-Type and by content", arguments: Transport.allCases)
    func htmlPage(transport: Transport) async throws {
        let page = "<!DOCTYPE html><html><body><form action=/signin></form></body></html>"
        let (typed, server) = try await check(
            .bytes(Array(page.utf8), contentType: "text/html; charset=utf-8"), via: transport)
        #expect(typed == .failure(.notAVersion(server.url("/api/version"), .htmlPage)))
        let (untyped, other) = try await check(.text(page), via: transport)
        #expect(untyped == .failure(.notAVersion(other.url("/api/version"), .htmlPage)))
    }

    @Test("non-UTF-8, control characters and several lines are refused", arguments: Transport.allCases)
    func badBodies(transport: Transport) async throws {
        let cases: [([UInt8], ServerVersionError.BodyProblem)] = [
            ([0x76, 0x31, 0xFF, 0xFE], .notUTF8),
            (Array("v1.4.0\u{1B}[2J".utf8), .controlCharacter(0x1B)),
            (Array("v1.4.0\nv1.4.1".utf8), .multipleLines),
        ]
        for (body, problem) in cases {
            let (result, server) = try await check(.bytes(body, contentType: "text/plain"), via: transport)
            #expect(result == .failure(.notAVersion(server.url("/api/version"), problem)))
        }
    }

    @Test("404 is refused with its status", arguments: Transport.allCases)
    func notFound(transport: Transport) async throws {
        let server = try LoopbackHTTPServer(routes: [:])
        defer { server.stop() }
        let (outcome, _) = try await Self.exchange(server, via: transport)
        #expect(outcome == .failure(.unexpectedStatus(server.url("/api/version"), status: 404, errorReference: nil)))
    }

    @Test("500 with Rastrillo's JSON error carries its ref", arguments: Transport.allCases)
    func serverError(transport: Transport) async throws {
        let (result, server) = try await check(.json(#"{"status":500,"ref":"K7QWZ3"}"#, status: 500), via: transport)
        let url = server.url("/api/version")
        #expect(result == .failure(.unexpectedStatus(url, status: 500, errorReference: "K7QWZ3")))
        if case .failure(let error) = result { #expect(error.description.contains("K7QWZ3")) }
    }

    @Test("a Content-Length over the cap is refused before any body byte is read", arguments: Transport.allCases)
    func declaredTooLarge(transport: Transport) async throws {
        let gate = LoopbackGate()
        defer { gate.open() }
        // The head announces a megabyte, then the server sends nothing until the test ends:
        // an answer can only arrive if the client decides from the head alone.
        let response = LoopbackResponse(
            headers: [(name: "Content-Length", value: "1048576")], body: .bytesThenHold([], gate: gate))
        let (result, server) = try await check(response, via: transport)
        #expect(result == .failure(.bodyTooLarge(server.url("/api/version"), limit: 256, declaredLength: 1_048_576)))
    }

    @Test(
        "an endless body is cut off at the cap and the server sees the connection closed early",
        arguments: Transport.allCases)
    func endlessBody(transport: Transport) async throws {
        let server = try LoopbackHTTPServer(routes: [
            "/api/version": { _ in
                LoopbackResponse(body: .endless(chunk: Array(repeating: UInt8(ascii: "a"), count: 1024)))
            }
        ])
        defer { server.stop() }
        var options = Self.hangGuard
        options.maximumBodyLength = 64
        let (outcome, statistics) = try await Self.exchange(server, options: options, via: transport)
        #expect(outcome == .failure(.bodyTooLarge(server.url("/api/version"), limit: 64, declaredLength: nil)))
        // Held: at most the cap, although more arrived before the cancel took effect.
        let held = try #require(statistics).peakBytesHeld
        #expect(held <= 64)
        #expect(try #require(statistics).bytesReceived > 64)
        let event = try await server.waitForEvent {
            if case .clientClosedEarly = $0 { return true }
            return false
        }
        // The endless writer stopped: the client closed the connection (how many bytes
        // were in flight before the cancel took effect depends on the platform and load).
        guard case .clientClosedEarly(let path, _) = event else { return }
        #expect(path == "/api/version")
        #expect(!server.recordedEvents.contains(.answered(path: "/api/version", status: 200)))
    }

    @Test("a server that never answers hits the injected connect timeout", arguments: Transport.allCases)
    func neverAnswers(transport: Transport) async throws {
        let gate = LoopbackGate()
        defer { gate.open() }
        let response = LoopbackResponse(holdBeforeHead: gate)
        let options = ServerVersionClient.Options(connectTimeout: .milliseconds(200), totalTimeout: .seconds(60))
        let (result, server) = try await check(response, options: options, via: transport)
        #expect(result == .failure(.timedOut(server.url("/api/version"), phase: .connect, seconds: 0.2)))
        // Never waited for: on a busy machine the client can give up within its 200 ms before it has
        // written the request, and the server then never receives one (waiting for it hung a fresh
        // clone's swift-test, past the suite's time limit, since the wait cannot be cancelled).
        // Whenever it arrives, there is at most one: a timed-out check is not retried.
        #expect(server.requests.count <= 1)
    }

    @Test("a body that stalls hits the injected total timeout", arguments: Transport.allCases)
    func stallsMidBody(transport: Transport) async throws {
        let gate = LoopbackGate()
        defer { gate.open() }
        let response = LoopbackResponse(
            headers: [(name: "Content-Length", value: "10")], body: .bytesThenHold(Array("v1.".utf8), gate: gate))
        let options = ServerVersionClient.Options(connectTimeout: .seconds(60), totalTimeout: .milliseconds(300))
        let (result, server) = try await check(response, options: options, via: transport)
        #expect(result == .failure(.timedOut(server.url("/api/version"), phase: .total, seconds: 0.3)))
    }

    @Test("a redirect to another origin is refused; one on the same origin is followed", arguments: Transport.allCases)
    func redirects(transport: Transport) async throws {
        let other = try LoopbackHTTPServer(routes: ["/api/version": { _ in .text("v9.9.9") }])
        defer { other.stop() }
        let target = other.url("/api/version").absoluteString
        let (crossOrigin, server) = try await check(.redirect(to: target), via: transport)
        #expect(
            crossOrigin
                == .failure(.redirectedToAnotherOrigin(from: server.url("/api/version"), to: URL(string: target)!)))
        #expect(other.requests.isEmpty)

        // The same host and port written with credentials or percent-encoded: never followed (the
        // check would read 127.0.0.1 where the connection resolves the literal name).
        for written in ["user:secret@127.0.0.1", "%31%32%37.0.0.1"] {
            let disguised = try LoopbackHTTPServer(routes: [
                "/api/version": { request in
                    let port = request.header("Host")?.split(separator: ":").last.map(String.init) ?? ""
                    return .redirect(to: "http://\(written):\(port)/v2/api/version")
                },
                "/v2/api/version": { _ in .text("v6.6.6") },
            ])
            defer { disguised.stop() }
            let (result, _) = try await Self.exchange(disguised, via: transport)
            guard case .failure(.redirectedToAnotherOrigin) = result else {
                Issue.record("\(written): \(result)")
                continue
            }
            #expect(disguised.requests.map(\.path) == ["/api/version"])
            #expect(disguised.requests.allSatisfy { $0.header("Authorization") == nil })
        }

        let sameOrigin = try LoopbackHTTPServer(routes: [
            "/api/version": { _ in .redirect(to: "/v2/api/version") },
            "/v2/api/version": { _ in .text("v2.0.0") },
        ])
        defer { sameOrigin.stop() }
        let (followed, _) = try await Self.exchange(sameOrigin, via: transport)
        #expect(try followed.get().text == "v2.0.0")
    }

    @Test("cancelling the calling task cancels the check", arguments: Transport.allCases)
    func cancellation(transport: Transport) async throws {
        let gate = LoopbackGate()
        defer { gate.open() }
        let server = try LoopbackHTTPServer(routes: ["/api/version": { _ in LoopbackResponse(holdBeforeHead: gate) }])
        defer { server.stop() }
        let task = Task { try await Self.exchange(server, via: transport).outcome.get() }
        // Cancel only once the request has reached the server.
        _ = try await server.waitForEvent { $0 == .received(path: "/api/version") }
        task.cancel()
        await #expect(throws: ServerVersionError.cancelled(server.url("/api/version"))) { try await task.value }
    }
}
