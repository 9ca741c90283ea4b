import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: real sockets, scripted
/// answers per path, a request log, and events a test can await.
///
/// Each connection carries one request and is closed after the answer. Routes
/// map a path to a handler that sees the request (so a route can answer 304
/// to a matching `If-None-Match`); unknown paths get 404. Threads: one accept
/// thread plus one thread per connection; gates (``LoopbackGate``) hold an
/// answer until the test releases it, so tests never sleep.
///
/// ```swift
/// let server = try LoopbackHTTPServer(routes: ["/api/version": { _ in .text("v1.4.0") }])
/// defer { server.stop() }
/// let url = server.url("/api/version")
/// ```
///
/// `@unchecked Sendable`: the mutable state (`log`, `events`, `waiters`,
/// `isStopped`) is only touched while holding `lock`; the socket descriptors
/// are immutable after `init`.
final class LoopbackHTTPServer: @unchecked Sendable {
    typealias Handler = @Sendable (LoopbackRequest) -> LoopbackResponse

    /// Something the server observed.
    enum Event: Sendable, Equatable {
        /// A request for `path` arrived (recorded before it is answered).
        case received(path: String)
        /// The client closed the connection while an endless body was being written.
        case clientClosedEarly(path: String, bytesSent: Int)
        /// The server finished writing a complete answer.
        case answered(path: String, status: Int)
    }

    /// The port the server listens on.
    let port: Int
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let routes: [String: Handler]
    private let lock = NSLock()
    private var log: [LoopbackRequest] = []
    private var events: [Event] = []
    private var waiters:
        [(id: UUID, matches: @Sendable (Event) -> Bool, continuation: CheckedContinuation<Event, any Error>)] = []
    private var isStopped = false
    /// Broadcast after every recorded event, for ``blockingWaitForEvent(_:)``.
    private let eventRecorded = NSCondition()

    /// Which loopback address the server listens on.
    enum Address: Sendable {
        /// `127.0.0.1`.
        case ipv4
        /// `::1` (URLs use `[::1]`).
        case ipv6
    }

    /// The address the server listens on.
    let address: Address

    /// Starts listening on 127.0.0.1 (or `::1`) on a free port.
    init(routes: [String: Handler], address: Address = .ipv4) throws {
        self.routes = routes
        self.address = address
        let fd = socket(address == .ipv4 ? AF_INET : AF_INET6, Self.streamType, 0)
        guard fd >= 0 else { throw LoopbackServerError.socket("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let port: UInt16
        switch address {
        case .ipv4:
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = 0
            socketAddress.sin_addr.s_addr = inet_addr("127.0.0.1")
            guard Self.bindAndListen(fd, &socketAddress) else {
                close(fd)
                throw LoopbackServerError.socket("bind/listen", errno)
            }
            port = UInt16(bigEndian: socketAddress.sin_port)
        case .ipv6:
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = 0
            socketAddress.sin6_addr = in6addr_loopback
            guard Self.bindAndListen(fd, &socketAddress) else {
                close(fd)
                throw LoopbackServerError.socket("bind/listen", errno)
            }
            port = UInt16(bigEndian: socketAddress.sin6_port)
        }
        self.port = Int(port)
        self.listener = fd
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw LoopbackServerError.socket("pipe", errno) }
        self.wakeRead = pipeFDs[0]
        self.wakeWrite = pipeFDs[1]
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// `http://127.0.0.1:<port><path>` (or `http://[::1]:<port><path>`).
    func url(_ path: String = "") -> URL {
        URL(string: "http://\(address == .ipv4 ? "127.0.0.1" : "[::1]"):\(port)\(path)")!
    }

    /// A port on 127.0.0.1 that nothing listens on: bound by a socket that is closed before this returns.
    static func closedPort() throws -> Int {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw LoopbackServerError.socket("socket", errno) }
        defer { close(fd) }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
        }
        var length = size
        let named = withUnsafeMutablePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else { throw LoopbackServerError.socket("bind", errno) }
        return Int(UInt16(bigEndian: socketAddress.sin_port))
    }

    /// Binds `fd` to `*socketAddress`, listens, and reads the chosen port back into it.
    private static func bindAndListen<Address>(_ fd: Int32, _ socketAddress: inout Address) -> Bool {
        let size = socklen_t(MemoryLayout<Address>.size)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { return false }
        var length = size
        let named = withUnsafeMutablePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return named == 0
    }

    /// Every request received so far, in arrival order.
    var requests: [LoopbackRequest] {
        lock.withLock { log }
    }

    /// Every event so far, in order.
    var recordedEvents: [Event] {
        lock.withLock { events }
    }

    /// Waits until an event matching `matches` has happened (returns at once if it already has).
    ///
    /// Throws `CancellationError` when the waiting task is cancelled (a test's time limit cancels
    /// it), so a test whose event never comes fails instead of hanging the run.
    func waitForEvent(_ matches: @escaping @Sendable (Event) -> Bool) async throws -> Event {
        let id = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Under the lock, as the cancellation handler's look: a cancellation before the
                // waiter is listed is seen here, one after it finds the waiter there.
                let found: Result<Event, CancellationError>? = lock.withLock {
                    if let event = events.first(where: matches) { return .success(event) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    waiters.append((id, matches, continuation))
                    return nil
                }
                if let found { continuation.resume(with: found) }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Event, any Error>? = lock.withLock {
                guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Blocks the calling thread (not a task) until an event matching `matches` has happened.
    func blockingWaitForEvent(_ matches: (Event) -> Bool) -> Event {
        eventRecorded.lock()
        defer { eventRecorded.unlock() }
        while true {
            if let event = lock.withLock({ events.first(where: matches) }) { return event }
            eventRecorded.wait()
        }
    }

    /// Stops accepting connections. Threads held by gates end when their gates open.
    func stop() {
        let alreadyStopped = lock.withLock {
            defer { isStopped = true }
            return isStopped
        }
        guard !alreadyStopped else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    deinit {
        stop()
    }

    // MARK: Serving

    private static var streamType: Int32 {
        #if canImport(Glibc)
            return Int32(SOCK_STREAM.rawValue)
        #else
            return SOCK_STREAM
        #endif
    }

    private func acceptLoop() {
        defer {
            close(listener)
            close(wakeRead)
            close(wakeWrite)
        }
        while true {
            var fds = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || fds[1].revents != 0 { return }
            let client = accept(listener, nil, nil)
            if client < 0 { continue }
            #if canImport(Darwin)
                var yes: Int32 = 1
                setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let request = readRequest(client) else { return }
        lock.withLock { log.append(request) }
        record(.received(path: request.path))
        let response = routes[request.path]?(request) ?? .text("404 page not found", status: 404)
        response.holdBeforeHead?.wait()
        guard send(client, Array(response.headerText.utf8)) else {
            record(.clientClosedEarly(path: request.path, bytesSent: 0))
            return
        }
        switch response.body {
        case .bytes(let bytes):
            _ = send(client, bytes)
            record(.answered(path: request.path, status: response.status))
        case .bytesThenHold(let bytes, let gate):
            _ = send(client, bytes)
            gate.wait()
            record(.answered(path: request.path, status: response.status))
        case .endless(let chunk):
            var sent = 0  // every byte that left, the last partial chunk included
            while send(client, chunk, counting: &sent) {}
            record(.clientClosedEarly(path: request.path, bytesSent: sent))
        }
    }

    private func record(_ event: Event) {
        let ready: [CheckedContinuation<Event, any Error>] = lock.withLock {
            events.append(event)
            var ready: [CheckedContinuation<Event, any Error>] = []
            waiters.removeAll { waiter in
                guard waiter.matches(event) else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return ready
        }
        for continuation in ready { continuation.resume(returning: event) }
        eventRecorded.lock()
        eventRecorded.broadcast()
        eventRecorded.unlock()
    }

    /// Writes all of `bytes`; `false` once the peer has gone.
    private func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        return send(fd, bytes, counting: &sent)
    }

    /// Sends all of `bytes`, adding each byte that left to `sent`; `false` once the peer is gone.
    private func send(_ fd: Int32, _ bytes: [UInt8], counting sent: inout Int) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #else
                    Darwin.send(fd, buffer.baseAddress, buffer.count, 0)
                #endif
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
            sent += written
        }
        return true
    }

    private func readRequest(_ fd: Int32) -> LoopbackRequest? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while data.count < 65_536 {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }
            data.append(contentsOf: chunk[0..<count])
            if let end = data.firstRange(of: terminator) {
                return Self.parseHead(Array(data[..<end.lowerBound]))
            }
        }
        return nil
    }

    static func parseHead(_ head: [UInt8]) -> LoopbackRequest? {
        guard let text = String(validating: head, as: UTF8.self) else { return nil }
        var lines = text.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        let target = String(requestLine[1])
        let pathAndQuery = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let headers = lines.compactMap { line -> LoopbackHeader? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return LoopbackHeader(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        return LoopbackRequest(
            method: String(requestLine[0]),
            path: String(pathAndQuery[0]),
            query: pathAndQuery.count > 1 ? String(pathAndQuery[1]) : nil,
            headers: headers
        )
    }
}

/// A socket call failed while starting ``LoopbackHTTPServer``.
enum LoopbackServerError: Error {
    case socket(String, Int32)
}
