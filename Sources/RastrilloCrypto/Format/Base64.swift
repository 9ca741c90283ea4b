/// Strict base64 (RFC 4648) in the two forms the Rastrillo formats use.
///
/// Decoding is canonical: no whitespace, no characters outside the alphabet, unused trailing
/// bits must be zero, and padding follows the chosen ``Padding`` rule, so every value has exactly
/// one accepted spelling (except where ``Padding/optional`` allows two).
///
/// ```swift
/// Base64.encode([0xFB, 0xFF], alphabet: .url, padded: false)          // "-_8"
/// try Base64.decode("-_8", alphabet: .url, padding: .forbidden, what: "t")  // [0xFB, 0xFF]
/// ```
public enum Base64 {
    /// Which 64-character alphabet.
    public enum Alphabet: Sendable {
        /// `A–Z a–z 0–9 + /` (standard).
        case standard
        /// `A–Z a–z 0–9 - _` (URL and filename safe).
        case url
    }

    /// What to do with `=` padding when decoding.
    public enum Padding: Sendable {
        /// Padding must be present (length a multiple of 4).
        case required
        /// Padding must be absent.
        case forbidden
        /// Either form is accepted (but not a partial padding).
        case optional
    }

    /// Encodes bytes.
    public static func encode(_ bytes: [UInt8], alphabet: Alphabet = .standard, padded: Bool = true) -> String {
        let table = Array((alphabet == .standard ? standardTable : urlTable).utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out.append(table[Int(value >> 18 & 63)])
            out.append(table[Int(value >> 12 & 63)])
            out.append(table[Int(value >> 6 & 63)])
            out.append(table[Int(value & 63)])
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            out.append(table[Int(value >> 18 & 63)])
            out.append(table[Int(value >> 12 & 63)])
            if rest == 2 { out.append(table[Int(value >> 6 & 63)]) }
            if padded { out.append(contentsOf: Array(repeating: UInt8(ascii: "="), count: 3 - rest)) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes canonical base64.
    /// - Parameters:
    ///   - text: the encoded value.
    ///   - alphabet: standard or URL-safe.
    ///   - padding: whether `=` padding is required, forbidden or optional.
    ///   - what: names the value in the error message.
    /// - Throws: ``CryptoError/malformedBase64(what:form:)``.
    public static func decode(
        _ text: String, alphabet: Alphabet = .standard, padding: Padding = .required, what: String
    ) throws(CryptoError) -> [UInt8] {
        let form = (alphabet == .standard ? "base64" : "base64url") + (padding == .forbidden ? " without padding" : "")
        let failure = CryptoError.malformedBase64(what: what, form: form)
        var chars = Array(text.utf8)
        var padCount = 0
        while chars.last == UInt8(ascii: "=") {
            chars.removeLast()
            padCount += 1
        }
        switch padding {
        case .required:
            guard (chars.count + padCount) % 4 == 0, padCount == (4 - chars.count % 4) % 4 else { throw failure }
        case .forbidden:
            guard padCount == 0 else { throw failure }
        case .optional:
            guard padCount == 0 || ((chars.count + padCount) % 4 == 0 && padCount == (4 - chars.count % 4) % 4) else {
                throw failure
            }
        }
        guard chars.count % 4 != 1 else { throw failure }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for char in chars {
            guard let value = sextet(char, alphabet) else { throw failure }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        // Unused trailing bits must be zero (canonical spelling).
        guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else { throw failure }
        return out
    }

    private static let standardTable = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    private static let urlTable = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

    private static func sextet(_ char: UInt8, _ alphabet: Alphabet) -> UInt8? {
        switch char {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return char - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return char - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return char - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+") where alphabet == .standard: return 62
        case UInt8(ascii: "/") where alphabet == .standard: return 63
        case UInt8(ascii: "-") where alphabet == .url: return 62
        case UInt8(ascii: "_") where alphabet == .url: return 63
        default: return nil
        }
    }
}
