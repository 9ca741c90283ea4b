/// A URL read from its raw string by RastrilloNative's own strict reader.
///
/// It never repairs: anything two URL parsers could read differently (a
/// backslash, whitespace, control characters, userinfo, escapes in the
/// authority, non-canonical IP hosts, `https:host` without `//`) is refused
/// with a ``LinkRefusal``. The scheme and host are lowercased; the path, query
/// and fragment are kept percent-encoded exactly as written.
public struct RawURL: Sendable, Hashable {
    /// The lowercased scheme.
    public let scheme: String
    /// The lowercased host, when the URL has an authority (`//host`).
    public let host: String?
    /// The explicit port, or the scheme's default; `nil` without authority or default.
    public let port: Int?
    /// The path as written (percent-encoded); empty when absent.
    public let rawPath: String
    /// The query without `?`, as written.
    public let rawQuery: String?
    /// The fragment without `#`, as written.
    public let rawFragment: String?

    /// The lowercased scheme `text` starts with, if it starts with a syntactically valid one.
    public static func leadingScheme(_ text: String) -> String? {
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), let first = bytes.first, isAlpha(first) else {
            return nil
        }
        let body = bytes[bytes.startIndex..<colon]
        guard body.allSatisfy({ isAlpha($0) || isDigit($0) || "+-.".utf8.contains($0) }) else { return nil }
        return String(decoding: body, as: UTF8.self).lowercased()
    }

    /// The schemes WHATWG treats as "special" (they always have an authority).
    static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]

    /// Reads `text`, refusing anything ambiguous.
    public static func read(_ text: String) -> Result<RawURL, LinkRefusal> {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return .failure(.empty) }
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: " ") { return .failure(.whitespace(offset: offset)) }
            if byte < 0x20 || byte == 0x7F {
                return .failure(
                    byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
                        ? .whitespace(offset: offset) : .controlCharacter(offset: offset))
            }
            if byte == UInt8(ascii: "\\") { return .failure(.backslash(offset: offset)) }
            if byte >= 0x80 { return .failure(.nonASCII(offset: offset)) }
        }
        // Scheme.
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(bytes[0]),
            bytes[1..<colon].allSatisfy({ isAlpha($0) || isDigit($0) || "+-.".utf8.contains($0) })
        else { return .failure(.noScheme) }
        let scheme = String(decoding: bytes[0..<colon], as: UTF8.self).lowercased()
        var index = colon + 1
        var host: String?
        var port: Int?
        let hasAuthority =
            index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "/")
        if hasAuthority {
            index += 2
            var end = index
            while end < bytes.count, !"/?#".utf8.contains(bytes[end]) { end += 1 }
            let authority = Array(bytes[index..<end])
            switch readAuthority(authority, scheme: scheme) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let parsed):
                host = parsed.host
                port = parsed.port
            }
            index = end
        } else if specialSchemes.contains(scheme) {
            return .failure(.missingAuthority)
        }
        // Path, query, fragment.
        var pathEnd = index
        while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") {
            pathEnd += 1
        }
        var query: String?
        var fragment: String?
        var fragmentStart = bytes.count
        var cursor = pathEnd
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "?") {
            var queryEnd = cursor + 1
            while queryEnd < bytes.count, bytes[queryEnd] != UInt8(ascii: "#") { queryEnd += 1 }
            query = String(decoding: bytes[(cursor + 1)..<queryEnd], as: UTF8.self)
            cursor = queryEnd
        }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
            fragment = String(decoding: bytes[(cursor + 1)...], as: UTF8.self)
            fragmentStart = cursor
        }
        for offset in index..<bytes.count where offset != pathEnd && offset != fragmentStart {
            let byte = bytes[offset]
            if !isURLCharacter(byte, inPath: offset < pathEnd) {
                return .failure(.invalidCharacter(Character(Unicode.Scalar(byte)), offset: offset))
            }
            if byte == UInt8(ascii: "%") {
                guard offset + 2 < bytes.count, PercentDecoding.hexValue(bytes[offset + 1]) != nil,
                    PercentDecoding.hexValue(bytes[offset + 2]) != nil
                else { return .failure(.badPercentEncoding) }
            }
        }
        let path = String(decoding: bytes[index..<pathEnd], as: UTF8.self)
        if hasAuthority == false, !path.isEmpty, path.hasPrefix("//") { return .failure(.emptySegment) }
        return .success(
            RawURL(scheme: scheme, host: host, port: port, rawPath: path, rawQuery: query, rawFragment: fragment))
    }

    static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// RFC 3986 pchar plus `/`, and `?` in query and fragment; `%` is checked separately.
    static func isURLCharacter(_ byte: UInt8, inPath: Bool) -> Bool {
        if PercentDecoding.isUnreserved(byte) || "!$&'()*+,;=:@/%".utf8.contains(byte) { return true }
        return !inPath && byte == UInt8(ascii: "?")
    }

    static func readAuthority(_ bytes: [UInt8], scheme: String) -> Result<(host: String, port: Int?), LinkRefusal> {
        if bytes.contains(UInt8(ascii: "@")) { return .failure(.userinfo) }
        if bytes.contains(UInt8(ascii: "%")) { return .failure(.percentInAuthority) }
        var hostBytes = bytes[...]
        var portText: String?
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else {
                return .failure(.invalidHost(String(decoding: bytes, as: UTF8.self)))
            }
            hostBytes = bytes[0...close]
            let after = bytes[(close + 1)...]
            if let first = after.first {
                guard first == UInt8(ascii: ":") else {
                    return .failure(.invalidHost(String(decoding: bytes, as: UTF8.self)))
                }
                portText = String(decoding: after.dropFirst(), as: UTF8.self)
            }
        } else if let colon = bytes.lastIndex(of: UInt8(ascii: ":")) {
            hostBytes = bytes[..<colon]
            portText = String(decoding: bytes[(colon + 1)...], as: UTF8.self)
        }
        let rawHost = String(decoding: hostBytes, as: UTF8.self)
        guard let host = HostName.canonical(rawHost) else { return .failure(.invalidHost(rawHost)) }
        var port = ManifestOrigin.defaultPort(for: scheme)
        if let portText, !portText.isEmpty {
            guard portText.utf8.count <= 5, portText.utf8.allSatisfy(isDigit), let value = Int(portText), value <= 65535
            else { return .failure(.invalidPort(portText)) }
            port = value
        }
        return .success((host, port))
    }
}
