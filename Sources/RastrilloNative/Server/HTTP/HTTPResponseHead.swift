/// A response head read line by line, as both Linux transfers receive it
/// (``ServerVersionSocketTransfer`` cuts it at each CRLF; libcurl hands over one line per call):
/// a status line, header lines, then the empty line that ends the head. An interim 1xx head is
/// skipped and the next status line starts the head again.
///
/// The rules, which `fuzz-head` checks against a separate reading:
/// - a status line is an HTTP version, one space, exactly three ASCII digits, then the end of the
///   line or a space (RFC 9112 §4). The version is `HTTP/1.` and a digit (§2.3: `HTTP/x` and
///   `HTTP/2.0` are refused). Both transfers speak HTTP/1.1 only (libcurl is asked for it), so
///   `HTTP/2` and `HTTP/3` status lines are refused too;
/// - a header line is split at its first `:`; the value loses surrounding spaces and tabs;
///   a line without `:` is ignored; names are compared in ASCII case only;
/// - every line counts toward ``maximumLength`` with its line end, interim heads included;
/// - lines after the head is complete (libcurl's trailers) are ignored;
/// - `Content-Length` given twice with different values is refused (§6.3: unrecoverable), and a
///   field that must be single (``single(_:)``: `Location`) is refused when repeated.
struct HTTPResponseHead {
    /// The most bytes of head read, line ends included.
    static let maximumLength = 16_384

    /// Why a head is refused.
    enum Problem: Error, Equatable {
        /// The head passed ``HTTPResponseHead/maximumLength``.
        case tooLong
        /// A line where a status line belongs is not one.
        case notHTTP
        /// `Content-Length` is not a number of at most 18 digits (the text as sent).
        case badContentLength(String)
        /// `Content-Length` given more than once with different values (RFC 9112 §6.3).
        case conflictingContentLength
        /// A field that must appear once appears more often (the field's name).
        case repeated(String)

        /// What went wrong, for ``ServerVersionError/unreachable(_:reason:)``; input is escaped.
        var reason: String {
            switch self {
            case .tooLong: return "the answer's head is longer than \(HTTPResponseHead.maximumLength) bytes"
            case .notHTTP: return "the answer is not HTTP"
            case .badContentLength(let text):
                return "the answer's Content-Length '\(DiagnosticText.escaped(text))' is not a number"
            case .conflictingContentLength:
                return "the answer gives two different Content-Length values"
            case .repeated(let name):
                return "the answer's head has more than one \(name) header"
            }
        }
    }

    /// The status of the head being read (`nil` before a status line, and after an interim head).
    private(set) var status: Int?
    /// The header lines read since the status line, in order.
    private(set) var headers: [(name: String, value: String)] = []
    /// Whether the empty line ending a final (non-1xx) head was read.
    private(set) var isComplete = false
    private var length = 0
    /// A head to read.
    init() {}

    /// Adds one line, with or without its line end (`\r\n` or `\n`).
    mutating func add<Line: Collection<UInt8>>(_ line: Line) throws(Problem) {
        guard !isComplete else { return }
        length += line.count
        guard length <= Self.maximumLength else { throw .tooLong }
        var content = Array(line)
        while let last = content.last, last == 0x0A || last == 0x0D { content.removeLast() }
        guard let current = status else {
            status = try Self.statusCode(content)
            headers = []
            return
        }
        if content.isEmpty {
            if (100..<200).contains(current) {
                status = nil  // an interim answer; the real head follows
            } else {
                isComplete = true
            }
            return
        }
        guard let colon = content.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = String(decoding: content[..<colon], as: UTF8.self)
        let value = String(decoding: Self.trimmed(content[(colon + 1)...]), as: UTF8.self)
        headers.append((name, value))
    }

    /// The value of the first header called `name`, compared in ASCII case only (so no other
    /// character, such as U+017F "ſ", ever reads as a letter of a header name).
    func value(_ name: String) -> String? {
        let wanted = Array(name.utf8).map(Self.lowercasedASCII)
        return headers.first { header in
            header.name.utf8.count == wanted.count
                && zip(header.name.utf8, wanted).allSatisfy { Self.lowercasedASCII($0) == $1 }
        }?.value
    }

    /// Every value of the headers called `name` (compared as ``value(_:)`` compares), in order.
    func values(_ name: String) -> [String] {
        let wanted = Array(name.utf8).map(Self.lowercasedASCII)
        return headers.filter { header in
            header.name.utf8.count == wanted.count
                && zip(header.name.utf8, wanted).allSatisfy { Self.lowercasedASCII($0) == $1 }
        }.map(\.value)
    }

    /// The value of a header that must appear at most once (`Location`): refused when repeated.
    func single(_ name: String) throws(Problem) -> String? {
        let found = values(name)
        guard found.count <= 1 else { throw .repeated(name) }
        return found.first
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// The body length the head declares: `nil` when it is chunked or declares none.
    func declaredLength() throws(Problem) -> Int64? {
        if value("Transfer-Encoding") != nil { return nil }
        let all = values("Content-Length")
        guard let text = all.first else { return nil }
        guard all.allSatisfy({ $0.utf8.elementsEqual(text.utf8) }) else { throw .conflictingContentLength }
        let digits = Array(text.utf8)
        guard (1...18).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw .badContentLength(text)
        }
        return digits.reduce(0) { $0 * 10 + Int64($1 - 0x30) }
    }

    private static func statusCode(_ line: [UInt8]) throws(Problem) -> Int {
        guard let space = line.firstIndex(of: 0x20) else { throw .notHTTP }
        let version = line[..<space]
        let isHTTP1 =
            version.count == 8 && version.starts(with: Array("HTTP/1.".utf8)) && (0x30...0x39).contains(version.last!)
        guard isHTTP1 else { throw .notHTTP }
        let digits = line[(space + 1)...].prefix(3)
        let after = space + 4
        guard digits.count == 3, digits.allSatisfy({ (0x30...0x39).contains($0) }),
            after == line.count || line[after] == 0x20
        else { throw .notHTTP }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
        return slice
    }
}
