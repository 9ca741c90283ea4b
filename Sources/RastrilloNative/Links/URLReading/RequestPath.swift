import RastrilloJSON

/// A request path's segments as byte ranges, split at literal `/` only, each
/// segment percent-decoded afterwards, so `%2F` never becomes a separator.
///
/// No strings are made: segments are offsets into ``bytes``, which is the raw
/// path itself, or — only when the path has `%` escapes — a decoded copy laid
/// out the same way (`/` + segment + `/` + segment …). Built and used inside
/// ``withSegments(_:_:)``, which owns the memory.
struct RequestPath {
    /// One non-empty segment, `bytes[start..<end]`.
    struct Segment {
        var start: Int
        var end: Int
    }

    /// The (decoded) path bytes the segments point into.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The non-empty segments, in order.
    let segments: UnsafeBufferPointer<Segment>
    /// Whether the path ends with `/` (ServeMux's trailing-slash segment, after the others).
    let endsWithSlash: Bool

    /// The number of segments including the trailing slash, as ServeMux counts them.
    var count: Int { segments.count + (endsWithSlash ? 1 : 0) }

    /// The same path with a trailing slash (for ServeMux's `/tree` → `/tree/` redirect).
    func withTrailingSlash() -> RequestPath {
        RequestPath(bytes: bytes, segments: segments, endsWithSlash: true)
    }

    /// The remainder from segment `index` on, joined by `/` (a trailing slash kept), as a
    /// subtree wildcard captures it.
    func remainder(from index: Int) -> String {
        guard index < segments.count else { return "" }
        let text = String(decoding: bytes[segments[index].start..<segments[segments.count - 1].end], as: UTF8.self)
        return endsWithSlash ? text + "/" : text
    }

    /// Splits `rawPath` (empty means `/`), refusing empty and dot segments and escapes that
    /// decode to invalid UTF-8 or control characters, and calls `body` with the segments.
    /// `hasPercent` says whether the path has `%` escapes (the URL reader knows it already).
    static func withSegments<R>(
        _ rawPath: UnsafeBufferPointer<UInt8>, hasPercent: Bool, _ body: (RequestPath) -> R
    ) -> Result<R, LinkRefusal> {
        if rawPath.isEmpty {
            return .success(
                body(
                    RequestPath(
                        bytes: rawPath, segments: UnsafeBufferPointer(start: nil, count: 0), endsWithSlash: true)))
        }
        guard rawPath[0] == UInt8(ascii: "/") else { return .failure(.emptySegment) }
        // Each segment takes at least two bytes (`/` and one more), so this bounds the count
        // without a counting pass.
        return withUnsafeTemporaryAllocation(of: Segment.self, capacity: rawPath.count / 2 + 1) { segmentBuffer in
            guard hasPercent else {
                return split(rawPath, into: segmentBuffer, decodeInto: nil).map(body)
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: rawPath.count) { decoded in
                split(rawPath, into: segmentBuffer, decodeInto: decoded).map(body)
            }
        }
    }

    /// Fills `segments`; with `decodeInto`, each segment is percent-decoded into it and the
    /// result points there.
    private static func split(
        _ raw: UnsafeBufferPointer<UInt8>, into segments: UnsafeMutableBufferPointer<Segment>,
        decodeInto decoded: UnsafeMutableBufferPointer<UInt8>?
    ) -> Result<RequestPath, LinkRefusal> {
        var count = 0
        var endsWithSlash = false
        var written = 0
        var start = 1
        while true {
            var end = start
            var segmentHasPercent = false
            while end < raw.count, raw[end] != UInt8(ascii: "/") {
                if raw[end] == UInt8(ascii: "%") { segmentHasPercent = true }
                end += 1
            }
            if start == end {
                guard end == raw.count else { return .failure(.emptySegment) }
                endsWithSlash = true
                break
            }
            var segment = Segment(start: start, end: end)
            if let decoded {
                decoded[written] = UInt8(ascii: "/")
                written += 1
                let first = written
                if segmentHasPercent {
                    switch decode(raw[start..<end], into: decoded, at: &written) {
                    case .failure(let refusal): return .failure(refusal)
                    case .success: break
                    }
                } else {
                    for index in start..<end {
                        decoded[written] = raw[index]
                        written += 1
                    }
                }
                segment = Segment(start: first, end: written)
            }
            let base = decoded.map { UnsafeBufferPointer($0) } ?? raw
            if isDotSegment(base[segment.start..<segment.end]) { return .failure(.dotSegment) }
            segments[count] = segment
            count += 1
            if end == raw.count { break }
            start = end + 1
        }
        let base = decoded.map { UnsafeBufferPointer(rebasing: $0[0..<written]) } ?? raw
        return .success(
            RequestPath(
                bytes: base, segments: UnsafeBufferPointer(rebasing: segments[0..<count]),
                endsWithSlash: endsWithSlash))
    }

    /// Decodes `%XX` escapes of one segment; refuses invalid UTF-8, then control characters.
    private static func decode(
        _ segment: Slice<UnsafeBufferPointer<UInt8>>, into out: UnsafeMutableBufferPointer<UInt8>,
        at written: inout Int
    ) -> Result<Void, LinkRefusal> {
        let first = written
        var index = segment.startIndex
        while index < segment.endIndex {
            var byte = segment[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < segment.endIndex, let high = ASCIIByte.hexValue(segment[index + 1]),
                    let low = ASCIIByte.hexValue(segment[index + 2])
                else { return .failure(.badPercentEncoding) }
                byte = high << 4 | low
                index += 3
            } else {
                index += 1
            }
            out[written] = byte
            written += 1
        }
        let decoded = UnsafeBufferPointer(rebasing: out[first..<written])
        guard UTF8Text.string(decoded) != nil else { return .failure(.badPercentEncoding) }
        if decoded.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return .failure(.controlCharacter(offset: 0)) }
        return .success(())
    }

    private static func isDotSegment(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        switch bytes.count {
        case 1: return bytes.first == UInt8(ascii: ".")
        case 2: return bytes.first == UInt8(ascii: ".") && bytes.last == UInt8(ascii: ".")
        default: return false
        }
    }
}
