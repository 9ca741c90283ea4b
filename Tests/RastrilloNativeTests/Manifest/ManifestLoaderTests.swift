import Foundation
import RastrilloNative
import Testing

/// Scripted fetch results (including a thrown error, which a server cannot
/// produce), recording the ETags sent; the loopback suite below uses a real server.
final class ScriptedFetcher: ManifestFetching, @unchecked Sendable {
    // @unchecked: `answers` and `sentETags` are only touched while holding `lock`.
    private let lock = NSLock()
    private var answers: [Result<ManifestFetchResult, ManifestLoadError>]
    private var sent: [String?] = []

    init(_ answers: [Result<ManifestFetchResult, ManifestLoadError>]) { self.answers = answers }

    var sentETags: [String?] { lock.withLock { sent } }

    func fetch(_ url: URL, etag: String?) async throws -> ManifestFetchResult {
        try lock.withLock {
            sent.append(etag)
            return try answers.removeFirst().get()
        }
    }
}

@Suite("ManifestLoader: bundled → cached → fresh")
struct ManifestLoaderTests {
    static let url = URL(string: "https://app.example.com/app-manifest.json")!

    static func manifest(_ destination: String) -> [UInt8] {
        Array(
            ManifestFixtures.manifest(destinations: ManifestFixtures.destination(destination, "/\(destination)")).utf8)
    }

    static func cache() -> FileManifestCache {
        FileManifestCache(directory: FileManager.default.temporaryDirectory.appendingPathComponent("mcache-\(UUID())"))
    }

    @Test("a fresh valid manifest is accepted, cached with its ETag, and revalidated next time")
    func freshThenNotModified() async throws {
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let first = ScriptedFetcher([.success(.fresh(bytes: Self.manifest("fresh"), etag: "\"v2\""))])
        let report = try await ManifestLoader(
            bundled: Self.manifest("bundled"), remoteURL: Self.url, cache: cache, fetcher: first
        )
        .load()
        #expect(report.origin == .fresh)
        #expect(report.manifest.destinations.map(\.id) == ["fresh"])
        #expect(report.notes == [.bundledLoaded, .noCache, .freshLoaded(etag: "\"v2\"")])
        #expect(first.sentETags == [nil])

        let second = ScriptedFetcher([.success(.notModified)])
        let again = try await ManifestLoader(
            bundled: Self.manifest("bundled"), remoteURL: Self.url, cache: cache, fetcher: second
        )
        .load()
        #expect(again.origin == .cached)
        #expect(again.manifest.destinations.map(\.id) == ["fresh"])
        #expect(again.notes == [.bundledLoaded, .cachedLoaded(etag: "\"v2\""), .notModified])
        #expect(second.sentETags == ["\"v2\""])
    }

    @Test(
        "an invalid or unsupported fresh manifest is refused whole; the previous one stays",
        arguments: [
            Array(#"{"schemaVersion": 2, "app": {"name": "T"}, "origins": [], "destinations": []}"#.utf8),
            Array(
                ManifestFixtures.manifest(
                    destinations: ManifestFixtures.destination("a", "/x/{p}") + ","
                        + ManifestFixtures.destination("b", "/x/{q}")
                ).utf8),
            Array("<html>login</html>".utf8),
            Array(
                #"{"schemaVersion": 1, "app": {"name": "T"}, "origins": [{"origin": "https://a.example"}], "destinations": [], "extra": 1}"#
                    .utf8),
        ])
    func refusedFresh(bytes: [UInt8]) async throws {
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let fetcher = ScriptedFetcher([.success(.fresh(bytes: bytes, etag: "\"bad\""))])
        let report = try await ManifestLoader(
            bundled: Self.manifest("bundled"), remoteURL: Self.url, cache: cache, fetcher: fetcher
        )
        .load()
        #expect(report.origin == .bundled)
        #expect(report.manifest.destinations.map(\.id) == ["bundled"])
        guard case .freshRefused(let why) = report.notes.last else {
            Issue.record("\(report.notes)")
            return
        }
        #expect(!why.isEmpty)
        #expect(cache.read(Self.url) == nil)
    }

    @Test("server errors and fetch failures keep the cached manifest and say why")
    func failuresKeepCache() async throws {
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        try cache.write(CachedManifest(url: Self.url.absoluteString, etag: "\"v1\"", bytes: Self.manifest("cached")))
        for answer: Result<ManifestFetchResult, ManifestLoadError> in [
            .success(.status(500)), .failure(.tooLarge(limit: 8 << 20, declaredLength: 99_999_999)),
        ] {
            let report = try await ManifestLoader(
                bundled: Self.manifest("bundled"), remoteURL: Self.url, cache: cache, fetcher: ScriptedFetcher([answer])
            ).load()
            #expect(report.origin == .cached)
            #expect(report.manifest.destinations.map(\.id) == ["cached"])
            #expect(report.notes.count == 3)
        }
    }

    @Test("a corrupt cached copy is discarded and reported; the cache is keyed by the full URL")
    func cacheKeying() async throws {
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        try cache.write(CachedManifest(url: Self.url.absoluteString, etag: "\"x\"", bytes: Array("{".utf8)))
        let other = URL(string: "https://other.example.com/app-manifest.json")!
        try cache.write(CachedManifest(url: other.absoluteString, etag: "\"o\"", bytes: Self.manifest("other")))
        let report = try await ManifestLoader(
            bundled: Self.manifest("bundled"), remoteURL: Self.url, cache: cache,
            fetcher: ScriptedFetcher([.success(.notModified)])
        ).load()
        #expect(report.origin == .bundled)
        guard case .cachedRefused = report.notes[1] else {
            Issue.record("\(report.notes)")
            return
        }
        #expect(cache.read(Self.url) == nil)
        #expect(cache.read(other)?.etag == "\"o\"")
    }

    @Test("an invalid bundled manifest is a thrown ManifestError")
    func invalidBundled() async {
        await #expect(throws: ManifestError.self) {
            _ = try await ManifestLoader(
                bundled: Array("{}".utf8), remoteURL: Self.url, cache: Self.cache(), fetcher: ScriptedFetcher([])
            ).load()
        }
    }
}

@Suite("ManifestLoader over a real loopback server")
struct ManifestLoaderLoopbackTests {
    @Test("200 with ETag, then 304 for If-None-Match, then a refused manifest and a 500 keep the cached copy")
    func loopback() async throws {
        let fresh = ManifestLoaderTests.manifest("fresh")
        let invalid = Array(
            #"{"schemaVersion": 1, "app": {"name": "T"}, "origins": [], "destinations": [], "x": 1}"#.utf8)
        let server = try LoopbackHTTPServer(routes: [
            "/app-manifest.json": { request in
                request.header("If-None-Match") == "\"v1\""
                    ? LoopbackResponse(status: 304)
                    : .bytes(fresh, contentType: "application/json", headers: [(name: "ETag", value: "\"v1\"")])
            },
            "/invalid.json": { _ in
                .bytes(invalid, contentType: "application/json", headers: [(name: "ETag", value: "\"x\"")])
            },
            "/broken.json": { _ in .text("oops", status: 500) },
        ])
        defer { server.stop() }
        let cache = ManifestLoaderTests.cache()
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let bundled = ManifestLoaderTests.manifest("bundled")
        let url = server.url("/app-manifest.json")

        let first = try await ManifestLoader(bundled: bundled, remoteURL: url, cache: cache).load()
        #expect(first.origin == .fresh)
        #expect(first.notes == [.bundledLoaded, .noCache, .freshLoaded(etag: "\"v1\"")])
        #expect(first.manifest.destinations.map(\.id) == ["fresh"])

        let second = try await ManifestLoader(bundled: bundled, remoteURL: url, cache: cache).load()
        #expect(second.origin == .cached)
        #expect(second.notes == [.bundledLoaded, .cachedLoaded(etag: "\"v1\""), .notModified])
        #expect(server.requests.last?.header("If-None-Match") == "\"v1\"")

        let refused = try await ManifestLoader(bundled: bundled, remoteURL: server.url("/invalid.json"), cache: cache)
            .load()
        #expect(refused.origin == .bundled)
        guard case .freshRefused = refused.notes.last else {
            Issue.record("\(refused.notes)")
            return
        }
        #expect(cache.read(server.url("/invalid.json")) == nil)

        let broken = try await ManifestLoader(bundled: bundled, remoteURL: server.url("/broken.json"), cache: cache)
            .load()
        #expect(broken.notes.last == .freshRefused("HTTP 500"))
        // The first URL's entry is untouched by the other URLs (full-URL keys).
        #expect(cache.read(url)?.etag == "\"v1\"")
    }

    @Test(
        "a redirect off the manifest's origin is refused before it is followed; one on it is followed",
        arguments: [
            ("localhost", "http://localhost:PORT/app-manifest.json"),
            ("credentials", "http://user:secret@HOST/app-manifest.json"),
            ("percent-encoded host", "http://%31%32%37.0.0.1:PORT/app-manifest.json"),
            ("another port", "http://127.0.0.1:1/app-manifest.json"),
            ("https", "https://HOST/app-manifest.json"),
        ])
    func redirectsStayOnTheOrigin(label: String, target: String) async throws {
        let fresh = ManifestLoaderTests.manifest("fresh")
        let server = try LoopbackHTTPServer(routes: [
            "/moved.json": { request in
                let host = request.header("Host") ?? ""
                let port = host.split(separator: ":").last.map(String.init) ?? ""
                return .redirect(
                    to: target.replacingOccurrences(of: "HOST", with: host).replacingOccurrences(of: "PORT", with: port)
                )
            },
            "/same.json": { _ in .redirect(to: "/app-manifest.json") },
            "/app-manifest.json": { _ in .bytes(fresh, contentType: "application/json") },
        ])
        defer { server.stop() }
        let fetcher = URLSessionManifestFetcher(maxBytes: 100_000)
        do {
            let fetched = try await fetcher.fetch(server.url("/moved.json"), etag: nil)
            Issue.record("\(label): the redirect was followed: \(fetched)")
        } catch let error as ManifestLoadError {
            guard case .redirectedToAnotherOrigin = error else {
                Issue.record("\(label): \(error)")
                return
            }
            #expect(error.description.contains("off its origin"))
        }
        #expect(server.requests.map(\.path) == ["/moved.json"], "\(label): the target was never asked")
        #expect(server.requests.allSatisfy { $0.header("Authorization") == nil })
        #expect(try await fetcher.fetch(server.url("/same.json"), etag: nil) == .fresh(bytes: fresh, etag: nil))
    }

    /// A broken or hostile server must not exhaust the app's memory: the body is streamed and the
    /// transfer stops at the limit. (The fetcher used to buffer the whole body before checking its
    /// size, so an endless body was read until memory ran out.)
    @Test("an endless body stops at the limit; a Content-Length over it is refused before the body")
    func oversized() async throws {
        let chunk = Array(repeating: UInt8(ascii: " "), count: 65_536)
        let json: [(name: String, value: String)] = [(name: "Content-Type", value: "application/json")]
        let fitting = Array(repeating: UInt8(ascii: " "), count: 100_000)
        let server = try LoopbackHTTPServer(routes: [
            "/endless.json": { _ in LoopbackResponse(headers: json, body: .endless(chunk: chunk)) },
            "/declared.json": { _ in
                LoopbackResponse(
                    headers: json + [(name: "Content-Length", value: "99999999")], body: .endless(chunk: chunk))
            },
            "/fits.json": { _ in .bytes(fitting, contentType: "application/json") },
        ])
        defer { server.stop() }
        let fetcher = URLSessionManifestFetcher(maxBytes: 100_000)

        await #expect(throws: ManifestLoadError.tooLarge(limit: 100_000, declaredLength: nil)) {
            try await fetcher.fetch(server.url("/endless.json"), etag: nil)
        }
        await #expect(throws: ManifestLoadError.tooLarge(limit: 100_000, declaredLength: 99_999_999)) {
            try await fetcher.fetch(server.url("/declared.json"), etag: nil)
        }
        // The client closed both connections while the server was still writing.
        for path in ["/endless.json", "/declared.json"] {
            let event = try await server.waitForEvent {
                if case .clientClosedEarly(path, _) = $0 { return true }
                return false
            }
            guard case .clientClosedEarly(_, let written) = event else { continue }
            print("manifest flood \(path): the server wrote \(written) bytes before the client closed")
        }
        // A body of exactly the limit is accepted.
        #expect(try await fetcher.fetch(server.url("/fits.json"), etag: nil) == .fresh(bytes: fitting, etag: nil))

        // Through the loader: the previous manifest stays in force and the note says what to do.
        let cache = ManifestLoaderTests.cache()
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let report = try await ManifestLoader(
            bundled: ManifestLoaderTests.manifest("bundled"), remoteURL: server.url("/endless.json"), cache: cache,
            fetcher: fetcher
        ).load()
        #expect(report.origin == .bundled)
        #expect(report.notes.last?.description.contains("raise URLSessionManifestFetcher's maxBytes") == true)
    }
}
