/// Tests and conversions on one byte of UTF-8 text, as ASCII: the URL reader, the router and the
/// manifest's validators share them. A byte of a multi-byte UTF-8 sequence (0x80 and above) is
/// never a letter, a digit or a hex digit, and ``lowercase(_:)`` leaves it as it is.
enum ASCIIByte {
    /// `A-Z` or `a-z`.
    @inline(__always) static func isAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// `0-9`.
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `A-Z`, `a-z` or `0-9`.
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `byte` with `A-Z` mapped to `a-z`; every other byte unchanged.
    @inline(__always) static func lowercase(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// The value of the hex digit `byte` (`0-9`, `a-f`, `A-F`), or `nil` for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
