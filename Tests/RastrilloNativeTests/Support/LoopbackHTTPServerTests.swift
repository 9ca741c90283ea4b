import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test server itself: request parsing, the log, and handlers that read
/// request headers (what an ETag-aware loader needs).
@Suite("LoopbackHTTPServer", .timeLimit(.minutes(1)))
struct LoopbackHTTPServerTests {
    @Test("parses the request line, query and headers")
    func parseHead() throws {
        let head = "GET /app/manifest.json?v=2 HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: \"abc\"\r\nAccept:  */*"
        let request = try #require(LoopbackHTTPServer.parseHead(Array(head.utf8)))
        #expect(request.method == "GET")
        #expect(request.path == "/app/manifest.json")
        #expect(request.query == "v=2")
        #expect(request.header("if-none-match") == "\"abc\"")
        #expect(request.header("Accept") == "*/*")
        #expect(LoopbackHTTPServer.parseHead(Array("NOT HTTP".utf8)) == nil)
    }

    @Test("a handler sees request headers and can answer 304 to a matching If-None-Match")
    func etag() async throws {
        let server = try LoopbackHTTPServer(routes: [
            "/manifest.json": { request in
                if request.header("If-None-Match") == "\"v1\"" {
                    return LoopbackResponse(status: 304, headers: [(name: "ETag", value: "\"v1\"")])
                }
                return .bytes(
                    Array("{}".utf8), contentType: "application/json", headers: [(name: "ETag", value: "\"v1\"")])
            }
        ])
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: server.url("/manifest.json"))
        request.cachePolicy = .reloadIgnoringLocalCacheData
        let (_, first) = try await session.data(for: request)
        let firstHTTP = try #require(first as? HTTPURLResponse)
        #expect(firstHTTP.statusCode == 200)
        #expect(firstHTTP.value(forHTTPHeaderField: "ETag") == "\"v1\"")
        request.setValue("\"v1\"", forHTTPHeaderField: "If-None-Match")
        let (_, second) = try await session.data(for: request)
        #expect((second as? HTTPURLResponse)?.statusCode == 304)
        #expect(server.requests.map(\.path) == ["/manifest.json", "/manifest.json"])
        #expect(server.requests.last?.header("If-None-Match") == "\"v1\"")
    }
}
