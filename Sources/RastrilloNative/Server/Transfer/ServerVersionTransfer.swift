import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One version request in flight: the URLSession delegate that streams the
/// body into a capped buffer, enforces the timeouts and the redirect rule,
/// and delivers exactly one result (``TransferOutcome``). Decisions come from
/// ``ServerVersionResponsePolicy``; this type only carries them out.
///
/// `@unchecked Sendable`: URLSession calls the delegate on its own queue while
/// `run`, `cancel` and the timers run elsewhere; every mutable property is
/// read and written only while holding `lock`.
final class ServerVersionTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Outcome = Result<ServerVersion, ServerVersionError>

    private let url: URL
    private let options: ServerVersionClient.Options
    private let outcome = TransferOutcome<Outcome>()
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var status: Int?
    private var buffer: CappedBuffer
    private var bytesReceived = 0

    /// What the transfer saw, for tests: every body byte URLSession delivered,
    /// and the most ever held (never more than the cap).
    struct Statistics: Equatable {
        var bytesReceived: Int
        var peakBytesHeld: Int
    }

    var statistics: Statistics {
        lock.withLock { Statistics(bytesReceived: bytesReceived, peakBytesHeld: buffer.bytes.count) }
    }

    /// Tests only: runs where the response head is delivered, before the transfer looks at it.
    private let deliveryStall: (@Sendable () -> Void)?

    init(url: URL, options: ServerVersionClient.Options, deliveryStall: (@Sendable () -> Void)? = nil) {
        self.url = url
        self.options = options
        self.deliveryStall = deliveryStall
        self.buffer = CappedBuffer(limit: options.maximumBodyLength)
    }

    /// Starts the request and returns its one outcome.
    func run(_ request: URLRequest, in session: URLSession) async -> Outcome {
        await outcome.wait {
            let task = session.dataTask(with: request)
            lock.withLock { self.task = task }
            // Stored before the check, so a `finish` that decided first cancels it or is seen here.
            guard !outcome.isDecided else { return }
            schedule(after: options.connectTimeout) { [weak self] in self?.connectTimerFired() }
            schedule(after: options.totalTimeout) { [weak self] in
                self?.finish(
                    .failure(
                        .timedOut(
                            self?.url ?? URL(fileURLWithPath: "/"), phase: .total,
                            seconds: self?.options.totalTimeout.secondsValue ?? 0)))
            }
            task.resume()
        }
    }

    /// Cancels the transfer (the calling task was cancelled).
    func cancel() {
        finish(.failure(.cancelled(url)))
    }

    private func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + delay.secondsValue, execute: action)
    }

    private func connectTimerFired() {
        let answered = lock.withLock { status != nil }
        if !answered {
            finish(.failure(.timedOut(url, phase: .connect, seconds: options.connectTimeout.secondsValue)))
        }
    }

    /// Delivers `result` unless an outcome was already delivered, and cancels the task.
    private func finish(_ result: Outcome) {
        guard outcome.decide(result) else { return }
        lock.withLock { task }?.cancel()
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        deliveryStall?()
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            finish(.failure(.unreachable(url, reason: "the answer is not HTTP")))
            return
        }
        let declared = http.expectedContentLength >= 0 ? http.expectedContentLength : nil
        let decision = ServerVersionResponsePolicy.decide(
            url: url,
            status: http.statusCode,
            declaredLength: declared,
            contentType: http.value(forHTTPHeaderField: "Content-Type"),
            limit: options.maximumBodyLength
        )
        lock.withLock { status = http.statusCode }
        switch decision {
        case .readBody:
            completionHandler(.allow)
        case .refuse(let error):
            // Answer URLSession first; `finish` then cancels the task (a no-op if already cancelled).
            completionHandler(.cancel)
            finish(.failure(error))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let decided = outcome.isDecided
        let overflowStatus: Int? = lock.withLock {
            bytesReceived += data.count
            guard !decided else { return nil }
            return buffer.append(data) ? nil : (status ?? 0)
        }
        guard let overflowStatus else { return }
        finish(
            .failure(
                ServerVersionResponsePolicy.overLimit(
                    url: url, status: overflowStatus, limit: options.maximumBodyLength)))
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let target = request.url, ServerVersionResponsePolicy.allowsRedirect(from: url, to: target) else {
            let target = request.url ?? url
            // Answer URLSession before cancelling: it expects the redirect callback to complete first.
            completionHandler(nil)
            finish(.failure(.redirectedToAnotherOrigin(from: url, to: target)))
            return
        }
        lock.withLock { status = nil }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(.failure(mapTransportError(error)))
            return
        }
        let (status, body) = lock.withLock { (self.status, buffer.bytes) }
        guard let status else {
            finish(.failure(.unreachable(url, reason: "the server closed the connection without answering")))
            return
        }
        finish(
            ServerVersionResponsePolicy.finish(url: url, status: status, body: body, limit: options.maximumBodyLength))
    }

    private func mapTransportError(_ error: any Error) -> ServerVersionError {
        let code = (error as? URLError)?.code
        if code == .timedOut {
            let answered = lock.withLock { status != nil }
            return .timedOut(url, phase: answered ? .total : .connect, seconds: options.totalTimeout.secondsValue)
        }
        if code == .cancelled { return .cancelled(url) }
        return .unreachable(url, reason: error.localizedDescription)
    }
}
