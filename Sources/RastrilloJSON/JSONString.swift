/// Emits JSON string literals safely.
///
/// ``quoted(_:)`` escapes `"` and `\`, every control character (U+0000–U+001F, as `\b \f \n \r \t`
/// or `\u00XX`), U+2028/U+2029 (as `\u2028`/`\u2029`) and U+FEFF (as `\ufeff`: a byte order mark
/// that Go's compiler refuses inside a file), so the output is valid JSON and also a valid
/// JavaScript string literal (safe to splice into a script or generated source). Everything else
/// is copied as UTF-8, unescaped.
///
/// ```swift
/// JSONString.quoted("say \"hi\"\n")   // "\"say \\\"hi\\\"\\n\""
/// ```
public enum JSONString {
    /// `s` as a JSON string literal, with the surrounding double quotes.
    public static func quoted(_ s: String) -> String {
        var text = s
        return text.withUTF8 { source in
            if !source.contains(where: needsEscape) {
                // Written in one go: no appends, and short results stay small (inline) strings.
                return String(unsafeUninitializedCapacity: source.count + 2) { buffer in
                    buffer[0] = UInt8(ascii: "\"")
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[1...]).initialize(from: source)
                    buffer[source.count + 1] = UInt8(ascii: "\"")
                    return source.count + 2
                }
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(source.count + 16)
            appendQuoted(source, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Appends `s` as a JSON string literal (with quotes) to a UTF-8 byte buffer.
    public static func appendQuoted(_ s: String, to bytes: inout [UInt8]) {
        var text = s
        text.withUTF8 { source in appendQuoted(source, to: &bytes) }
    }

    static func appendQuoted(_ source: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while index < source.count {
            let byte = source[index]
            guard needsEscape(byte) else {
                index += 1
                continue
            }
            var escapeLength = 1
            var escaped: StaticString? = nil
            var unicode: UInt16? = nil
            switch byte {
            case UInt8(ascii: "\""): escaped = "\\\""
            case UInt8(ascii: "\\"): escaped = "\\\\"
            case 0x08: escaped = "\\b"
            case 0x0C: escaped = "\\f"
            case 0x0A: escaped = "\\n"
            case 0x0D: escaped = "\\r"
            case 0x09: escaped = "\\t"
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other E2 sequence is copied.
                if index + 2 < source.count && source[index + 1] == 0x80
                    && (source[index + 2] == 0xA8 || source[index + 2] == 0xA9)
                {
                    unicode = source[index + 2] == 0xA8 ? 0x2028 : 0x2029
                    escapeLength = 3
                } else {
                    index += 1
                    continue
                }
            case 0xEF:
                // U+FEFF is EF BB BF; any other EF sequence is copied.
                if index + 2 < source.count && source[index + 1] == 0xBB && source[index + 2] == 0xBF {
                    unicode = 0xFEFF
                    escapeLength = 3
                } else {
                    index += 1
                    continue
                }
            default: unicode = UInt16(byte)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
            if let escaped {
                bytes.append(
                    contentsOf: UnsafeBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
            } else if let unicode {
                appendUnicodeEscape(unicode, to: &bytes)
            }
            index += escapeLength
            runStart = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
        bytes.append(UInt8(ascii: "\""))
    }

    @inline(__always) static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 || byte == 0xEF
    }

    private static func appendUnicodeEscape(_ unit: UInt16, to bytes: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(digits.utf8Start[Int(unit >> UInt16(shift) & 0xF)])
        }
    }
}
