#if os(Linux)
    import Foundation
    import RastrilloTestSupport
    import Testing

    @testable import RastrilloNative

    /// https on Linux goes through libcurl on the transfer's own thread
    /// (``ServerVersionCurlTransfer``), against a real TLS server on 127.0.0.1 (Python's `ssl`,
    /// `Tests/Fixtures/tls`): verified certificates, the body cap under a flood, redirects,
    /// deadlines and cancellation.
    @Suite("ServerVersionClient over https on Linux", .timeLimit(.minutes(3)))
    struct ServerVersionHTTPSTransferTests {
        /// `Tests/Fixtures/tls`, from `Tests/RastrilloNativeTests/Server/Transfer/`.
        static let fixtures = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/tls")
        static let loopbackCA = fixtures.appendingPathComponent("loopback-cert.pem").path
        static let hangGuard = ServerVersionTransportTests.hangGuard

        func check(
            _ server: TLSTestServer, options: ServerVersionClient.Options = hangGuard,
            certificateAuthorityFile: String = loopbackCA
        ) async throws -> (ServerVersionTransfer.Outcome, ServerVersionTransfer.Statistics?) {
            try await ServerVersionClient(options: options).exchange(
                with: ServerAddress("https://127.0.0.1:\(server.port)"),
                certificateAuthorityFile: certificateAuthorityFile)
        }

        @Test("libcurl loads, so https on Linux does not fall back to URLSession")
        func libcurlLoads() {
            #expect(ServerVersionCurlTransfer.unavailableReason == nil)
        }

        @Test(
            "proxy environment variables never apply to this device; other hosts keep libcurl's reading",
            arguments: [
                ("https://127.0.0.1:8443/api/version", "" as String?), ("https://127.9.9.9/api/version", ""),
                ("https://localhost:8443/api/version", ""), ("https://[::1]:8443/api/version", ""),
                ("https://app.example.com/api/version", nil), ("https://192.168.1.20/api/version", nil),
            ])
        func proxyNeverForLoopback(url: String, proxy: String?) throws {
            #expect(ServerVersionCurlTransfer.proxyOverride(for: try #require(URL(string: url))) == proxy)
        }

        @Test(
            "the proxy libcurl takes from the environment, as libcurl reads it, never for this device",
            arguments: [
                ("https://app.example.com/", ["https_proxy": "http://p:3128"], "https_proxy http://p:3128"),
                ("https://app.example.com/", ["HTTPS_PROXY": "http://p:3128"], "HTTPS_PROXY http://p:3128"),
                ("https://app.example.com/", ["all_proxy": "socks5://p:1080"], "all_proxy socks5://p:1080"),
                ("https://app.example.com/", ["https_proxy": "http://u:secret@p:3128"], "https_proxy http://p:3128"),
                ("https://app.example.com/", ["https_proxy": "http://p:3128", "no_proxy": "example.com"], nil),
                ("https://app.example.com/", ["https_proxy": "http://p:3128", "no_proxy": ".example.com"], nil),
                ("https://app.example.com/", ["https_proxy": "http://p:3128", "NO_PROXY": "*"], nil),
                (
                    "https://app.example.com/", ["https_proxy": "http://p:3128", "no_proxy": "ample.com"],
                    "https_proxy http://p:3128"
                ),
                ("https://127.0.0.1:8443/", ["https_proxy": "http://p:3128"], nil),
                ("http://app.example.com/", ["HTTP_PROXY": "http://p:3128"], nil),
                ("http://app.example.com/", ["http_proxy": "http://p:3128"], "http_proxy http://p:3128"),
                ("https://app.example.com/", [:], nil),
            ] as [(String, [String: String], String?)])
        func environmentProxy(url: String, environment: [String: String], expected: String?) throws {
            let found = ServerVersionCurlTransfer.environmentProxy(
                for: try #require(URL(string: url)), environment: environment)
            #expect(found.map { "\($0.variable) \($0.proxy)" } == expected)
        }

        @Test("a failure through a proxy names the proxy and the variable that set it")
        func failureThroughAProxyNamesIt() {
            let reason = ServerVersionCurlTransfer.reason(
                code: 7, text: "Couldn't connect to server", proxy: ("https_proxy", "http://127.0.0.1:9"))
            #expect(
                reason
                    == "Couldn't connect to server (curl error 7) through the proxy http://127.0.0.1:9 (set by "
                    + "https_proxy); check that proxy, or unset https_proxy or list the host in no_proxy")
            #expect(ServerVersionCurlTransfer.reason(code: 7, text: "x") == "x (curl error 7)")
        }

        /// End to end: libcurl really goes through the proxy the environment names (a dead one
        /// here), and the refusal names it. The variable is set for this process only while the
        /// request runs; every other test's requests are to loopback, where no proxy applies.
        @Test("a dead proxy from https_proxy is named in the refusal, not reported as the server")
        func deadProxyIsNamed() async throws {
            let port = try LoopbackHTTPServer.closedPort()
            setenv("https_proxy", "http://127.0.0.1:\(port)", 1)
            defer { unsetenv("https_proxy") }
            do {
                _ = try await ServerVersionClient(options: Self.hangGuard).version(
                    of: "https://app.example.invalid")
                Issue.record("a request through a dead proxy answered")
            } catch {
                guard case .unreachable(_, let reason) = error else {
                    Issue.record("expected unreachable, got \(error)")
                    return
                }
                #expect(reason.contains("through the proxy http://127.0.0.1:\(port) (set by https_proxy)"), "\(reason)")
                // libcurl connected to the proxy, not the server: a connection refused (7), where a
                // request that ignored the proxy could not resolve the .invalid name (6).
                #expect(reason.contains("(curl error 7)"), "\(reason)")
            }
        }

        @Test("without libcurl the check is refused saying what to install, never run through URLSession")
        func withoutLibcurlNoSilentFallback() throws {
            let url = try #require(URL(string: "https://app.example.com/api/version"))
            #expect(ServerVersionClient.withoutCurl(url, unavailableReason: nil) == nil)
            let refusal = ServerVersionClient.withoutCurl(
                url, unavailableReason: "libcurl.so.4 could not be loaded (it comes with FoundationNetworking)")
            guard case .unreachable(let refused, let reason)? = refusal else {
                Issue.record("\(String(describing: refusal))")
                return
            }
            #expect(refused == url)
            #expect(reason.contains("libcurl.so.4 could not be loaded"))
            #expect(reason.contains("apt-get install libcurl4"))
        }

        @Test(
            "a version over TLS, with the server's CA trusted",
            .enabled(if: CrossLanguageOracles.enabled, "needs python3 (the TLS server): make swift-oracles runs it"))
        func version() async throws {
            let server = try TLSTestServer(mode: "version")
            defer { server.stop() }
            let (outcome, _) = try await check(server)
            #expect(try outcome.get().text == "v1.4.0")
        }

        @Test(
            "a certificate from another CA is refused, and the error says how to trust a private CA",
            .enabled(if: CrossLanguageOracles.enabled, "needs python3 (the TLS server): make swift-oracles runs it"))
        func untrustedCertificate() async throws {
            let server = try TLSTestServer(mode: "version")
            defer { server.stop() }
            let unrelated = Self.fixtures.appendingPathComponent("unrelated-ca.pem").path
            let (outcome, _) = try await check(server, certificateAuthorityFile: unrelated)
            guard case .failure(.unreachable(_, let reason)) = outcome else {
                Issue.record("expected unreachable, got \(outcome)")
                return
            }
            #expect(reason.contains("TLS certificate could not be verified"), "\(reason)")
            #expect(reason.contains("SSL_CERT_FILE"), "\(reason)")
        }

        /// Issue 15, item 7, for https: the client keeps at most the cap and reads at most one of
        /// libcurl's write chunks past it, then closes the connection. The server counts what it
        /// managed to send before it saw the close (usually far more: the kernel's socket buffers).
        @Test(
            "a flooding TLS server: at most the cap plus one write chunk is read, then the connection is closed",
            .enabled(if: CrossLanguageOracles.enabled, "needs python3 (the TLS server): make swift-oracles runs it"))
        func flood() async throws {
            let server = try TLSTestServer(mode: "flood")
            defer { server.stop() }
            let url = URL(string: "https://127.0.0.1:\(server.port)/api/version")!
            let (outcome, statistics) = try await check(server)
            #expect(outcome == .failure(.bodyTooLarge(url, limit: 256, declaredLength: nil)))
            let seen = try #require(statistics)
            #expect(seen.peakBytesHeld <= 256)
            #expect(seen.bytesReceived <= 256 + ServerVersionCurlTransfer.maximumWriteChunk)
            let written = try server.nextWritten()
            print(
                "https flood: the server wrote \(written) bytes before it saw the close; the client read \(seen.bytesReceived)"
            )
            // The client cannot have read a byte the server did not send.
            #expect(written >= seen.bytesReceived)
        }

        @Test(
            "a redirect to another origin is refused without reading its (endless) body",
            .enabled(if: CrossLanguageOracles.enabled, "needs python3 (the TLS server): make swift-oracles runs it"))
        func redirectAway() async throws {
            let server = try TLSTestServer(mode: "redirect")
            defer { server.stop() }
            let (outcome, statistics) = try await check(server)
            #expect(
                outcome
                    == .failure(
                        .redirectedToAnotherOrigin(
                            from: URL(string: "https://127.0.0.1:\(server.port)/api/version")!,
                            to: URL(string: "https://elsewhere.example/api/version")!)))
            #expect(statistics?.bytesReceived == 0)
        }

        /// Issue 31: over HTTP/2, libcurl gathered a head of 100 × 1 KB headers itself and failed
        /// with its own words ("partial file", "failure when receiving data"). libcurl is asked for
        /// HTTP/1.1 only, so even a server that prefers h2 answers a head the reader sees line by
        /// line, refused in the same words as over plain http.
        @Test(
            "a head over 16 KiB from a server that prefers HTTP/2 is refused as too long: libcurl offers HTTP/1.1 only",
            .enabled(if: CrossLanguageOracles.enabled, "needs python3 (the TLS server): make swift-oracles runs it"))
        func longHeadFromAServerPreferringHTTP2() async throws {
            let server = try TLSTestServer(mode: "bighead")
            defer { server.stop() }
            let (outcome, _) = try await check(server)
            #expect(try server.agreedProtocol() == "http/1.1")
            guard case .failure(.unreachable(_, let reason)) = outcome else {
                Issue.record("expected unreachable, got \(outcome)")
                return
            }
            #expect(reason == HTTPResponseHead.Problem.tooLong.reason)
        }

        @Test(
            "one header line over libcurl's own limit is refused as a head too long, with libcurl's code",
            .enabled(if: CrossLanguageOracles.enabled, "needs python3 (the TLS server): make swift-oracles runs it"))
        func giantHeaderLine() async throws {
            let server = try TLSTestServer(mode: "giantline")
            defer { server.stop() }
            let (outcome, _) = try await check(server)
            guard case .failure(.unreachable(_, let reason)) = outcome else {
                Issue.record("expected unreachable, got \(outcome)")
                return
            }
            #expect(reason.hasPrefix(HTTPResponseHead.Problem.tooLong.reason + " (libcurl refused"), "\(reason)")
        }

        @Test("only libcurl's header-limit codes read as a head too long")
        func headTooLongCodes() {
            #expect(ServerVersionCurlTransfer.headTooLong(code: 27) != nil)
            #expect(ServerVersionCurlTransfer.headTooLong(code: 100) != nil)
            #expect(ServerVersionCurlTransfer.headTooLong(code: 18) == nil)
            #expect(ServerVersionCurlTransfer.headTooLong(code: 56) == nil)
        }

        @Test(
            "a server that completes TLS and never answers: the connect deadline",
            .enabled(if: CrossLanguageOracles.enabled, "needs python3 (the TLS server): make swift-oracles runs it"))
        func silent() async throws {
            let server = try TLSTestServer(mode: "silent")
            defer { server.stop() }
            let options = ServerVersionClient.Options(connectTimeout: .milliseconds(300), totalTimeout: .seconds(60))
            let (outcome, _) = try await check(server, options: options)
            guard case .failure(.timedOut(_, let phase, _)) = outcome else {
                Issue.record("expected a timeout, got \(outcome)")
                return
            }
            #expect(phase == .connect)
        }

        @Test(
            "cancelling the calling task mid-request ends the check with cancelled and closes the connection",
            .enabled(if: CrossLanguageOracles.enabled, "needs python3 (the TLS server): make swift-oracles runs it"))
        func cancelled() async throws {
            let server = try TLSTestServer(mode: "silent")
            defer { server.stop() }
            let task = Task { try await check(server) }
            // Waits on a thread of its own: the check's task needs the pool to start.
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                Thread { continuation.resume(with: Result { try server.waitForRequest() }) }.start()
            }
            task.cancel()
            let (outcome, _) = try await task.value
            guard case .failure(.cancelled) = outcome else {
                Issue.record("expected cancelled, got \(outcome)")
                return
            }
            // The transfer's thread woke from its poll and closed the connection.
            #expect(try server.nextWritten() == 0)
        }
    }

    /// `Tests/Fixtures/tls/tls_server.py <mode>` as a ``ChildProcess``: always ended and reaped.
    final class TLSTestServer: @unchecked Sendable {
        let process: ChildProcess
        let port: Int
        private var pending = Data()

        enum ServerError: Error {
            case unexpectedLine(String)
        }

        init(mode: String) throws {
            let script = ServerVersionHTTPSTransferTests.fixtures.appendingPathComponent("tls_server.py").path
            process = try ChildProcess(["python3", "-u", script, mode], errorOutput: .discard)
            let line = Self.line(from: process, pending: &pending)
            guard line.hasPrefix("port "), let port = Int(line.dropFirst(5)) else {
                process.stop()
                throw ServerError.unexpectedLine(line)
            }
            self.port = port
        }

        /// Returns once the server has read a request.
        func waitForRequest() throws {
            let line = nextLine()
            guard line == "request" else { throw ServerError.unexpectedLine(line) }
        }

        /// The protocol the next connection agreed by ALPN (modes `bighead` and `giantline`).
        func agreedProtocol() throws -> String {
            let line = nextLine()
            guard line.hasPrefix("alpn ") else { throw ServerError.unexpectedLine(line) }
            return String(line.dropFirst(5))
        }

        /// The body bytes the server wrote on the next connection that ended.
        func nextWritten() throws -> Int {
            var line = nextLine()
            while line == "request" { line = nextLine() }
            guard line.hasPrefix("written "), let count = Int(line.dropFirst(8)) else {
                throw ServerError.unexpectedLine(line)
            }
            return count
        }

        private func nextLine() -> String { Self.line(from: process, pending: &pending) }

        /// The next line of the server's output ("" once it has ended).
        private static func line(from process: ChildProcess, pending: inout Data) -> String {
            while true {
                if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...end)
                    return line
                }
                let chunk = process.output.availableData
                if chunk.isEmpty { return String(decoding: pending, as: UTF8.self) }
                pending.append(chunk)
            }
        }

        func stop() { process.stop() }
    }
#endif
