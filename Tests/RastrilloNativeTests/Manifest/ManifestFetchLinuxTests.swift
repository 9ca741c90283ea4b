#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
    import RastrilloTestSupport
    import Testing

    @testable import RastrilloNative

    /// On Linux the manifest fetch goes through the version check's transfers (a socket for http,
    /// libcurl for https), never FoundationNetworking's URLSession: against real loopback servers,
    /// a flood is read no further than the limit plus one read, an ETag from a server cannot add a
    /// header, and the query is asked as written.
    @Suite("URLSessionManifestFetcher on Linux", .timeLimit(.minutes(3)))
    struct ManifestFetchLinuxTests {
        static func result(
            _ fetch: () async throws -> ManifestFetchResult
        ) async -> Result<ManifestFetchResult, any Error> {
            do { return .success(try await fetch()) } catch { return .failure(error) }
        }

        static let json: [(name: String, value: String)] = [(name: "Content-Type", value: "application/json")]

        /// Issue 31: through URLSession a flooding server cost 592 MB against the 8 MB cap.
        @Test(
            "a flood over http: at most the limit is held and one 4 KiB read past it received, then the connection closes"
        )
        func floodOverHTTP() async throws {
            let chunk = Array(repeating: UInt8(ascii: " "), count: 65_536)
            let server = try LoopbackHTTPServer(routes: [
                "/endless.json": { _ in LoopbackResponse(headers: Self.json, body: .endless(chunk: chunk)) }
            ])
            defer { server.stop() }
            let fetcher = URLSessionManifestFetcher(maxBytes: 100_000)
            let (result, statistics) = await fetcher.exchangeOnLinux(server.url("/endless.json"), etag: nil)
            #expect(throws: ManifestLoadError.tooLarge(limit: 100_000, declaredLength: nil)) { try result.get() }
            let seen = try #require(statistics)
            #expect(seen.peakBytesHeld <= 100_000)
            #expect(seen.bytesReceived <= 100_000 + ServerVersionSocketTransfer.readChunk)
            let event = try await server.waitForEvent {
                if case .clientClosedEarly("/endless.json", _) = $0 { return true }
                return false
            }
            guard case .clientClosedEarly(_, let written) = event else { return }
            #expect(written >= seen.bytesReceived)
        }

        @Test(
            "a flood over https: at most the limit is held and one 16 KiB libcurl chunk past it received",
            .enabled(if: CrossLanguageOracles.enabled, "needs python3 (the TLS server): make swift-oracles runs it"))
        func floodOverHTTPS() async throws {
            let server = try TLSTestServer(mode: "flood")
            defer { server.stop() }
            let fetcher = URLSessionManifestFetcher(maxBytes: 100_000)
            let (result, statistics) = await fetcher.exchangeOnLinux(
                try #require(URL(string: "https://127.0.0.1:\(server.port)/app-manifest.json")), etag: nil,
                certificateAuthorityFile: ServerVersionHTTPSTransferTests.loopbackCA)
            #expect(throws: ManifestLoadError.tooLarge(limit: 100_000, declaredLength: nil)) { try result.get() }
            let seen = try #require(statistics)
            #expect(seen.peakBytesHeld <= 100_000)
            #expect(seen.bytesReceived <= 100_000 + ServerVersionCurlTransfer.maximumWriteChunk)
            #expect(try server.nextWritten() >= seen.bytesReceived)
        }

        @Test(
            "a body over https is fresh, read through libcurl with the private CA trusted",
            .enabled(if: CrossLanguageOracles.enabled, "needs python3 (the TLS server): make swift-oracles runs it"))
        func freshOverHTTPS() async throws {
            let server = try TLSTestServer(mode: "version")
            defer { server.stop() }
            let (result, _) = await URLSessionManifestFetcher().exchangeOnLinux(
                try #require(URL(string: "https://127.0.0.1:\(server.port)/app-manifest.json")), etag: nil,
                certificateAuthorityFile: ServerVersionHTTPSTransferTests.loopbackCA)
            #expect(try result.get() == .fresh(bytes: Array("v1.4.0".utf8), etag: nil))
        }

        @Test("an ETag that could end its line is never sent; a plain one is, and the query is asked as written")
        func etagAndQuery() async throws {
            let server = try LoopbackHTTPServer(routes: [
                "/app-manifest.json": { request in
                    request.header("If-None-Match") == "W/\"v1\""
                        ? LoopbackResponse(status: 304)
                        : .bytes(
                            Array("{}".utf8), contentType: "application/json",
                            headers: [(name: "ETag", value: "W/\"v1\"")])
                }
            ])
            defer { server.stop() }
            let fetcher = URLSessionManifestFetcher()
            let url = try #require(URL(string: server.url("/app-manifest.json").absoluteString + "?v=2&x=%2F"))
            #expect(try await fetcher.fetch(url, etag: nil) == .fresh(bytes: Array("{}".utf8), etag: "W/\"v1\""))
            #expect(try await fetcher.fetch(url, etag: "W/\"v1\"") == .notModified)
            let hostile = "\"v1\"\r\nX-Injected: 1"
            #expect(try await fetcher.fetch(url, etag: hostile) == .fresh(bytes: Array("{}".utf8), etag: "W/\"v1\""))
            let requests = server.requests
            #expect(requests.map(\.query) == ["v=2&x=%2F", "v=2&x=%2F", "v=2&x=%2F"])
            #expect(requests.map { $0.header("If-None-Match") } == [nil, "W/\"v1\"", nil])
            #expect(requests.allSatisfy { $0.header("X-Injected") == nil })
            #expect(requests.allSatisfy { $0.header("Accept") == "application/json" })
        }

        @Test("a header field value is safe to send only as visible ASCII, spaces and tabs")
        func safeFieldValues() throws {
            #expect(HTTPGetRule.isSafeFieldValue("W/\"abc-123\" \t"))
            for unsafe in ["a\rb", "a\nb", "a\u{0}b", "caf\u{E9}", "a\u{7F}", "\u{2028}"] {
                #expect(!HTTPGetRule.isSafeFieldValue(unsafe), "\(unsafe.debugDescription)")
            }
            let url = try #require(URL(string: "https://app.example.com/app-manifest.json"))
            let rule = HTTPGetRule.manifest(url: url, etag: "\"v1\"\r\nX-Injected: 1", limit: 10)
            #expect(rule.fields == [HTTPField(name: "Accept", value: "application/json")])
        }

        @Test("only a 200 body is read; a declared length over the limit is refused before the body")
        func manifestRule() throws {
            let url = try #require(URL(string: "https://app.example.com/app-manifest.json"))
            let rule = HTTPGetRule.manifest(url: url, etag: nil, limit: 10)
            #expect(rule.decide(200, nil, nil) == .readBody)
            #expect(rule.decide(200, 10, nil) == .readBody)
            #expect(rule.decide(200, 11, nil) == .refuse(.bodyTooLarge(url, limit: 10, declaredLength: 11)))
            #expect(rule.decide(304, nil, nil) == .skipBody)
            #expect(rule.decide(500, 99, "text/html") == .skipBody)
        }

        @Test(
            "a session's intervals become the deadlines; one that is not a positive finite number is a minute",
            arguments: [
                (5.0, Duration.seconds(5)), (0.25, .milliseconds(250)), (0, .seconds(60)), (-1, .seconds(60)),
                (.nan, .seconds(60)), (.infinity, .seconds(60)), (1e12, .seconds(365 * 86_400)),
            ] as [(TimeInterval, Duration)])
        func deadlines(interval: TimeInterval, expected: Duration) {
            #expect(URLSessionManifestFetcher.deadline(interval) == expected)
        }

        @Test("a scheme other than http and https is refused, naming it, before anything is sent")
        func otherScheme() async throws {
            let (result, statistics) = await URLSessionManifestFetcher().exchangeOnLinux(
                try #require(URL(string: "ftp://127.0.0.1/app-manifest.json")), etag: nil)
            #expect(statistics == nil)
            #expect(throws: ServerVersionError.self) { try result.get() }
        }

        /// Issue 31 asks one error vocabulary across transports: URLSession (Apple platforms) and
        /// the Linux transfers report a dead server and a silent one in the same words.
        @Test("a closed port and a silent server fail in the version check's words on both paths")
        func oneErrorVocabulary() async throws {
            let gate = LoopbackGate()
            defer { gate.open() }
            let server = try LoopbackHTTPServer(routes: [
                "/silent.json": { _ in LoopbackResponse(holdBeforeHead: gate) }
            ])
            defer { server.stop() }
            let configuration = URLSessionManifestFetcher.defaultConfiguration
            configuration.timeoutIntervalForRequest = 1
            configuration.timeoutIntervalForResource = 1
            let fetcher = URLSessionManifestFetcher(session: URLSession(configuration: configuration))
            let closed = try #require(URL(string: "http://127.0.0.1:\(try LoopbackHTTPServer.closedPort())/m.json"))
            let silent = server.url("/silent.json")

            let linuxClosed = await fetcher.exchangeOnLinux(closed, etag: nil).result
            let sessionClosed = await Self.result { try await fetcher.fetchThroughURLSession(closed, etag: nil) }
            for result in [linuxClosed, sessionClosed] {
                guard case .failure(ServerVersionError.unreachable(let url, _)) = result else {
                    Issue.record("a closed port: \(result)")
                    continue
                }
                #expect(url == closed)
            }
            let linuxSilent = await fetcher.exchangeOnLinux(silent, etag: nil).result
            let sessionSilent = await Self.result { try await fetcher.fetchThroughURLSession(silent, etag: nil) }
            for result in [linuxSilent, sessionSilent] {
                guard case .failure(ServerVersionError.timedOut(let url, _, let seconds)) = result else {
                    Issue.record("a silent server: \(result)")
                    continue
                }
                #expect(url == silent)
                #expect(seconds == 1)
            }
        }

        /// The URLSession path is every fetch on Apple platforms; run here too so it stays covered.
        @Test("through URLSession (Apple platforms' path): 200 with ETag, then 304, then a refused redirect")
        func throughURLSession() async throws {
            let fresh = Array("{}".utf8)
            let server = try LoopbackHTTPServer(routes: [
                "/app-manifest.json": { request in
                    request.header("If-None-Match") == "\"v1\""
                        ? LoopbackResponse(status: 304)
                        : .bytes(fresh, contentType: "application/json", headers: [(name: "ETag", value: "\"v1\"")])
                },
                "/away.json": { _ in .redirect(to: "http://localhost:1/app-manifest.json") },
            ])
            defer { server.stop() }
            let fetcher = URLSessionManifestFetcher()
            let url = server.url("/app-manifest.json")
            #expect(try await fetcher.fetchThroughURLSession(url, etag: nil) == .fresh(bytes: fresh, etag: "\"v1\""))
            #expect(try await fetcher.fetchThroughURLSession(url, etag: "\"v1\"") == .notModified)
            await #expect(throws: ManifestLoadError.self) {
                try await fetcher.fetchThroughURLSession(server.url("/away.json"), etag: nil)
            }
        }
    }
#endif
