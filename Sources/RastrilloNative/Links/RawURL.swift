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
        guard body.allSatisfy({ URLCharacterClass.has($0, URLCharacterClass.scheme) }) else { return nil }
        let scheme = String(decoding: body, as: UTF8.self)
        return body.contains(where: { URLCharacterClass.has($0, URLCharacterClass.upper) })
            ? scheme.lowercased() : scheme
    }

    /// The schemes WHATWG treats as "special" (they always have an authority).
    static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]

    /// Reads `text`, refusing anything ambiguous.
    public static func read(_ text: String) -> Result<RawURL, LinkRefusal> {
        var text = text
        return text.withUTF8 { read(bytes: $0) }
    }

    static func read(bytes: UnsafeBufferPointer<UInt8>) -> Result<RawURL, LinkRefusal> {
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
            bytes[1..<colon].allSatisfy({ URLCharacterClass.has($0, URLCharacterClass.scheme) })
        else { return .failure(.noScheme) }
        let schemeBytes = bytes[0..<colon]
        let scheme =
            schemeBytes.contains(where: { URLCharacterClass.has($0, URLCharacterClass.upper) })
            ? String(decoding: schemeBytes, as: UTF8.self).lowercased() : String(decoding: schemeBytes, as: UTF8.self)
        var index = colon + 1
        var host: String?
        var port: Int?
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
            let authority = bytes[index..<end]
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

    @inline(__always) static func isAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// RFC 3986 pchar plus `/`, and `?` in query and fragment; `%` is checked separately.
    @inline(__always) static func isURLCharacter(_ byte: UInt8, inPath: Bool) -> Bool {
        if URLCharacterClass.has(byte, URLCharacterClass.unreserved | URLCharacterClass.pathExtra) { return true }
        return !inPath && byte == UInt8(ascii: "?")
    }

    static func readAuthority(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>, scheme: String
    ) -> Result<(host: String, port: Int?), LinkRefusal> {
        if bytes.contains(UInt8(ascii: "@")) { return .failure(.userinfo) }
        if bytes.contains(UInt8(ascii: "%")) { return .failure(.percentInAuthority) }
        var hostBytes = bytes[...]
        var portText: String?
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
