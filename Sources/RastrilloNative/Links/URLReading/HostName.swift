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
        var raw = raw
        return raw.withUTF8 { bytes in
            switch check(bytes[...]) {
            case .invalid: return nil
            case .plainName(let hasUpper):
                let host = String(decoding: bytes, as: UTF8.self)
                return hasUpper ? host.lowercased() : host
            case .address(let host): return host
            }
        }
    }

    /// The host as WHATWG URL reads it under `scheme` (lowercase), if ``canonical(_:)`` accepts
    /// it: lowercased under a special scheme and for an IPv6 address, kept as written for a
    /// custom scheme's name (WHATWG's opaque host keeps its case).
    static func canonical(_ raw: String, scheme: String) -> String? {
        guard let lowercased = canonical(raw) else { return nil }
        return RawURL.specialSchemes.contains(scheme) || raw.hasPrefix("[") ? lowercased : raw
    }

    /// What ``check(_:)`` found.
    enum Check: Equatable {
        /// Not a host every parser reads the same way.
        case invalid
        /// A DNS name whose last label is not numeric; its lowercase form is the canonical host.
        case plainName(hasUpper: Bool)
        /// A canonical IPv4 or bracketed IPv6 address, as text.
        case address(String)
    }

    /// Checks raw host bytes without making a string for the common case (a DNS name).
    static func check(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Check {
        guard let first = bytes.first else { return .invalid }
        if first == UInt8(ascii: "[") {
            return canonicalIPv6(String(decoding: bytes, as: UTF8.self).lowercased()).map(Check.address) ?? .invalid
        }
        // Labels: non-empty, ≤ 63 bytes, letters, digits, '-' and '_', not starting or ending with '-'.
        var labelLength = 0
        var previous: UInt8 = UInt8(ascii: ".")
        var hasUpper = false
        var lastLabelStart = bytes.startIndex
        var labelCount = 1
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                guard labelLength > 0, previous != UInt8(ascii: "-") else { return .invalid }
                labelLength = 0
                labelCount += 1
                lastLabelStart = index + 1
            } else {
                guard URLCharacterClass.has(byte, URLCharacterClass.host) else { return .invalid }
                if labelLength == 0, byte == UInt8(ascii: "-") { return .invalid }
                labelLength += 1
                guard labelLength <= 63 else { return .invalid }
                hasUpper = hasUpper || URLCharacterClass.has(byte, URLCharacterClass.upper)
            }
            previous = byte
            index += 1
        }
        guard labelLength > 0, previous != UInt8(ascii: "-") else { return .invalid }
        // WHATWG treats a host whose last label is numeric (decimal or 0x-hex) as IPv4.
        let last = bytes[lastLabelStart...]
        let lastIsNumeric =
            last.allSatisfy(ASCIIByte.isDigit)
            || (last.count >= 2 && last[last.startIndex] == UInt8(ascii: "0")
                && last[last.startIndex + 1] | 0x20 == UInt8(ascii: "x")
                && last.dropFirst(2).allSatisfy { ASCIIByte.hexValue($0) != nil })
        guard lastIsNumeric else { return .plainName(hasUpper: hasUpper) }
        let host = String(decoding: bytes, as: UTF8.self)
        guard labelCount == 4 else { return .invalid }
        for label in host.split(separator: ".") {
            guard label.utf8.allSatisfy(ASCIIByte.isDigit), label.utf8.count <= 3, let value = Int(label),
                value <= 255,
                label == String(value)
            else { return .invalid }
        }
        return .address(host)
    }

    /// The bracketed host if it is already in RFC 5952 canonical form, else `nil`.
    static func canonicalIPv6(_ host: String) -> String? {
        guard host.hasPrefix("["), host.hasSuffix("]"), host.count > 2 else { return nil }
        let inner = host.dropFirst().dropLast()
        guard inner.utf8.allSatisfy({ ASCIIByte.hexValue($0) != nil || $0 == UInt8(ascii: ":") }) else {
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
