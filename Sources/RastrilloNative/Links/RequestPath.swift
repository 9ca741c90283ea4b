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
        var path = rawPath.isEmpty ? "/" : rawPath
        return path.withUTF8 { split(bytes: $0) }
    }

    /// ``split(_:)`` on the path's contiguous UTF-8 bytes: segment bounds are integer offsets,
    /// and a segment's `String` is made once, straight from its bytes.
    private static func split(bytes: UnsafeBufferPointer<UInt8>) -> Result<RequestPath, LinkRefusal> {
        guard bytes.first == UInt8(ascii: "/") else { return .failure(.emptySegment) }
        var segments: [Segment] = []
        var start = 1
        while true {
            var end = start
            var hasPercent = false
            while end < bytes.count, bytes[end] != UInt8(ascii: "/") {
                if bytes[end] == UInt8(ascii: "%") { hasPercent = true }
                end += 1
            }
            if start == end {
                guard end == bytes.count else { return .failure(.emptySegment) }
                segments.append(.trailingSlash)
                break
            }
            let part = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let decoded: String
            if hasPercent {
                guard let text = PercentDecoding.decode(String(decoding: part, as: UTF8.self)) else {
                    return .failure(.badPercentEncoding)
                }
                if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    return .failure(.controlCharacter(offset: 0))
                }
                decoded = text
            } else {
                decoded = String(decoding: part, as: UTF8.self)
            }
            if decoded == "." || decoded == ".." { return .failure(.dotSegment) }
            segments.append(.text(decoded))
            if end == bytes.count { break }
            start = end + 1
        }
        return .success(RequestPath(segments: segments))
    }

    /// The path plus a trailing slash (for ServeMux's `/tree` → `/tree/` redirect).
    func withTrailingSlash() -> RequestPath { RequestPath(segments: segments + [.trailingSlash]) }
}
