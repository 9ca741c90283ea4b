/// Makes text that came from input safe to print: to a terminal, a log, CI output.
///
/// Structured values (``LinkRefusal``, ``LinkRouter/RefusalEvent``, ``ManifestIssue``) keep the
/// input exactly as it was given; their `description`s — and the command-line tool's output —
/// pass through `escaped(_:)` so that nothing read from a URL, a manifest or a page
/// can move the cursor, recolour a terminal, forge a log line or reorder the text around it.
///
/// ## The form
///
/// Every byte of a character that is escaped is written as `\x` and two uppercase hex digits
/// (the character's UTF-8 bytes, one escape per byte), and nothing else is changed. Escaped are:
///
/// - C0 controls U+0000–U+001F (tab and newline included: `\x09`, `\x0A`) and DEL U+007F (`\x7F`);
/// - C1 controls U+0080–U+009F (NEL U+0085 is `\xC2\x85`);
/// - the bidirectional embedding, override and isolate controls U+202A–U+202E and
///   U+2066–U+2069 (RIGHT-TO-LEFT OVERRIDE U+202E is `\xE2\x80\xAE`);
/// - each byte that is not part of well-formed UTF-8 (`escaped(_:)` of bytes only: a Swift
///   `String` is always well-formed), such as `\xFF`;
/// - the backslash itself (`\x5C`), so an escape in the output always stands for an escaped
///   byte and never for text that looked like one.
///
/// ```swift
/// DiagnosticText.escaped("refused https://a.example/\u{1B}[2J")  // refused https://a.example/\x1B[2J
/// DiagnosticText.escaped("x\u{202E}fdp.exe")                    // x\xE2\x80\xAEfdp.exe
/// DiagnosticText.escaped([0x61, 0xFF, 0x62])                     // a\xFFb
/// ```
public enum DiagnosticText {
    /// `text` with every character the form above names escaped; text without one is returned as is.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                for byte in String(scalar).utf8 { appendEscape(byte, to: &out) }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `bytes` read as UTF-8 with every character the form above names escaped, and each byte
    /// that is not part of a well-formed UTF-8 sequence written as `\xHH`.
    public static func escaped<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let bytes = Array(bytes)
        var out = ""
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard let (scalar, length) = scalar(in: bytes, at: index) else {
                appendEscape(bytes[index], to: &out)
                index += 1
                continue
            }
            if needsEscape(scalar) {
                for byte in bytes[index..<(index + length)] { appendEscape(byte, to: &out) }
            } else {
                out.unicodeScalars.append(scalar)
            }
            index += length
        }
        return out
    }

    /// Whether `scalar` is escaped: C0, DEL, C1, the bidi controls, or the backslash.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x5C, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func appendEscape(_ byte: UInt8, to out: inout String) {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        out += "\\x"
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0xF)])
    }

    /// The well-formed UTF-8 scalar starting at `index` and its length in bytes (RFC 3629: no
    /// overlong forms, no surrogates, nothing above U+10FFFF), or `nil`.
    static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        var lowest: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (length, value, lowest) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (length, value, lowest) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (length, value, lowest) = (4, UInt32(lead & 0x07), 0x1_0000)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= lowest, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
