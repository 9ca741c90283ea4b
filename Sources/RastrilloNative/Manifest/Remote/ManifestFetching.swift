import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a conditional GET of the manifest returned.
public enum ManifestFetchResult: Sendable, Equatable {
    /// 200 with a body and, when the server sent one, its ETag.
    case fresh(bytes: [UInt8], etag: String?)
    /// 304: the copy with the ETag that was sent is still current.
    case notModified
    /// Any other status.
    case status(Int)
}

/// Fetches the manifest: one conditional GET.
public protocol ManifestFetching: Sendable {
    /// GETs `url`, with `If-None-Match: etag` when `etag` is set.
    func fetch(_ url: URL, etag: String?) async throws -> ManifestFetchResult
}

/// Fetches with `URLSession`, no caching layer of its own (the loader keeps the ETag),
/// refusing bodies larger than `maxBytes`.
public struct URLSessionManifestFetcher: ManifestFetching {
    /// The session used.
    public let session: URLSession
    /// The largest body accepted.
    public let maxBytes: Int

    /// Creates a fetcher; the default session ignores local caches so the ETag decides.
    public init(session: URLSession? = nil, maxBytes: Int = 8 << 20) {
        if let session {
            self.session = session
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            self.session = URLSession(configuration: configuration)
        }
        self.maxBytes = maxBytes
    }

    /// GETs `url`; throws ``ManifestLoadError/tooLarge(_:)`` for oversized bodies.
    public func fetch(_ url: URL, etag: String?) async throws -> ManifestFetchResult {
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { return .status(0) }
        switch http.statusCode {
        case 200:
            guard data.count <= maxBytes else { throw ManifestLoadError.tooLarge(data.count) }
            return .fresh(bytes: Array(data), etag: http.value(forHTTPHeaderField: "ETag"))
        case 304: return .notModified
        default: return .status(http.statusCode)
        }
    }
}

/// Why a fetched manifest could not even be looked at.
public enum ManifestLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body exceeded the fetcher's limit.
    case tooLarge(Int)

    /// What happened.
    public var description: String {
        switch self {
        case .tooLarge(let size): return "the manifest body is \(size) bytes, over the limit"
        }
    }
}
