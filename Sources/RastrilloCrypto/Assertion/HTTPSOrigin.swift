/// The canonical HTTPS origin grammar used for `iss` and `aud`.
///
/// `https://` then a host of lowercase `[a-z0-9-]` labels (1–63 each, dot-separated), whose last
/// label contains a letter and is not `0x…` hex (so no IPv4 literal in any spelling), no IPv6
/// literal, an optional port without leading zeros that is not `443` (1–65535), and nothing else:
/// no path, userinfo, query or fragment.
public enum HTTPSOrigin {
    /// Why `origin` is not canonical, or `nil` when it is.
    public static func problem(_ origin: String) -> String? {
        let prefix = "https://"
        guard origin.hasPrefix(prefix) else { return "it must start with https://" }
        let rest = Array(origin.utf8.dropFirst(prefix.utf8.count))
        var host = rest[...]
        if let colon = rest.firstIndex(of: UInt8(ascii: ":")) {
            host = rest[..<colon]
            let port = rest[(colon + 1)...]
            if let problem = portProblem(Array(port)) { return problem }
        }
        let labels = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for label in labels {
            guard (1...63).contains(label.count) else { return "each host label must have 1 to 63 characters" }
            guard label.allSatisfy(isLabelByte) else {
                return "the host may use only lowercase a-z, 0-9, '-' and '.' (no path, query, userinfo or IP literal)"
            }
        }
        let last = labels.last ?? []
        guard last.contains(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else {
            return "the last host label must contain a letter (no IP address literals)"
        }
        if last.count >= 2, last[last.startIndex] == UInt8(ascii: "0"), last[last.startIndex + 1] == UInt8(ascii: "x"),
            last.dropFirst(2).allSatisfy(isHexDigit)
        {
            return "the last host label must not be a 0x hex number"
        }
        return nil
    }

    private static func portProblem(_ port: [UInt8]) -> String? {
        guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return "the port must be digits only, with nothing after it"
        }
        guard port[0] != UInt8(ascii: "0") else { return "the port must not have a leading zero" }
        let value = port.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard value <= 65535 else { return "the port must be at most 65535" }
        guard value != 443 else { return "leave out :443 (it is the https default)" }
        return nil
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
