/// A URL read from its raw string by RastrilloNative's own strict reader.
///
/// It never repairs: anything two URL parsers could read differently (a
/// backslash, whitespace, control characters, userinfo, escapes in the
/// authority, non-canonical IP hosts, `https:host` without `//`) is refused
/// with a ``LinkRefusal``. The scheme is lowercased; the host is read as WHATWG URL reads it:
/// lowercased for the special schemes (http, https, ws, wss, ftp, file) and for IPv6 addresses,
/// kept as written for a custom scheme's name (`companion://APP` names host `APP`). The path,
/// query and fragment are kept percent-encoded exactly as written.
public struct RawURL: Sendable, Hashable {
    /// The lowercased scheme.
    public let scheme: String
    /// The host as WHATWG URL reads it, when the URL has an authority (`//host`): lowercased for
    /// the special schemes and IPv6 addresses, as written for a custom scheme's name.
    public let host: String?
    /// The explicit port (1–65535; `:0` is refused), or the scheme's default; `nil` without authority or default.
    public let port: Int?
    /// The path as written (percent-encoded); empty when absent.
    public let rawPath: String
    /// The query without `?`, as written.
    public let rawQuery: String?
    /// The fragment without `#`, as written.
    public let rawFragment: String?

    /// The lowercased scheme `text` starts with, if it starts with a syntactically valid one.
    public static func leadingScheme(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            leadingSchemeEnd(bytes).map { schemeString(UnsafeBufferPointer(rebasing: bytes[0..<$0])) }
        }
    }

    /// Where the leading scheme ends (the offset of its `:`), if `bytes` start with a syntactically valid one.
    static func leadingSchemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first, ASCIIByte.isAlpha(first) else { return nil }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index }
            guard URLCharacterClass.has(byte, URLCharacterClass.scheme) else { return nil }
            index += 1
        }
        return nil
    }

    /// The lowercased scheme text.
    static func schemeString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let scheme = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(where: { URLCharacterClass.has($0, URLCharacterClass.upper) })
            ? scheme.lowercased() : scheme
    }

    /// The schemes WHATWG treats as "special" (they always have an authority).
    static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]

    /// Reads `text`, refusing anything ambiguous.
    public static func read(_ text: String) -> Result<RawURL, LinkRefusal> {
        var text = text
        return text.withUTF8 { bytes in
            switch scan(bytes) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let spans): return .success(RawURL(spans, in: bytes))
            }
        }
    }

    init(_ spans: Spans, in bytes: UnsafeBufferPointer<UInt8>) {
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        scheme = Self.schemeString(UnsafeBufferPointer(rebasing: bytes[0..<spans.schemeEnd]))
        let special = Self.specialSchemes.contains(scheme)
        host = spans.host.map { host in
            host.hasUpper && (special || host.isAddress(in: bytes)) ? text(host.range).lowercased() : text(host.range)
        }
        port = spans.explicitPort ?? (spans.host == nil ? nil : ManifestOrigin.defaultPort(for: scheme))
        rawPath = text(spans.path)
        rawQuery = spans.query.map(text)
        rawFragment = spans.fragment.map(text)
    }

    /// Where each part of a URL lies in its bytes, found by ``scan(_:)`` without making strings.
    struct Spans: Equatable {
        /// A host ``HostName/check(_:)`` accepted: its lowercase form is the canonical host
        /// (for a DNS name, a dotted-quad IPv4 address and a bracketed RFC 5952 IPv6 address alike)
        /// under a special scheme; a custom scheme keeps a DNS name's case (WHATWG's opaque host).
        struct Host: Equatable {
            var range: Range<Int>
            var hasUpper: Bool

            /// Whether it is a bracketed IPv6 address (lowercased under every scheme).
            func isAddress(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
                !range.isEmpty && bytes[range.lowerBound] == UInt8(ascii: "[")
            }
        }

        /// The offset of the scheme's `:`.
        var schemeEnd: Int
        /// `nil` without an authority.
        var host: Host?
        /// The port written after the host, if any.
        var explicitPort: Int?
        /// The path, percent-encoded as written.
        var path: Range<Int>
        /// Whether the path has a `%` escape (only then are its segments decoded).
        var pathHasPercent = false
        /// The query without `?`.
        var query: Range<Int>?
        /// The fragment without `#`.
        var fragment: Range<Int>?
    }

    /// Reads `bytes` with the same checks and refusals as ``read(_:)``, giving offsets instead of strings.
    ///
    /// The common shape is read by ``scanCommon(_:schemeEnd:)`` in one pass; whatever it is unsure
    /// of goes to ``scanStrict(_:)``, which alone decides refusals.
    /// `schemeEnd` is ``leadingSchemeEnd(_:)`` of `bytes` when the caller has it already.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, schemeEnd: Int? = nil) -> Result<Spans, LinkRefusal> {
        if let spans = scanCommon(bytes, schemeEnd: schemeEnd) { return .success(spans) }
        return scanStrict(bytes)
    }

    /// One pass for the common shape — `scheme://host[:port]` with a plain DNS name whose last
    /// label does not start with a digit, then a path, query and fragment made only of URL
    /// characters and well-formed escapes — giving exactly the spans ``scanStrict(_:)`` gives.
    ///
    /// `nil` for anything else, never a refusal: IP addresses, userinfo, an empty port, a
    /// label that breaks a rule, any byte outside those sets. The strict reader then reads the
    /// URL again and decides. (A property test holds both readers to the same spans.)
    static func scanCommon(_ bytes: UnsafeBufferPointer<UInt8>, schemeEnd: Int? = nil) -> Spans? {
        guard let colon = schemeEnd ?? leadingSchemeEnd(bytes), colon + 2 < bytes.count,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return nil }
        let count = bytes.count
        // Host: labels of letters, digits, '-' and '_', each 1–63 bytes, not starting or ending with '-'.
        let hostStart = colon + 3
        var index = hostStart
        var labelStart = hostStart
        var hasUpper = false
        @inline(__always) func isLabel(_ start: Int, _ end: Int) -> Bool {
            end > start && end - start <= 63 && bytes[start] != UInt8(ascii: "-") && bytes[end - 1] != UInt8(ascii: "-")
        }
        while index < count {
            let byte = bytes[index]
            if URLCharacterClass.isHostLabelCharacter(byte) {
                hasUpper = hasUpper || byte &- UInt8(ascii: "A") < 26
            } else if byte == UInt8(ascii: "."), isLabel(labelStart, index) {
                labelStart = index &+ 1
            } else {
                break
            }
            index &+= 1
        }
        // A last label starting with a digit may be an IPv4 address: the strict reader decides.
        guard isLabel(labelStart, index), !ASCIIByte.isDigit(bytes[labelStart]) else { return nil }
        var spans = Spans(
            schemeEnd: colon, host: Spans.Host(range: hostStart..<index, hasUpper: hasUpper), path: 0..<0)
        if index < count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            let portStart = index
            var port = 0
            // Only the first five digits are added up, so no run of digits can overflow; a longer
            // port goes to the strict reader, which refuses it.
            while index < count, ASCIIByte.isDigit(bytes[index]) {
                if index - portStart < 5 { port = port * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            guard index > portStart, index - portStart <= 5, port >= 1, port <= 65535 else { return nil }
            spans.explicitPort = port
        }
        // The authority ends only at `/`, `?`, `#` or the end.
        if index < count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?"),
            bytes[index] != UInt8(ascii: "#")
        {
            return nil
        }
        // Path, then `?query`, then `#fragment`.
        let pathStart = index
        guard readURLCharacters(bytes, from: &index, allowingQuestionMark: false, hasPercent: &spans.pathHasPercent)
        else { return nil }
        spans.path = pathStart..<index
        var queryHasPercent = false
        if index < count, bytes[index] == UInt8(ascii: "?") {
            index += 1
            let queryStart = index
            guard readURLCharacters(bytes, from: &index, allowingQuestionMark: true, hasPercent: &queryHasPercent)
            else { return nil }
            spans.query = queryStart..<index
        }
        if index < count, bytes[index] == UInt8(ascii: "#") {
            index += 1
            let fragmentStart = index
            guard readURLCharacters(bytes, from: &index, allowingQuestionMark: true, hasPercent: &queryHasPercent)
            else { return nil }
            spans.fragment = fragmentStart..<index
        }
        return index == count ? spans : nil
    }

    /// Advances `index` over URL characters (and `?` when allowed), stopping at any other byte;
    /// `false` at an escape that is not `%` and two hex digits. Sets `hasPercent` when it passes one.
    @inline(__always) private static func readURLCharacters(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, allowingQuestionMark: Bool, hasPercent: inout Bool
    ) -> Bool {
        while index < bytes.count {
            // Eight bytes at a time while they are all lowercase letters, digits, '-', '.' or '/'.
            while index &+ 8 <= bytes.count,
                isPlainWord(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            {
                index &+= 8
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            guard
                allowingQuestionMark
                    ? URLCharacterClass.isQueryCharacter(byte) : URLCharacterClass.isPathCharacter(byte)
            else { return true }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, ASCIIByte.hexValue(bytes[index + 1]) != nil,
                    ASCIIByte.hexValue(bytes[index + 2]) != nil
                else { return false }
                hasPercent = true
                index += 2
            }
            index += 1
        }
        return true
    }

    /// Whether all eight bytes of `word` are lowercase letters, digits, `-`, `.` or `/` (the bulk
    /// of most paths), tested together: adding `0x80 - c` to a byte below `0x80` sets its top bit
    /// exactly when the byte is at least `c`, without a carry into the next byte.
    @inline(__always) static func isPlainWord(_ word: UInt64) -> Bool {
        let top: UInt64 = 0x8080_8080_8080_8080
        guard word & top == 0 else { return false }
        let atLeastA = word &+ 0x1F1F_1F1F_1F1F_1F1F  // ≥ 'a' (0x61)
        let pastZ = word &+ 0x0505_0505_0505_0505  // ≥ '{' (0x7B)
        let atLeastDash = word &+ 0x5353_5353_5353_5353  // ≥ '-' (0x2D)
        let pastNine = word &+ 0x4646_4646_4646_4646  // ≥ ':' (0x3A)
        return ((atLeastA & ~pastZ) | (atLeastDash & ~pastNine)) & top == top
    }

    /// The careful reader: every check, in an order that names the first problem.
    static func scanStrict(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Spans, LinkRefusal> {
        guard !bytes.isEmpty else { return .failure(.empty) }
        for offset in 0..<bytes.count {
            let byte = bytes[offset]
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") { continue }
            if byte == UInt8(ascii: " ") { return .failure(.whitespace(offset: offset)) }
            if byte < 0x20 || byte == 0x7F {
                return .failure(
                    byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
                        ? .whitespace(offset: offset) : .controlCharacter(offset: offset))
            }
            if byte == UInt8(ascii: "\\") { return .failure(.backslash(offset: offset)) }
            return .failure(.nonASCII(offset: offset))
        }
        // Scheme.
        guard let colon = leadingSchemeEnd(bytes) else { return .failure(.noScheme) }
        var spans = Spans(schemeEnd: colon, path: 0..<0)
        var index = colon + 1
        let hasAuthority =
            index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "/")
        if hasAuthority {
            index += 2
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"),
                bytes[end] != UInt8(ascii: "#")
            {
                end += 1
            }
            switch scanAuthority(bytes[index..<end]) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let parsed):
                spans.host = parsed.host
                spans.explicitPort = parsed.port
            }
            index = end
        } else if isSpecialScheme(UnsafeBufferPointer(rebasing: bytes[0..<colon])) {
            return .failure(.missingAuthority)
        }
        // Path, query, fragment.
        var pathEnd = index
        while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") {
            pathEnd += 1
        }
        var fragmentStart = bytes.count
        var cursor = pathEnd
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "?") {
            var queryEnd = cursor + 1
            while queryEnd < bytes.count, bytes[queryEnd] != UInt8(ascii: "#") { queryEnd += 1 }
            spans.query = (cursor + 1)..<queryEnd
            cursor = queryEnd
        }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
            spans.fragment = (cursor + 1)..<bytes.count
            fragmentStart = cursor
        }
        var offset = index
        while offset < bytes.count {
            defer { offset += 1 }
            if offset == pathEnd || offset == fragmentStart { continue }
            let byte = bytes[offset]
            if !isURLCharacter(byte, inPath: offset < pathEnd) {
                return .failure(.invalidCharacter(Character(Unicode.Scalar(byte)), offset: offset))
            }
            if byte == UInt8(ascii: "%") {
                guard offset + 2 < bytes.count, ASCIIByte.hexValue(bytes[offset + 1]) != nil,
                    ASCIIByte.hexValue(bytes[offset + 2]) != nil
                else { return .failure(.badPercentEncoding) }
                if offset < pathEnd { spans.pathHasPercent = true }
            }
        }
        spans.path = index..<pathEnd
        if !hasAuthority, pathEnd - index >= 2, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/")
        {
            return .failure(.emptySegment)
        }
        return .success(spans)
    }

    /// Whether the scheme bytes name one of ``specialSchemes``, compared without making a string.
    static func isSpecialScheme(_ scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        guard (2...5).contains(scheme.count) else { return false }
        return specialSchemes.contains(schemeString(scheme))
    }

    /// RFC 3986 pchar plus `/`, and `?` in query and fragment; `%` is checked separately.
    @inline(__always) static func isURLCharacter(_ byte: UInt8, inPath: Bool) -> Bool {
        if URLCharacterClass.has(byte, URLCharacterClass.unreserved | URLCharacterClass.pathExtra) { return true }
        return !inPath && byte == UInt8(ascii: "?")
    }

    static func scanAuthority(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Result<(host: Spans.Host, port: Int?), LinkRefusal> {
        if bytes.contains(UInt8(ascii: "@")) { return .failure(.userinfo) }
        if bytes.contains(UInt8(ascii: "%")) { return .failure(.percentInAuthority) }
        var hostBytes = bytes[...]
        var portBytes: Slice<UnsafeBufferPointer<UInt8>>?
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else {
                return .failure(.invalidHost(String(decoding: bytes, as: UTF8.self)))
            }
            hostBytes = bytes[bytes.startIndex...close]
            let after = bytes[(close + 1)...]
            if let first = after.first {
                guard first == UInt8(ascii: ":") else {
                    return .failure(.invalidHost(String(decoding: bytes, as: UTF8.self)))
                }
                portBytes = after.dropFirst()
            }
        } else if let colon = bytes.lastIndex(of: UInt8(ascii: ":")) {
            hostBytes = bytes[..<colon]
            portBytes = bytes[(colon + 1)...]
        }
        let range = hostBytes.startIndex..<hostBytes.endIndex
        let host: Spans.Host
        switch HostName.check(hostBytes) {
        case .invalid: return .failure(.invalidHost(String(decoding: hostBytes, as: UTF8.self)))
        case .plainName(let hasUpper): host = Spans.Host(range: range, hasUpper: hasUpper)
        case .address:
            let hasUpper = hostBytes.contains { URLCharacterClass.has($0, URLCharacterClass.upper) }
            host = Spans.Host(range: range, hasUpper: hasUpper)
        }
        guard let portBytes, !portBytes.isEmpty else { return .success((host, nil)) }
        var port = 0
        for byte in portBytes {
            guard portBytes.count <= 5, ASCIIByte.isDigit(byte) else {
                return .failure(.invalidPort(String(decoding: portBytes, as: UTF8.self)))
            }
            port = port * 10 + Int(byte - UInt8(ascii: "0"))
        }
        // Port 0 is not a port a URL can name (WebKit uses it for "the scheme's default", which a
        // URL writes by leaving the port out).
        guard port >= 1, port <= 65535 else {
            return .failure(.invalidPort(String(decoding: portBytes, as: UTF8.self)))
        }
        return .success((host, port))
    }
}
