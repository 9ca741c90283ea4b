import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One manifest GET in flight, as the delegate of its own session: streams the body into a buffer
/// that never grows past the limit, and stops the transfer once the `Content-Length` or the body
/// passes it. Delivers exactly one result (``TransferOutcome``).
///
/// `@unchecked Sendable`: URLSession calls the delegate on its own queue while `run` and `cancel`
/// run elsewhere; every mutable property is read and written only while holding `lock`.
final class ManifestFetchTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Outcome = Result<ManifestFetchResult, any Error>

    private let maxBytes: Int
    private let url: URL
    private let totalSeconds: Double
    private let outcome = TransferOutcome<Outcome>()
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var response: HTTPURLResponse?
    private var body: CappedBuffer

    /// A GET of `url` holding at most `maxBytes` of body; `totalSeconds` is the session's limit
    /// on the whole fetch, named when it passes.
    init(maxBytes: Int, url: URL, totalSeconds: Double) {
        self.maxBytes = maxBytes
        self.url = url
        self.totalSeconds = totalSeconds
        self.body = CappedBuffer(limit: maxBytes)
    }

    /// Starts the GET and returns its one outcome.
    func run(_ request: URLRequest, in session: URLSession) async -> Outcome {
        await outcome.wait {
            let task = session.dataTask(with: request)
            lock.withLock { self.task = task }
            // Stored before the check, so a `finish` that decided first cancels it or is seen here.
            if !outcome.isDecided { task.resume() }
        }
    }

    /// Cancels the GET (the calling task was cancelled).
    func cancel() {
        finish(.failure(CancellationError()))
    }

    /// Delivers `result` unless one was delivered already, and cancels the task.
    private func finish(_ result: Outcome) {
        guard outcome.decide(result) else { return }
        lock.withLock { task }?.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            finish(.success(.status(0)))
            return
        }
        switch http.statusCode {
        case 200 where http.expectedContentLength > Int64(maxBytes):
            completionHandler(.cancel)
            finish(
                .failure(ManifestLoadError.tooLarge(limit: maxBytes, declaredLength: Int(http.expectedContentLength))))
        case 200:
            lock.withLock { self.response = http }
            completionHandler(.allow)
        case 304:
            completionHandler(.cancel)
            finish(.success(.notModified))
        default:
            completionHandler(.cancel)
            finish(.success(.status(http.statusCode)))
        }
    }

    /// A redirect is followed only on the manifest's own origin (``ServerVersionResponsePolicy``'s
    /// rule: no downgrade to http, no other host or port, no credentials, no percent-encoded host).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let original = task.originalRequest?.url, let target = request.url,
            ServerVersionResponsePolicy.allowsRedirect(from: original, to: target)
        else {
            completionHandler(nil)
            finish(
                .failure(
                    ManifestLoadError.redirectedToAnotherOrigin(
                        to: DiagnosticText.escaped(request.url?.absoluteString ?? "?"))))
            return
        }
        completionHandler(request)
    }

    /// A transport failure in the words the Linux transfers use (``ServerVersionError``, as the
    /// version check reports it): a timeout names the limit, a cancellation is a
    /// `CancellationError`, anything else says the server could not be reached and why.
    static func transportError(_ error: any Error, url: URL, totalSeconds: Double) -> any Error {
        switch (error as? URLError)?.code {
        case .timedOut?: return ServerVersionError.timedOut(url, phase: .total, seconds: totalSeconds)
        case .cancelled?: return CancellationError()
        default: return ServerVersionError.unreachable(url, reason: error.localizedDescription)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if outcome.isDecided { return }
        let kept = lock.withLock { body.append(data) }
        if !kept { finish(.failure(ManifestLoadError.tooLarge(limit: maxBytes, declaredLength: nil))) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(.failure(Self.transportError(error, url: url, totalSeconds: totalSeconds)))
            return
        }
        let (response, body) = lock.withLock { (self.response, self.body.bytes) }
        guard let response else {
            finish(.success(.status(0)))
            return
        }
        finish(.success(.fresh(bytes: body, etag: response.value(forHTTPHeaderField: "ETag"))))
    }
}
