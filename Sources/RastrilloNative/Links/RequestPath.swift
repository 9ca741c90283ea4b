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
        guard path.hasPrefix("/") else { return .failure(.emptySegment) }
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        var segments: [Segment] = []
        segments.reserveCapacity(parts.count)
        for (offset, part) in parts.enumerated() {
            if part.isEmpty {
                if offset == parts.count - 1 {
                    segments.append(.trailingSlash)
                    continue
                }
                return .failure(.emptySegment)
            }
            guard let decoded = PercentDecoding.decode(String(decoding: part, as: UTF8.self)) else {
                return .failure(.badPercentEncoding)
            }
            if decoded == "." || decoded == ".." { return .failure(.dotSegment) }
            if decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                return .failure(.controlCharacter(offset: 0))
            }
            segments.append(.text(decoded))
        }
        return .success(RequestPath(segments: segments))
    }

    /// The path plus a trailing slash (for ServeMux's `/tree` → `/tree/` redirect).
    func withTrailingSlash() -> RequestPath { RequestPath(segments: segments + [.trailingSlash]) }
}
