import RastrilloJSON

/// Percent-decoding shared by pattern parsing and the link router.
enum PercentDecoding {
    /// Decodes `%XX` escapes in `text`; `nil` when an escape is malformed or the
    /// result is not valid UTF-8. `+` is left alone (paths are not form-encoded).
    static func decode(_ text: some StringProtocol, plusAsSpace: Bool = false) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "%")) || (plusAsSpace && bytes.contains(UInt8(ascii: "+"))) else {
            return String(text)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = ASCIIByte.hexValue(bytes[index + 1]),
                    let low = ASCIIByte.hexValue(bytes[index + 2])
                else { return nil }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return UTF8Text.string(out)
    }

    /// Decodes every well-formed `%XX` escape in `text` and keeps malformed ones as written;
    /// bytes that are not UTF-8 become U+FFFD. For recognising a shape, never for reading a value.
    static func decodeLoosely(_ text: some StringProtocol) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = ASCIIByte.hexValue(bytes[index + 1]),
                let low = ASCIIByte.hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters and `extra`.
    static func encode(_ text: String, keeping extra: String = "") -> String {
        // `extra` is a handful of ASCII characters: a linear scan beats building a Set per call,
        // and text with nothing to encode (the usual case) is returned as is.
        func keep(_ byte: UInt8) -> Bool { isUnreserved(byte) || extra.utf8.contains(byte) }
        if text.utf8.allSatisfy(keep) { return text }
        var out = ""
        for byte in text.utf8 {
            if keep(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
}
