#if canImport(FoundationNetworking) && canImport(CRastrilloCurl)
    import CRastrilloCurl
    import Foundation
    import FoundationNetworking

    /// One https GET on Linux (the version check, the manifest fetch): libcurl's multi interface,
    /// driven on the transfer's own thread, with the same ``HTTPGetRule``, caps and deadlines as
    /// ``ServerVersionSocketTransfer``.
    ///
    /// Why not URLSession there: FoundationNetworking keeps reading and queueing a flooding body
    /// after the transfer is cancelled (hundreds of MB), and runs its callbacks on the thread
    /// pool Swift concurrency shares on Linux (see ``ServerVersionSocketTransfer``). Here libcurl
    /// (the one FoundationNetworking itself uses, loaded at run time, so building needs nothing
    /// beyond Swift) does TLS, certificate and host-name verification, and HTTP/1.1 only: over
    /// HTTP/2 libcurl collects a whole head before handing any of it over and fails on its own
    /// limits with its own words, so the head would not pass through the same 16 KiB rule as
    /// on the plain-http socket. This type decides nothing of its own. Its callbacks keep the response head (at most
    /// ``HTTPResponseHead/maximumLength`` bytes) and at most the body cap; the first byte past the cap, a head
    /// that ``ServerVersionResponsePolicy`` refuses, or a cancellation stops the transfer at once,
    /// so at most one of libcurl's write chunks (``maximumWriteChunk``) is ever read past the cap.
    /// Body decoding is off: a compressed body is never inflated.
    ///
    /// Certificates are verified against libcurl's default CA bundle, or the file named by
    /// `SSL_CERT_FILE` when that is set (as OpenSSL and the `curl` tool read it), for a private CA.
    ///
    /// `@unchecked Sendable`: the mutable properties are read and written only while holding
    /// `lock`; the one outcome is a ``TransferOutcome``.
    final class ServerVersionCurlTransfer: @unchecked Sendable {
        typealias Outcome = ServerVersionSocketTransfer.Outcome

        /// The most libcurl hands the write callback at once (`CURL_MAX_WRITE_SIZE`).
        static let maximumWriteChunk = 16_384

        /// The proxy option for a request to `url`: `""` (no proxy, whatever the environment
        /// says) for a loopback host (`localhost`, `127.0.0.0/8`, `::1`), else `nil` (libcurl's
        /// own reading of `https_proxy`, `all_proxy` and `no_proxy`).
        static func proxyOverride(for url: URL) -> String? {
            guard let host = url.host(percentEncoded: true) else { return nil }
            return ServerHostKind(host: host) == .loopback ? "" : nil
        }

        /// The proxy libcurl takes from `environment` for `url`, as libcurl reads it, or `nil`:
        /// never for a loopback host (``proxyOverride(for:)``); for https `https_proxy`, then
        /// `HTTPS_PROXY`, `all_proxy`, `ALL_PROXY`; for http `http_proxy` (lowercase only), then
        /// `all_proxy`, `ALL_PROXY`; and none when `no_proxy` (or `NO_PROXY`) is `*` or names the
        /// host or a domain it ends in. The proxy's user name and password are left out.
        static func environmentProxy(for url: URL, environment: [String: String]) -> (variable: String, proxy: String)?
        {
            guard proxyOverride(for: url) == nil, let host = url.host(percentEncoded: true)?.lowercased(),
                let scheme = url.scheme?.lowercased()
            else { return nil }
            let noProxy = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
            for entry in noProxy.split(separator: ",") {
                let name = entry.trimmingCharacters(in: .whitespaces).lowercased()
                let domain = name.hasPrefix(".") ? String(name.dropFirst()) : name
                if name == "*" || (!domain.isEmpty && (host == domain || host.hasSuffix("." + domain))) { return nil }
            }
            let variables =
                scheme == "https"
                ? ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] : ["http_proxy", "all_proxy", "ALL_PROXY"]
            for variable in variables {
                guard let value = environment[variable], !value.isEmpty else { continue }
                var proxy = value
                if var parts = URLComponents(string: value), parts.user != nil || parts.password != nil {
                    parts.user = nil
                    parts.password = nil
                    proxy = parts.string ?? "(a proxy URL with a password)"
                }
                return (variable, proxy)
            }
            return nil
        }

        /// Why libcurl cannot be used in this process, or `nil` when it can.
        static let unavailableReason: String? = rastrillo_curl_load().map { String(cString: $0) }

        fileprivate let url: URL
        private let options: ServerVersionClient.Options
        fileprivate let rule: HTTPGetRule
        private let certificateAuthorityFile: String?
        private let outcome = TransferOutcome<Outcome>()
        private let lock = NSLock()
        /// The multi handle of the exchange in flight, so `finish` can wake its poll.
        private var multi: UnsafeMutableRawPointer?
        private var bodyBytesReceived = 0
        private var peakBodyBytesHeld = 0
        /// Tests only: runs on the transfer's thread where the response head is delivered.
        private let deliveryStall: (@Sendable () -> Void)?

        var statistics: ServerVersionTransfer.Statistics {
            lock.withLock {
                ServerVersionTransfer.Statistics(bytesReceived: bodyBytesReceived, peakBytesHeld: peakBodyBytesHeld)
            }
        }

        /// A GET of `url` within `options`' deadlines, asked and judged by `rule` (whose limit is
        /// the body cap); `certificateAuthorityFile` is the CA bundle to trust instead of libcurl's.
        init(
            url: URL, options: ServerVersionClient.Options, rule: HTTPGetRule,
            certificateAuthorityFile: String?,
            deliveryStall: (@Sendable () -> Void)? = nil
        ) {
            self.url = url
            self.options = options
            self.rule = rule
            self.certificateAuthorityFile = certificateAuthorityFile.flatMap { $0.isEmpty ? nil : $0 }
            self.deliveryStall = deliveryStall
        }

        /// Starts the request on its own thread and returns its one outcome.
        func run() async -> Outcome {
            await outcome.wait {
                let thread = Thread { [self] in finish(perform()) }
                thread.name = "ServerVersionCurlTransfer"
                thread.start()
            }
        }

        /// Cancels the transfer (the calling task was cancelled): the caller gets
        /// ``ServerVersionError/cancelled(_:)`` at once and the thread stops its transfer.
        func cancel() {
            finish(.failure(.cancelled(url)))
        }

        /// Delivers `result` unless an outcome was already delivered, and wakes the thread's poll.
        private func finish(_ result: Outcome) {
            guard outcome.decide(result) else { return }
            lock.withLock {
                if let multi { _ = rastrillo_curl_multi_wakeup(multi) }
            }
        }

        fileprivate func recordBody(received: Int, held: Int) {
            lock.withLock {
                bodyBytesReceived += received
                peakBodyBytesHeld = max(peakBodyBytesHeld, held)
            }
        }

        // MARK: The exchange, on the transfer's thread

        private func perform() -> Outcome {
            if let reason = Self.unavailableReason { return .failure(.unreachable(url, reason: reason)) }
            let deadlines = TransferDeadlines(startingNow: options)
            var current = url
            for _ in 0...ServerVersionResponsePolicy.maximumRedirects {
                let response = CurlResponse(transfer: self, current: current, limit: rule.limit)
                if let failure = exchange(current, response, deadlines: deadlines) { return .failure(failure) }
                if let error = response.stop { return .failure(error) }
                guard let status = response.status, response.headRead else {
                    return .failure(
                        .unreachable(url, reason: "the server closed the connection without a complete answer"))
                }
                if let redirect = response.redirect {
                    switch redirect {
                    case .success(let next): current = next
                    case .failure(let error): return .failure(error)
                    }
                    continue
                }
                return .success(HTTPGetAnswer(status: status, etag: response.etag, body: response.body.bytes))
            }
            return .failure(ServerVersionResponsePolicy.tooManyRedirects(url))
        }

        /// Runs one request to `target` until libcurl is done, a callback stopped it, a deadline
        /// passed or the transfer was cancelled. Returns the failure, or `nil` when `response`
        /// holds what happened.
        private func exchange(
            _ target: URL, _ response: CurlResponse, deadlines: TransferDeadlines
        ) -> ServerVersionError? {
            guard let easy = rastrillo_curl_easy_init() else {
                return .unreachable(url, reason: "libcurl could not start a transfer")
            }
            guard let multi = rastrillo_curl_multi_init() else {
                rastrillo_curl_easy_cleanup(easy)
                return .unreachable(url, reason: "libcurl could not start a transfer")
            }
            // libcurl's own Accept: */* is replaced by the rule's, and no Expect is ever sent (a GET).
            var headers: UnsafeMutableRawPointer?
            for field in rule.fields { headers = rastrillo_curl_slist_append(headers, "\(field.name): \(field.value)") }
            let context = Unmanaged.passRetained(response)
            defer {
                lock.withLock { self.multi = nil }
                _ = rastrillo_curl_multi_remove_handle(multi, easy)
                rastrillo_curl_easy_cleanup(easy)
                rastrillo_curl_multi_cleanup(multi)
                rastrillo_curl_slist_free_all(headers)
                context.release()
            }
            // libcurl copies every string option, so the C strings need to live only for the call.
            func set(_ option: Int, _ text: String) {
                _ = text.withCString { rastrillo_curl_setopt_pointer(easy, Int32(option), $0) }
            }
            set(RASTRILLO_CURLOPT_URL, target.absoluteString)
            set(RASTRILLO_CURLOPT_USERAGENT, "RastrilloNative")
            _ = rastrillo_curl_setopt_pointer(easy, Int32(RASTRILLO_CURLOPT_HTTPHEADER), headers)
            _ = rastrillo_curl_setopt_long(easy, Int32(RASTRILLO_CURLOPT_NOSIGNAL), 1)
            // HTTP/1.1 only: every head line reaches `HTTPResponseHead`, as on the plain-http socket.
            _ = rastrillo_curl_setopt_long(
                easy, Int32(RASTRILLO_CURLOPT_HTTP_VERSION), Int(RASTRILLO_CURL_HTTP_VERSION_1_1))
            _ = rastrillo_curl_setopt_long(easy, Int32(RASTRILLO_CURLOPT_FOLLOWLOCATION), 0)
            _ = rastrillo_curl_setopt_long(easy, Int32(RASTRILLO_CURLOPT_SSL_VERIFYPEER), 1)
            _ = rastrillo_curl_setopt_long(easy, Int32(RASTRILLO_CURLOPT_SSL_VERIFYHOST), 2)
            _ = rastrillo_curl_setopt_long(easy, Int32(RASTRILLO_CURLOPT_HTTP_CONTENT_DECODING), 0)
            // Through an https proxy (https_proxy), the proxy's CONNECT answer is not the server's head.
            _ = rastrillo_curl_setopt_long(easy, Int32(RASTRILLO_CURLOPT_SUPPRESS_CONNECT_HEADERS), 1)
            if let certificateAuthorityFile { set(RASTRILLO_CURLOPT_CAINFO, certificateAuthorityFile) }
            // Proxy environment variables (https_proxy, all_proxy) never apply to this device:
            // an empty proxy turns them off for a loopback host (docs/security.md).
            if let proxy = Self.proxyOverride(for: target) { set(RASTRILLO_CURLOPT_PROXY, proxy) }
            _ = rastrillo_curl_setopt_pointer(easy, Int32(RASTRILLO_CURLOPT_HEADERDATA), context.toOpaque())
            _ = rastrillo_curl_setopt_callback(easy, Int32(RASTRILLO_CURLOPT_HEADERFUNCTION), curlHeaderCallback)
            _ = rastrillo_curl_setopt_pointer(easy, Int32(RASTRILLO_CURLOPT_WRITEDATA), context.toOpaque())
            _ = rastrillo_curl_setopt_callback(easy, Int32(RASTRILLO_CURLOPT_WRITEFUNCTION), curlWriteCallback)

            lock.withLock { self.multi = multi }
            // Stored before the check, so a `finish` that decided first wakes it or is seen here.
            if outcome.isDecided { return .cancelled(url) }
            _ = rastrillo_curl_multi_add_handle(multi, easy)

            while true {
                var running: Int32 = 0
                _ = rastrillo_curl_multi_perform(multi, &running)
                if outcome.isDecided { return .cancelled(url) }
                if running == 0 || response.stop != nil || response.bodyStopped { break }
                let (deadline, expired) = deadlines.current(headRead: response.headRead, url: url)
                let remaining = ContinuousClock().now.duration(to: deadline)
                if remaining <= .zero { return expired }
                let milliseconds = Int32(min(remaining.secondsValue * 1000 + 1, Double(Int32.max)))
                _ = rastrillo_curl_multi_poll(multi, milliseconds)
            }
            if response.stop != nil || response.bodyStopped { return nil }
            var code: Int32 = 0
            guard rastrillo_curl_multi_done_result(multi, &code) == 1 else {
                return .unreachable(url, reason: "libcurl ended the transfer without a result")
            }
            if code == Int32(RASTRILLO_CURLE_OK) { return nil }
            if !response.headRead, let tooLong = Self.headTooLong(code: code) {
                return .unreachable(url, reason: tooLong)
            }
            let text = String(cString: rastrillo_curl_easy_strerror(code))
            let proxy = Self.environmentProxy(for: url, environment: ProcessInfo.processInfo.environment)
            return .unreachable(url, reason: Self.reason(code: code, text: text, proxy: proxy))
        }

        /// The refusal for a transfer libcurl stopped before the head was complete because one
        /// header line passed its own limit (`CURL_MAX_HTTP_HEADER`, 100 KB, far over
        /// ``HTTPResponseHead/maximumLength``): it reports that as out of memory (27, libcurl up to
        /// 8.5) or too large (100). The same words as a head the reader refuses, with the code.
        static func headTooLong(code: Int32) -> String? {
            guard code == 27 || code == 100 else { return nil }
            return "\(HTTPResponseHead.Problem.tooLong.reason) (libcurl refused a header line over its own limit, "
                + "curl error \(code))"
        }

        /// libcurl's message for `code`, with what to do for the certificate errors, and the proxy
        /// the request went through (from the environment) when one did: a dead or refusing proxy
        /// is named, not reported as the server.
        static func reason(code: Int32, text: String, proxy: (variable: String, proxy: String)? = nil) -> String {
            let route =
                proxy.map {
                    " through the proxy \($0.proxy) (set by \($0.variable)); check that proxy, or unset \($0.variable) "
                        + "or list the host in no_proxy"
                } ?? ""
            // CURLE_PEER_FAILED_VERIFICATION (60) and CURLE_SSL_CACERT_BADFILE (77).
            if code == 60 || code == 77 {
                return "its TLS certificate could not be verified (\(text), curl error \(code))\(route); "
                    + "for a private CA, set SSL_CERT_FILE to its PEM file"
            }
            return "\(text) (curl error \(code))\(route)"
        }

        fileprivate func stall() { deliveryStall?() }
    }

    /// What one libcurl request delivered to the callbacks: the head as it arrives, the capped
    /// body, and why the callbacks stopped the transfer. Touched only on the transfer's thread.
    private final class CurlResponse {
        unowned let transfer: ServerVersionCurlTransfer
        /// The URL this request asked (a redirect's `Location` is read against it).
        private let current: URL
        private let limit: Int
        private var head = HTTPResponseHead()
        private(set) var body: CappedBuffer
        /// Set when a callback refused the answer; the transfer's result.
        private(set) var stop: ServerVersionError?
        /// Where a redirect answer leads (the next URL, or the refusal), once its head is read.
        private(set) var redirect: Result<URL, ServerVersionError>?
        /// Whether the write callback stopped a body that is never read (a redirect's, or a skipped one).
        private(set) var bodyStopped = false
        /// Whether the rule said the answer is its status alone (the write callback stops the body).
        private(set) var bodySkipped = false
        private var stalled = false

        init(transfer: ServerVersionCurlTransfer, current: URL, limit: Int) {
            self.transfer = transfer
            self.current = current
            self.limit = limit
            self.body = CappedBuffer(limit: limit)
        }

        private var url: URL { transfer.url }
        /// The final head's status, once read.
        var status: Int? { head.status }
        /// Whether the final (non-1xx) head was read.
        var headRead: Bool { head.isComplete }
        /// The final head's `ETag`, once read.
        var etag: String? { head.isComplete ? head.value("ETag") : nil }

        /// One header line (the status line, a header, or the empty line that ends a head);
        /// `false` stops the transfer.
        func header(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            if !stalled {
                stalled = true
                transfer.stall()
            }
            let wasComplete = head.isComplete
            do { try head.add(line) } catch {
                stop = .unreachable(url, reason: error.reason)
                return false
            }
            guard head.isComplete, !wasComplete, let status = head.status else { return true }
            let location: String?
            do { location = try head.single("Location") } catch {
                stop = .unreachable(url, reason: error.reason)
                return false
            }
            redirect = ServerVersionResponsePolicy.redirect(
                status: status, location: location, url: url, current: current)
            if redirect != nil { return true }
            let declared: Int64?
            do { declared = try head.declaredLength() } catch {
                stop = .unreachable(url, reason: error.reason)
                return false
            }
            switch transfer.rule.decide(status, declared, head.value("Content-Type")) {
            case .refuse(let error):
                stop = error
                return false
            case .skipBody:
                bodySkipped = true
                return true
            case .readBody:
                return true
            }
        }

        /// A piece of the body; `false` stops the transfer.
        func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if stop != nil { return false }
            if redirect != nil || bodySkipped {
                bodyStopped = true
                return false
            }
            let kept = body.append(bytes)
            transfer.recordBody(received: bytes.count, held: body.bytes.count)
            guard kept else {
                stop = ServerVersionResponsePolicy.overLimit(url: url, status: status ?? 0, limit: limit)
                return false
            }
            return true
        }

    }

    /// libcurl's header callback: one line per call. Returning less than it was given stops the transfer.
    private func curlHeaderCallback(
        _ bytes: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
    ) -> Int {
        guard let bytes, let context else { return 0 }
        let response = Unmanaged<CurlResponse>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        let line = UnsafeBufferPointer(
            start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length)
        return response.header(line) ? length : 0
    }

    /// libcurl's write callback: body bytes. Returning less than it was given stops the transfer.
    private func curlWriteCallback(
        _ bytes: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
    ) -> Int {
        guard let context else { return 0 }
        let length = size * count
        guard let bytes, length > 0 else { return length }
        let response = Unmanaged<CurlResponse>.fromOpaque(context).takeUnretainedValue()
        let chunk = UnsafeBufferPointer(
            start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length)
        return response.write(chunk) ? length : 0
    }
#endif
