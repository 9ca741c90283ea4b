/// A request path split at literal `/` only, each segment percent-decoded
/// afterwards, so `%2F` never becomes a separator.
struct RequestPath: Sendable, Hashable {
    /// One segment of a request path.
    enum Segment: Sendable, Hashable {
        /// A non-empty segment, decoded.
        case text(String)
        /// The path ends with `/` (ServeMux's trailing-slash segment).
        case trailingSlash
    }

    let segments: [Segment]

    /// Whether the path ends with `/`.
    var endsWithSlash: Bool { segments.last == .trailingSlash }

    /// Splits `rawPath` (empty means `/`), refusing empty and dot segments and
    /// escapes that decode to invalid UTF-8 or control characters.
    static func split(_ rawPath: String) -> Result<RequestPath, LinkRefusal> {
        let path = rawPath.isEmpty ? "/" : rawPath
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return .failure(.emptySegment) }
        var segments: [Segment] = []
        var start = bytes.index(after: bytes.startIndex)
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
            let part = bytes[start..<end]
            if part.isEmpty {
                guard end == bytes.endIndex else { return .failure(.emptySegment) }
                segments.append(.trailingSlash)
                break
            }
            let decoded: String
            if part.contains(UInt8(ascii: "%")) {
                guard let text = PercentDecoding.decode(Substring(part)) else { return .failure(.badPercentEncoding) }
                if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    return .failure(.controlCharacter(offset: 0))
                }
                decoded = text
            } else {
                decoded = String(Substring(part))
            }
            if decoded == "." || decoded == ".." { return .failure(.dotSegment) }
            segments.append(.text(decoded))
            if end == bytes.endIndex { break }
            start = bytes.index(after: end)
        }
        return .success(RequestPath(segments: segments))
    }

    /// The path plus a trailing slash (for ServeMux's `/tree` → `/tree/` redirect).
    func withTrailingSlash() -> RequestPath { RequestPath(segments: segments + [.trailingSlash]) }
}
