#if os(Linux)
    import Foundation
    import Glibc
    import Testing

    @testable import RastrilloNative

    /// A server that drips its answer one byte at a time costs the http transfer on Linux
    /// (``ServerVersionSocketTransfer``) the same small work for every byte, whatever the head's
    /// length: one wait and one read per byte (never a read that can only say "nothing yet"),
    /// each byte copied into the pending buffer once, and looked at once by the line finder.
    /// Counted, not timed: the server sends each byte only once the transfer has read the one
    /// before (its read observer opens the gate), so every read returns exactly one byte.
    /// `make bench-drip` times the same drip, with libcurl's https too.
    @Suite("a dripped head costs the socket transfer the same work per byte", .timeLimit(.minutes(2)))
    struct DrippedHeadWorkTests {
        /// An answer of about `headSize` bytes of head (X-Pad lines) and the body `v1.4.0`.
        static func answer(headSize: Int) -> [UInt8] {
            var text = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 6\r\n"
            var index = 0
            while text.utf8.count < headSize - 64 {
                text += "X-Pad-\(index): " + String(repeating: "a", count: 44) + "\r\n"
                index += 1
            }
            return Array((text + "\r\nv1.4.0").utf8)
        }

        /// One connection on 127.0.0.1: reads the request, then sends `answer` one byte per send,
        /// each after the client read the one before (``clientRead(_:)``), and closes; a hang guard
        /// of 60 s on each gate only.
        final class SteppedServer: @unchecked Sendable {
            let port: Int
            private let listener: Int32
            private let answer: [UInt8]
            private let inOneWrite: Bool
            private let readGate = DispatchSemaphore(value: 0)
            private let lock = NSLock()
            private var readSizes: [Int] = []

            /// `inOneWrite`: the whole answer in one send, without waiting for the client's reads.
            init(answer: [UInt8], inOneWrite: Bool = false) throws {
                self.answer = answer
                self.inOneWrite = inOneWrite
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                let bound = withUnsafeMutablePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0
                    }
                }
                guard fd >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
                listener = fd
                port = Int(UInt16(bigEndian: address.sin_port))
                let thread = Thread { [self] in serve() }
                thread.start()
            }

            /// The transfer read `count` bytes: the next one may go.
            func clientRead(_ count: Int) {
                lock.withLock { readSizes.append(count) }
                readGate.signal()
            }

            /// The size of every read the client made that returned bytes.
            var reads: [Int] { lock.withLock { readSizes } }

            private func serve() {
                defer { close(listener) }
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                defer { close(connection) }
                var yes: Int32 = 1
                setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
                var request: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 1_024)
                while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
                    let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { return }
                    request += buffer[0..<count]
                }
                if inOneWrite {
                    _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    return
                }
                for byte in answer {
                    var one = byte
                    guard send(connection, &one, 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
                    // A hang guard only: the client reads each byte at once unless it failed.
                    guard readGate.wait(timeout: .now() + 60) == .success else { return }
                }
            }
        }

        @Test("one wait, one read and one copy per byte, at 1 KB and at 16 KB", arguments: [1_024, 16_000])
        func workPerByte(headSize: Int) async throws {
            let answer = Self.answer(headSize: headSize)
            let server = try SteppedServer(answer: answer)
            let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/api/version"))
            let transfer = ServerVersionSocketTransfer(
                url: url, options: .init(connectTimeout: .seconds(60), totalTimeout: .seconds(60)),
                rule: .version(url: url, limit: 1_024), readObserver: { server.clientRead($0) })
            let outcome = await transfer.run()
            let got = try outcome.get()
            #expect(got.status == 200)
            #expect(got.body == Array("v1.4.0".utf8))
            // Every read returned exactly one byte: the drip reached the transfer byte by byte.
            #expect(server.reads == Array(repeating: 1, count: answer.count))
            let work = transfer.readWork
            #expect(work.bytesRead == answer.count)
            #expect(work.reads == answer.count)
            #expect(work.waits == answer.count)
            #expect(work.bytesCopied <= 2 * answer.count)
            #expect(work.bytesScanned <= answer.count)
        }

        @Test("the same answer in one write: reads of a whole chunk, no wait between them")
        func oneWrite() async throws {
            let answer = Self.answer(headSize: 16_000)
            let server = try SteppedServer(answer: answer, inOneWrite: true)
            let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/api/version"))
            let transfer = ServerVersionSocketTransfer(
                url: url, options: .init(connectTimeout: .seconds(60), totalTimeout: .seconds(60)),
                rule: .version(url: url, limit: 1_024), readObserver: { server.clientRead($0) })
            let got = try await transfer.run().get()
            #expect(got.body == Array("v1.4.0".utf8))
            let work = transfer.readWork
            #expect(work.bytesRead == answer.count)
            // At most one read short of a whole chunk before the answer was all in.
            #expect(work.reads <= answer.count / ServerVersionSocketTransfer.readChunk + 2)
            #expect(work.bytesCopied <= 2 * answer.count)
        }
    }
#endif
