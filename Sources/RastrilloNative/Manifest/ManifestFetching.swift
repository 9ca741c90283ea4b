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
/// Redirects are followed only on the manifest's own origin (the version check's rule).
///
/// On Linux the fetch goes through the transfers ``ServerVersionClient`` uses there (a socket
/// of its own for http, libcurl for https, trusting `SSL_CERT_FILE` when set), never through
/// FoundationNetworking's URLSession, which keeps reading and queueing a flooding body after the
/// fetch is cancelled: at most the limit plus one read (4 KiB over http, one 16 KiB libcurl
/// chunk over https) is ever received. There the session's configuration gives the deadlines:
/// `timeoutIntervalForResource` for the whole fetch, `timeoutIntervalForRequest` (at most that)
/// until the answer's head; an ETag that is not plain visible ASCII is never sent.
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
    /// the limit, ``ManifestLoadError/redirectedToAnotherOrigin(to:)`` for a redirect off its
    /// origin, `CancellationError` when the calling task is cancelled, and a
    /// ``ServerVersionError`` (``ServerVersionError/unreachable(_:reason:)`` or
    /// ``ServerVersionError/timedOut(_:phase:seconds:)``, the version check's words) when the
    /// transfer fails, on every platform.
    public func fetch(_ url: URL, etag: String?) async throws -> ManifestFetchResult {
        #if canImport(FoundationNetworking)
            return try await exchangeOnLinux(url, etag: etag).result.get()
        #else
            return try await fetchThroughURLSession(url, etag: etag)
        #endif
    }

    /// The fetch through URLSession: every fetch on Apple platforms. Tests call it directly to
    /// run this path on Linux too.
    func fetchThroughURLSession(_ url: URL, etag: String?) async throws -> ManifestFetchResult {
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let transfer = ManifestFetchTransfer(
            maxBytes: maxBytes, url: url, totalSeconds: session.configuration.timeoutIntervalForResource)
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

#if canImport(FoundationNetworking)
    extension URLSessionManifestFetcher {
        /// The fetch on Linux through ``LinuxGET`` (the version check's transfers), with the
        /// transfer's statistics for tests. `certificateAuthorityFile` (tests only) stands in for
        /// `SSL_CERT_FILE`.
        func exchangeOnLinux(
            _ url: URL, etag: String?, certificateAuthorityFile: String? = nil
        ) async -> (result: Result<ManifestFetchResult, any Error>, statistics: ServerVersionTransfer.Statistics?) {
            let configuration = session.configuration
            let total = Self.deadline(configuration.timeoutIntervalForResource)
            let options = ServerVersionClient.Options(
                connectTimeout: min(Self.deadline(configuration.timeoutIntervalForRequest), total),
                totalTimeout: total, maximumBodyLength: maxBytes)
            let rule = HTTPGetRule.manifest(url: url, etag: etag, limit: maxBytes)
            guard
                let exchange = await LinuxGET.get(
                    url, options: options, rule: rule, certificateAuthorityFile: certificateAuthorityFile)
            else {
                do { return (.success(try await fetchThroughURLSession(url, etag: etag)), nil) } catch {
                    return (.failure(error), nil)
                }
            }
            return (Self.manifestResult(exchange.answer), exchange.statistics)
        }

        /// A configuration's interval as a deadline: at most a year; one that is not a positive
        /// finite number of seconds means a minute (``defaultConfiguration``'s).
        static func deadline(_ interval: TimeInterval) -> Duration {
            guard interval.isFinite, interval > 0 else { return .seconds(60) }
            return .milliseconds(max(1, Int64(min(interval, 365 * 86_400) * 1000)))
        }

        /// A Linux transfer's answer as the fetch reports it: 200 is fresh with its ETag, 304 not
        /// modified, any other status itself; a body over the limit and a redirect off the origin
        /// are ``ManifestLoadError``s, a cancelled fetch a `CancellationError`, and any other failure
        /// the transfer's ``ServerVersionError`` (the same words as the version check's).
        static func manifestResult(
            _ answer: Result<HTTPGetAnswer, ServerVersionError>
        ) -> Result<ManifestFetchResult, any Error> {
            switch answer {
            case .success(let answer) where answer.status == 200:
                return .success(.fresh(bytes: answer.body, etag: answer.etag))
            case .success(let answer) where answer.status == 304:
                return .success(.notModified)
            case .success(let answer):
                return .success(.status(answer.status))
            case .failure(.bodyTooLarge(_, let limit, let declared)):
                return .failure(ManifestLoadError.tooLarge(limit: limit, declaredLength: declared.map { Int($0) }))
            case .failure(.redirectedToAnotherOrigin(_, let target)):
                return .failure(
                    ManifestLoadError.redirectedToAnotherOrigin(to: DiagnosticText.escaped(target.absoluteString)))
            case .failure(.cancelled):
                return .failure(CancellationError())
            case .failure(let error):
                return .failure(error)
            }
        }
    }
#endif

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
