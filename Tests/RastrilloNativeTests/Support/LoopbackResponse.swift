import Foundation

/// One scripted answer of ``LoopbackHTTPServer``.
///
/// Every response closes the connection after it is written
/// (`Connection: close`). `Content-Length` is added for ``Body/bytes(_:)``
/// unless a header of that name is given (which may lie on purpose).
struct LoopbackResponse: Sendable {
    /// What follows the head.
    enum Body: Sendable {
        /// Exactly these bytes.
        case bytes([UInt8])
        /// `chunk` repeated until the client closes the connection; the server
        /// then records ``LoopbackHTTPServer/Event/clientClosedEarly(path:bytesSent:)``.
        case endless(chunk: [UInt8])
        /// These bytes, then nothing more until `gate` opens.
        case bytesThenHold([UInt8], gate: LoopbackGate)
    }

    var status: Int
    var headers: [(name: String, value: String)]
    var body: Body
    /// When set, nothing at all is written (not even the head) until the gate opens.
    var holdBeforeHead: LoopbackGate?

    init(
        status: Int = 200,
        headers: [(name: String, value: String)] = [],
        body: Body = .bytes([]),
        holdBeforeHead: LoopbackGate? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.holdBeforeHead = holdBeforeHead
    }

    /// A plain-text answer (Go sniffs `text/plain; charset=utf-8` for Rastrillo's version body).
    static func text(_ text: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> Self {
        bytes(Array(text.utf8), status: status, contentType: "text/plain; charset=utf-8", headers: headers)
    }

    /// Raw bytes with a content type.
    static func bytes(
        _ bytes: [UInt8],
        status: Int = 200,
        contentType: String? = nil,
        headers: [(name: String, value: String)] = []
    ) -> Self {
        let type = contentType.map { [(name: "Content-Type", value: $0)] } ?? []
        return LoopbackResponse(status: status, headers: type + headers, body: .bytes(bytes))
    }

    /// A JSON answer.
    static func json(_ json: String, status: Int) -> Self {
        bytes(Array(json.utf8), status: status, contentType: "application/json")
    }

    /// A redirect to `location`.
    static func redirect(to location: String, status: Int = 302) -> Self {
        LoopbackResponse(status: status, headers: [(name: "Location", value: location)], body: .bytes([]))
    }

    var headerText: String {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        var names = Set<String>()
        for header in headers {
            text += "\(header.name): \(header.value)\r\n"
            names.insert(header.name.lowercased())
        }
        if case .bytes(let bytes) = body, !names.contains("content-length"), !names.contains("transfer-encoding") {
            text += "Content-Length: \(bytes.count)\r\n"
        }
        return text + "Connection: close\r\n\r\n"
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 304: return "Not Modified"
        case 404: return "Not Found"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }
}
