/// Host canonicalisation shared by origin parsing and the router: only hosts
/// that every URL parser reads the same way are accepted.
enum HostName {
    /// The lowercased host if it is a plain DNS name, a canonical dotted-quad
    /// IPv4 address or a canonical (RFC 5952) bracketed IPv6 address; `nil` otherwise.
    ///
    /// Numeric forms WHATWG would reinterpret (`2130706433`, `0x7f.1`, `127.1`,
    /// `010.0.0.1`) and IPv6 text WHATWG would rewrite (`[0:0::1]`) are refused,
    /// so no two parsers can disagree about which host a URL names.
    static func canonical(_ raw: String) -> String? {
        let host = raw.lowercased()
        guard !host.isEmpty else { return nil }
        if host.hasPrefix("[") { return canonicalIPv6(host) }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            guard !label.isEmpty, label.utf8.count <= 63,
                label.utf8.allSatisfy({
                    ManifestIdentifier.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                }),
                label.utf8.first != UInt8(ascii: "-"), label.utf8.last != UInt8(ascii: "-")
            else { return nil }
        }
        // WHATWG treats a host whose last label is numeric (decimal or 0x-hex) as IPv4.
        let last = labels[labels.count - 1]
        let lastIsNumeric =
            last.utf8.allSatisfy(RawURL.isDigit)
            || (last.hasPrefix("0x") && last.dropFirst(2).utf8.allSatisfy { PercentDecoding.hexValue($0) != nil })
        if lastIsNumeric {
            guard labels.count == 4 else { return nil }
            for label in labels {
                guard label.utf8.allSatisfy(RawURL.isDigit), label.utf8.count <= 3, let value = Int(label),
                    value <= 255,
                    label == String(value)
                else { return nil }
            }
        }
        return host
    }

    /// The bracketed host if it is already in RFC 5952 canonical form, else `nil`.
    static func canonicalIPv6(_ host: String) -> String? {
        guard host.hasPrefix("["), host.hasSuffix("]"), host.count > 2 else { return nil }
        let inner = host.dropFirst().dropLast()
        guard inner.utf8.allSatisfy({ PercentDecoding.hexValue($0) != nil || $0 == UInt8(ascii: ":") }) else {
            return nil
        }
        // Expand.
        let halves = inner.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ text: String) -> [UInt16]? {
            if text.isEmpty { return [] }
            var out: [UInt16] = []
            for part in text.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(part.utf8.count), let value = UInt16(part, radix: 16) else { return nil }
                out.append(value)
            }
            return out
        }
        guard let head = groups(halves[0]) else { return nil }
        var words = head
        if halves.count == 2 {
            guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
            words += [UInt16](repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard words.count == 8 else { return nil }
        // Canonical: longest run (≥2) of zero words compressed, leftmost on ties; lowercase hex, no leading zeros.
        var bestStart = -1
        var bestLength = 1
        var index = 0
        while index < 8 {
            if words[index] == 0 {
                var end = index
                while end < 8, words[end] == 0 { end += 1 }
                if end - index > bestLength {
                    bestStart = index
                    bestLength = end - index
                }
                index = end
            } else {
                index += 1
            }
        }
        var text = ""
        index = 0
        while index < 8 {
            if index == bestStart {
                text += "::"
                index += bestLength
                continue
            }
            if !text.isEmpty, !text.hasSuffix(":") { text += ":" }
            text += String(words[index], radix: 16)
            index += 1
        }
        return "[\(text)]" == host ? host : nil
    }
}
