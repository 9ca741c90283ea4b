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
/// refusing bodies larger than `maxBytes` without ever holding more than that.
///
/// The body is streamed: a `Content-Length` over the limit is refused before any body byte is
/// read, and the transfer is stopped as soon as the body passes the limit, so a broken or hostile
/// server that sends an endless body cannot exhaust the app's memory. The default session also
/// gives up on a fetch that takes longer than a minute in all (``defaultConfiguration``).
public struct URLSessionManifestFetcher: ManifestFetching {
    /// The session whose configuration each fetch uses. Each fetch runs in a session of its own,
    /// made from that configuration, whose delegate stops reading at the limit; a delegate of
    /// `session` itself is not called.
    public let session: URLSession
    /// The largest body accepted.
    public let maxBytes: Int

    /// What the default session uses: ephemeral, local caches ignored (the ETag decides), and a
    /// 60-second limit on each whole fetch, so a server that trickles its answer cannot hold a
    /// fetch open.
    public static var defaultConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForResource = 60
        return configuration
    }

    /// Creates a fetcher; without a session it uses one with ``defaultConfiguration``.
    public init(session: URLSession? = nil, maxBytes: Int = 8 << 20) {
        self.session = session ?? URLSession(configuration: Self.defaultConfiguration)
        self.maxBytes = maxBytes
    }

    /// GETs `url`; throws ``ManifestLoadError/tooLarge(limit:declaredLength:)`` for a body over
    /// the limit, and the transfer's error when it fails.
    public func fetch(_ url: URL, etag: String?) async throws -> ManifestFetchResult {
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let transfer = ManifestFetchTransfer(maxBytes: maxBytes)
        let fetchSession = URLSession(configuration: session.configuration, delegate: transfer, delegateQueue: nil)
        defer { fetchSession.invalidateAndCancel() }
        let result = await withTaskCancellationHandler {
            await transfer.run(request, in: fetchSession)
        } onCancel: {
            transfer.cancel()
        }
        return try result.get()
    }
}

/// Why a fetched manifest could not even be looked at.
public enum ManifestLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body is larger than the fetcher's limit (`limit` bytes); `declaredLength` is the
    /// `Content-Length` the server announced, when it announced one (the body was then not read).
    case tooLarge(limit: Int, declaredLength: Int?)
    /// The server redirected the manifest's URL off its origin (to `target`, escaped): another
    /// scheme (https to http), host or port, a URL with credentials, or a percent-encoded host.
    case redirectedToAnotherOrigin(to: String)

    /// What happened, and what to do.
    public var description: String {
        switch self {
        case .tooLarge(let limit, let declared?):
            return "the server's manifest is \(declared) bytes, over the \(limit)-byte limit; "
                + "serve a smaller manifest or raise URLSessionManifestFetcher's maxBytes"
        case .tooLarge(let limit, nil):
            return "the server's manifest is longer than the \(limit)-byte limit (reading stopped there); "
                + "serve a smaller manifest or raise URLSessionManifestFetcher's maxBytes"
        case .redirectedToAnotherOrigin(let target):
            return "the server redirected the manifest to \(target), off its origin; serve the manifest at its own "
                + "URL (redirects are followed only on the same scheme, host and port)"
        }
    }
}
