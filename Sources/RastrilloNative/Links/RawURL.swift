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
}
