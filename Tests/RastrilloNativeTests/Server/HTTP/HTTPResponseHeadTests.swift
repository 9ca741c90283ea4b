import Testing

@testable import RastrilloNative

/// The response head both Linux transfers read, a line at a time.
struct HTTPResponseHeadTests {
    static func read(_ lines: [String]) throws(HTTPResponseHead.Problem) -> HTTPResponseHead {
        var head = HTTPResponseHead()
        for line in lines { try head.add(Array((line + "\r\n").utf8)) }
        return head
    }

    @Test("a head: status, headers with trimmed values, complete at the empty line")
    func head() throws {
        let head = try Self.read(["HTTP/1.1 200 OK", "Content-Type:\t text/plain ", "X-Empty:", "no colon here", ""])
        #expect(head.status == 200)
        #expect(head.isComplete)
        #expect(head.value("content-type") == "text/plain")
        #expect(head.value("X-Empty") == "")
        #expect(head.headers.count == 2)
    }

    @Test("HTTP/2's status line as libcurl writes it, and a status line without a reason")
    func statusLines() throws {
        #expect(try Self.read(["HTTP/2 304 ", ""]).status == 304)
        #expect(try Self.read(["HTTP/1.0 404", ""]).status == 404)
    }

    @Test(
        "a status that is not three ASCII digits, or a line that is not a status line, is refused",
        arguments: [
            "HTTP/1.1 +20 OK", "HTTP/1.1 -01 OK", "HTTP/1.1 2000 OK", "HTTP/1.1 20", "HTTP/1.1 ２００ OK",
            "HTTP/1.1", "ICY 200 OK", "http/1.1 200 OK", "", "HTTP/1.1 20x",
        ])
    func notHTTP(line: String) {
        #expect(throws: HTTPResponseHead.Problem.notHTTP) { try Self.read([line]) }
    }

    @Test("an interim 1xx head is skipped; the final head's headers alone count")
    func interim() throws {
        let head = try Self.read([
            "HTTP/1.1 100 Continue", "X-Early: 1", "", "HTTP/1.1 200 OK", "Content-Length: 6", "",
        ])
        #expect(head.status == 200)
        #expect(head.value("X-Early") == nil)
        #expect(try head.declaredLength() == 6)
    }

    @Test("the head may not pass its limit, interim heads included")
    func limit() throws {
        let header = "X-Fill: " + String(repeating: "a", count: 1_000)
        #expect(throws: HTTPResponseHead.Problem.tooLong) {
            try Self.read(["HTTP/1.1 200 OK"] + Array(repeating: header, count: 17))
        }
        let interim = ["HTTP/1.1 103 Early Hints"] + Array(repeating: header, count: 9) + [""]
        #expect(throws: HTTPResponseHead.Problem.tooLong) { try Self.read(interim + interim + ["HTTP/1.1 200 OK"]) }
    }

    @Test(
        "Content-Length is 1 to 18 ASCII digits; chunked bodies declare none",
        arguments: [("6", Int64(6) as Int64?), ("0", 0), ("000000000000000012", 12)])
    func contentLength(text: String, length: Int64?) throws {
        #expect(try Self.read(["HTTP/1.1 200 OK", "Content-Length: \(text)", ""]).declaredLength() == length)
        #expect(
            try Self.read(["HTTP/1.1 200 OK", "Content-Length: \(text)", "Transfer-Encoding: chunked", ""])
                .declaredLength() == nil)
    }

    @Test(
        "a Content-Length that is not a plain number is refused with the text, escaped in the reason",
        arguments: ["+5", "-1", "5 5", "0x10", "1234567890123456789", "", "5\u{1B}"])
    func badContentLength(text: String) throws {
        let head = try Self.read(["HTTP/1.1 200 OK", "Content-Length: \(text)", ""])
        #expect(throws: HTTPResponseHead.Problem.badContentLength(text)) { try head.declaredLength() }
        #expect(!HTTPResponseHead.Problem.badContentLength(text).reason.contains("\u{1B}"))
    }

    @Test("lines after a complete head (libcurl's trailers) change nothing")
    func trailers() throws {
        var head = try Self.read(["HTTP/1.1 200 OK", "ETag: a", ""])
        try head.add(Array("ETag: b\r\n".utf8))
        try head.add(Array("HTTP/1.1 500 No\r\n".utf8))
        #expect(head.status == 200)
        #expect(head.value("ETag") == "a")
    }
}
