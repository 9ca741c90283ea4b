#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// One plain-http GET on Linux (the version check, the manifest fetch), on its own thread, over
    /// a socket; what it asks and how it judges the answer's head is its ``HTTPGetRule``.
    ///
    /// Why not URLSession there: swift-corelibs-foundation runs URLSession's work and its
    /// delegate callbacks on libdispatch's global pool, which on Linux is also the pool
    /// Swift concurrency runs every task on. While CPU-bound tasks hold every pool thread
    /// (a busy app, or a test run on a loaded machine), the response head waits in a queue
    /// for a thread; when one frees up the connect timer (queued on the same pool) can run
    /// first and report "did not start answering within 10 seconds" for a server that
    /// answered at once. Here the timers are `poll` deadlines on a dedicated thread: a
    /// timeout is only reported when the socket stayed quiet for the whole period. It also
    /// bounds memory: FoundationNetworking keeps reading and queueing a flooding body
    /// after the transfer is cancelled, while this reads at most the cap plus one read
    /// buffer (``readChunk`` bytes) of body and a head of at most ``HTTPResponseHead/maximumLength``,
    /// then closes the socket. And it reaches `http://[::1]:port`, which
    /// FoundationNetworking refuses as a bad URL (NSURLErrorDomain -1000).
    ///
    /// https on Linux goes through ``ServerVersionCurlTransfer``. Decisions come from the rule and
    /// ``ServerVersionResponsePolicy``, as for URLSession.
    ///
    /// `@unchecked Sendable`: the mutable properties are read and written only while
    /// holding `lock`; the one outcome is a ``TransferOutcome``.
    final class ServerVersionSocketTransfer: @unchecked Sendable {
        typealias Outcome = Result<HTTPGetAnswer, ServerVersionError>

        /// The size of one socket read.
        static let readChunk = 4_096

        fileprivate let url: URL
        private let options: ServerVersionClient.Options
        private let rule: HTTPGetRule
        private let outcome = TransferOutcome<Outcome>()
        private let lock = NSLock()
        private var bodyBytesReceived = 0
        private var peakBodyBytesHeld = 0
        private let wakeRead: Int32
        private let wakeWrite: Int32
        /// Tests only: runs on the transfer's thread after the request is sent, before it reads.
        private let deliveryStall: (@Sendable () -> Void)?
        /// Tests only: runs on the transfer's thread after each read that returned bytes, with
        /// their count.
        fileprivate let readObserver: (@Sendable (Int) -> Void)?
        private var work = ReadWork()

        /// What reading the answer cost, counted (what a test of the work per byte holds).
        struct ReadWork: Sendable, Equatable {
            /// `recv` calls.
            var reads = 0
            /// Waits for the socket to become readable (`poll`).
            var waits = 0
            /// Bytes the reads returned.
            var bytesRead = 0
            /// Bytes written into the pending buffer (each read's) or moved within it.
            var bytesCopied = 0
            /// Bytes the line finder looked at.
            var bytesScanned = 0
        }

        /// What reading the last answer cost (set when its exchange ends).
        var readWork: ReadWork { lock.withLock { work } }

        var statistics: ServerVersionTransfer.Statistics {
            lock.withLock {
                ServerVersionTransfer.Statistics(bytesReceived: bodyBytesReceived, peakBytesHeld: peakBodyBytesHeld)
            }
        }

        /// A GET of `url` within `options`' deadlines, asked and judged by `rule` (whose limit is
        /// the body cap).
        init(
            url: URL, options: ServerVersionClient.Options, rule: HTTPGetRule,
            deliveryStall: (@Sendable () -> Void)? = nil, readObserver: (@Sendable (Int) -> Void)? = nil
        ) {
            self.url = url
            self.options = options
            self.rule = rule
            self.deliveryStall = deliveryStall
            self.readObserver = readObserver
            var fds: [Int32] = [-1, -1]
            if pipe(&fds) == 0 {
                _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
                _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
            }
            wakeRead = fds[0]
            wakeWrite = fds[1]
        }

        deinit {
            if wakeRead >= 0 { close(wakeRead) }
            if wakeWrite >= 0 { close(wakeWrite) }
        }

        /// Starts the request on its own thread and returns its one outcome.
        func run() async -> Outcome {
            await outcome.wait {
                guard wakeRead >= 0 else {
                    finish(.failure(.unreachable(url, reason: "no pipe for the transfer (\(Self.errorText(errno)))")))
                    return
                }
                let thread = Thread { [self] in finish(perform()) }
                thread.name = "ServerVersionSocketTransfer"
                thread.start()
            }
        }

        /// Cancels the transfer (the calling task was cancelled): the caller gets
        /// ``ServerVersionError/cancelled(_:)`` at once and the thread closes its socket.
        func cancel() {
            finish(.failure(.cancelled(url)))
        }

        /// Delivers `result` unless an outcome was already delivered, and wakes the thread's `poll`.
        private func finish(_ result: Outcome) {
            guard outcome.decide(result) else { return }
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }

        // MARK: The exchange, on the transfer's thread

        /// Why the exchange stopped early.
        fileprivate enum Stop: Error {
            case outcome(Outcome)
        }

        private func perform() -> Outcome {
            let deadlines = TransferDeadlines(startingNow: options)
            var current = url
            do {
                for _ in 0...ServerVersionResponsePolicy.maximumRedirects {
                    switch try exchange(current, deadlines: deadlines) {
                    case .done(let outcome): return outcome
                    case .redirect(let target): current = target
                    }
                }
                return .failure(ServerVersionResponsePolicy.tooManyRedirects(url))
            } catch {
                guard case .outcome(let outcome) = error as? Stop else {
                    return .failure(.unreachable(url, reason: "\(error)"))
                }
                return outcome
            }
        }

        private enum Step {
            case done(Outcome)
            case redirect(URL)
        }

        private func exchange(_ target: URL, deadlines: TransferDeadlines) throws -> Step {
            guard let components = URLComponents(url: target, resolvingAgainstBaseURL: false),
                var host = components.percentEncodedHost, !host.isEmpty
            else { throw stop(.unreachable(url, reason: "'\(target.absoluteString)' has no host")) }
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            let port = components.port ?? 80
            let path =
                (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
                + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
            let socket = try connect(host: host, port: port, deadlines: deadlines)
            defer { close(socket) }

            let hostHeader = (host.contains(":") ? "[\(host)]" : host) + (port == 80 ? "" : ":\(port)")
            let fields = rule.fields.map { "\($0.name): \($0.value)\r\n" }.joined()
            let request =
                "GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\n\(fields)"
                + "Accept-Encoding: identity\r\nConnection: close\r\nUser-Agent: RastrilloNative\r\n\r\n"
            try send(Array(request.utf8), on: socket, deadlines: deadlines)

            deliveryStall?()
            var reader = SocketReader(socket: socket, transfer: self, deadlines: deadlines)
            defer {
                let spent = reader.work
                lock.withLock { work = spent }
            }
            let head = try reader.readHead()
            guard let status = head.status else { throw stop(.unreachable(url, reason: "the answer is not HTTP")) }
            let location: String?
            do { location = try head.single("Location") } catch { throw stop(.unreachable(url, reason: error.reason)) }
            if let redirect = ServerVersionResponsePolicy.redirect(
                status: status, location: location, url: url, current: target)
            {
                do { return .redirect(try redirect.get()) } catch { throw stop(error) }
            }
            let chunked = head.value("Transfer-Encoding")?.lowercased().contains("chunked") == true
            let declared: Int64?
            do { declared = try head.declaredLength() } catch { throw stop(.unreachable(url, reason: error.reason)) }
            let limit = rule.limit
            let etag = head.value("ETag")
            switch rule.decide(status, declared, head.value("Content-Type")) {
            case .refuse(let error): return .done(.failure(error))
            case .skipBody: return .done(.success(HTTPGetAnswer(status: status, etag: etag, body: [])))
            case .readBody: break
            }

            var body = CappedBuffer(limit: limit)
            let within: Bool
            if chunked {
                within = try reader.readChunked(into: &body)
            } else if let declared {
                within = try reader.read(exactly: Int(declared), into: &body)
            } else {
                within = try reader.readToEnd(into: &body)
            }
            guard within else {
                return .done(.failure(ServerVersionResponsePolicy.overLimit(url: url, status: status, limit: limit)))
            }
            return .done(.success(HTTPGetAnswer(status: status, etag: etag, body: body.bytes)))
        }

        fileprivate func stop(_ error: ServerVersionError) -> Stop {
            .outcome(.failure(error))
        }

        fileprivate func recordBody(received: Int, held: Int) {
            lock.withLock {
                bodyBytesReceived += received
                peakBodyBytesHeld = max(peakBodyBytesHeld, held)
            }
        }

        /// Waits until `socket` is ready for `events`, the transfer is cancelled, or the deadline passes.
        /// Readiness is checked before a deadline counts as passed, so a late-running thread still
        /// sees an answer that has arrived.
        fileprivate func wait(for events: Int16, on socket: Int32, headRead: Bool, deadlines: TransferDeadlines) throws
        {
            let (deadline, expired) = deadlines.current(headRead: headRead, url: url)
            while true {
                let remaining = ContinuousClock().now.duration(to: deadline)
                let milliseconds =
                    remaining <= .zero ? 0 : Int32(min(remaining.secondsValue * 1000 + 1, Double(Int32.max)))
                // Two pollfds on the stack: no allocation per wait (a dripping server wakes this
                // once per byte).
                var fds = (
                    pollfd(fd: socket, events: events, revents: 0),
                    pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
                )
                let ready = withUnsafeMutableBytes(of: &fds) {
                    poll($0.baseAddress!.assumingMemoryBound(to: pollfd.self), 2, milliseconds)
                }
                if ready < 0 {
                    if errno == EINTR { continue }
                    throw stop(.unreachable(url, reason: "poll failed (\(Self.errorText(errno)))"))
                }
                if fds.1.revents != 0 { throw stop(.cancelled(url)) }
                if fds.0.revents != 0 { return }
                if remaining <= .zero { throw stop(expired) }
            }
        }

        private func connect(host: String, port: Int, deadlines: TransferDeadlines) throws -> Int32 {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            if ServerHostKind.ipv4(host) != nil || ServerHostKind.ipv6(host) != nil { hints.ai_flags = AI_NUMERICHOST }
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(port), &hints, &list)
            guard status == 0, let first = list else {
                let reason = String(cString: gai_strerror(status))
                throw stop(.unreachable(url, reason: "the host '\(host)' could not be resolved (\(reason))"))
            }
            defer { freeaddrinfo(list) }
            var lastError: Int32 = ECONNREFUSED
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let info = entry {
                entry = info.pointee.ai_next
                let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                guard fd >= 0 else {
                    lastError = errno
                    continue
                }
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
                guard errno == EINPROGRESS else {
                    lastError = errno
                    close(fd)
                    continue
                }
                do {
                    try wait(for: Int16(POLLOUT), on: fd, headRead: false, deadlines: deadlines)
                } catch {
                    close(fd)
                    throw error
                }
                var socketError: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &socketError, &length)
                if socketError == 0 { return fd }
                lastError = socketError
                close(fd)
            }
            throw stop(
                .unreachable(url, reason: "could not connect to \(host) port \(port) (\(Self.errorText(lastError)))"))
        }

        private func send(_ bytes: [UInt8], on socket: Int32, deadlines: TransferDeadlines) throws {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes {
                    Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if written > 0 {
                    offset += written
                } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                    try wait(for: Int16(POLLOUT), on: socket, headRead: false, deadlines: deadlines)
                } else {
                    throw stop(
                        .unreachable(url, reason: "the connection failed while sending (\(Self.errorText(errno)))"))
                }
            }
        }

        fileprivate static func errorText(_ code: Int32) -> String {
            String(cString: strerror(code))
        }
    }

    /// One read's buffer, allocated once per exchange and freed with it.
    private final class ReadScratch {
        let bytes: UnsafeMutableRawBufferPointer

        init(count: Int) {
            bytes = .allocate(byteCount: count, alignment: 1)
        }

        deinit {
            bytes.deallocate()
        }
    }

    /// Reads one response from a connected socket, holding at most the head (or one read
    /// buffer of body) beyond what the caller keeps.
    private struct SocketReader {
        let socket: Int32
        let transfer: ServerVersionSocketTransfer
        let deadlines: TransferDeadlines
        /// Bytes read but not yet consumed (part of the head, or the body after it).
        private var pending: [UInt8] = []
        private var pendingStart = 0
        private var headRead = false
        /// Where the search for the next line end goes on (each byte is looked at once).
        private var lines = CRLFScanner()
        /// One read's buffer, allocated once: each read copies only the bytes it returned into
        /// `pending` (a dripped byte costs one byte of copying, not a read buffer's worth).
        private let scratch = ReadScratch(count: ServerVersionSocketTransfer.readChunk)
        /// Whether the last read left the socket empty (it returned less than it asked, or
        /// nothing yet): the next one waits for the socket first, instead of a read that can only
        /// say "nothing yet". True at the start: the server may not have answered.
        private var drained = true
        private var counted = ServerVersionSocketTransfer.ReadWork()
        /// What this reader's work has cost so far.
        var work: ServerVersionSocketTransfer.ReadWork {
            var total = counted
            total.bytesScanned = lines.examined
            return total
        }

        init(socket: Int32, transfer: ServerVersionSocketTransfer, deadlines: TransferDeadlines) {
            self.socket = socket
            self.transfer = transfer
            self.deadlines = deadlines
            pending.reserveCapacity(
                HTTPResponseHead.maximumLength + ServerVersionSocketTransfer.readChunk)
        }

        private var available: Int { pending.count - pendingStart }

        /// Reads once more from the socket; `false` at the end of the stream.
        private mutating func fill() throws -> Bool {
            if pendingStart > 0 {
                counted.bytesCopied += pending.count - pendingStart
                pending.removeFirst(pendingStart)
                lines.shift(by: pendingStart)
                pendingStart = 0
            }
            let fd = socket
            let buffer = scratch.bytes
            while true {
                if drained {
                    counted.waits += 1
                    try transfer.wait(for: Int16(POLLIN), on: socket, headRead: headRead, deadlines: deadlines)
                }
                counted.reads += 1
                let count = recv(fd, buffer.baseAddress, buffer.count, 0)
                let error = errno
                if count > 0 {
                    drained = count < buffer.count
                    pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                    counted.bytesRead += count
                    counted.bytesCopied += count
                    transfer.readObserver?(count)
                    return true
                }
                if count == 0 { return false }
                if error == EAGAIN || error == EWOULDBLOCK || error == EINTR {
                    drained = true
                    continue
                }
                throw transfer.stop(
                    .unreachable(
                        transfer.url,
                        reason: "the connection failed while reading (\(ServerVersionSocketTransfer.errorText(error)))")
                )
            }
        }

        /// Reads the status line and headers (skipping interim 1xx answers), a line at a time.
        mutating func readHead() throws -> HTTPResponseHead {
            var head = HTTPResponseHead()
            while true {
                if let line = lines.nextLine(in: pending, from: pendingStart) {
                    pendingStart = line.upperBound
                    do { try head.add(pending[line]) } catch {
                        throw transfer.stop(.unreachable(transfer.url, reason: error.reason))
                    }
                    if head.isComplete {
                        headRead = true
                        return head
                    }
                    continue
                }
                guard available < HTTPResponseHead.maximumLength else {
                    throw transfer.stop(.unreachable(transfer.url, reason: HTTPResponseHead.Problem.tooLong.reason))
                }
                guard try fill() else {
                    let reason =
                        pending.isEmpty
                        ? "the server closed the connection without answering"
                        : "the server closed the connection in the middle of the answer's head"
                    throw transfer.stop(.unreachable(transfer.url, reason: reason))
                }
            }
        }

        /// Moves up to `count` pending bytes into `body`; `false` once the body passes its limit.
        private mutating func consume(_ count: Int, into body: inout CappedBuffer) -> Bool {
            let slice = pending[pendingStart..<(pendingStart + count)]
            pendingStart += count
            let kept = body.append(slice)
            transfer.recordBody(received: count, held: body.bytes.count)
            return kept
        }

        /// Reads a body of exactly `length` bytes; `false` once it passes the limit.
        mutating func read(exactly length: Int, into body: inout CappedBuffer) throws -> Bool {
            var remaining = length
            while remaining > 0 {
                if available == 0 {
                    guard try fill() else {
                        throw transfer.stop(
                            .unreachable(
                                transfer.url,
                                reason: "the server closed the connection \(remaining) bytes before the end of the body"
                            ))
                    }
                }
                let count = min(available, remaining)
                remaining -= count
                guard consume(count, into: &body) else { return false }
            }
            return true
        }

        /// Reads the body until the server closes the connection; `false` once it passes the limit.
        mutating func readToEnd(into body: inout CappedBuffer) throws -> Bool {
            while true {
                if available > 0 {
                    guard consume(available, into: &body) else { return false }
                }
                guard try fill() else { return true }
            }
        }

        /// Reads one CRLF-terminated line of at most 1,024 bytes (chunk sizes, trailers), without
        /// its CRLF.
        private mutating func readLine() throws -> [UInt8] {
            while true {
                if let range = lines.nextLine(in: pending, from: pendingStart) {
                    pendingStart = range.upperBound
                    return Array(pending[range.lowerBound..<(range.upperBound - 2)])
                }
                guard available <= 1_024 else {
                    throw transfer.stop(.unreachable(transfer.url, reason: "a chunk line of the body is too long"))
                }
                guard try fill() else {
                    throw transfer.stop(
                        .unreachable(transfer.url, reason: "the server closed the connection inside a chunked body"))
                }
            }
        }

        /// Reads a `Transfer-Encoding: chunked` body; `false` once it passes the limit.
        mutating func readChunked(into body: inout CappedBuffer) throws -> Bool {
            while true {
                // RFC 9112 §7.1: hex digits only (no sign, no leading white space of any kind).
                guard let size = ChunkSizeLine.size(try readLine()) else {
                    throw transfer.stop(
                        .unreachable(transfer.url, reason: "a chunk size of the body is not hexadecimal"))
                }
                if size == 0 {
                    while try !readLine().isEmpty {}  // trailers
                    return true
                }
                guard try read(exactly: size, into: &body) else { return false }
                guard try readLine().isEmpty else {
                    throw transfer.stop(
                        .unreachable(transfer.url, reason: "a chunk of the body is longer than announced"))
                }
            }
        }
    }
#endif
