/// ASCII character classes for the URL reader, as bit flags per byte.
///
/// Computed by a `switch` rather than read from a global table, so the hot path
/// never pays a lazy global's initialisation check.
enum URLCharacterClass {
    /// RFC 3986 unreserved: `A-Z a-z 0-9 - . _ ~`.
    static let unreserved: UInt8 = 1
    /// Allowed in a path segment besides unreserved: sub-delims, `:`, `@`, `%` and `/`.
    static let pathExtra: UInt8 = 2
    /// Scheme characters after the first: letters, digits, `+ - .`.
    static let scheme: UInt8 = 4
    /// Host characters: letters, digits, `-`, `_`, `.`.
    static let host: UInt8 = 8
    /// Uppercase ASCII letter.
    static let upper: UInt8 = 16

    /// Every class `byte` belongs to.
    @inline(__always) static func classes(of byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return unreserved | scheme | host
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return unreserved | scheme | host | upper
        case UInt8(ascii: "-"), UInt8(ascii: "."): return unreserved | scheme | host
        case UInt8(ascii: "_"): return unreserved | host
        case UInt8(ascii: "~"): return unreserved
        case UInt8(ascii: "+"): return pathExtra | scheme
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            return pathExtra
        default: return 0
        }
    }

    @inline(__always) static func has(_ byte: UInt8, _ mask: UInt8) -> Bool { classes(of: byte) & mask != 0 }

    // The same sets as bits over ASCII (bit `b` of `low` for bytes below 64, bit `b - 64` of `high`
    // above), for the URL reader's one-pass path: a membership test is a shift and a mask, with
    // no branch per character class. A test checks every byte against ``classes(of:)``.

    /// In a path: ``unreserved`` or ``pathExtra`` (`%` included; its escape is checked separately).
    @inline(__always) static func isPathCharacter(_ byte: UInt8) -> Bool {
        inSet(byte, low: 0x2FFF_FFF2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    }

    /// In a query or fragment: a path character or `?`.
    @inline(__always) static func isQueryCharacter(_ byte: UInt8) -> Bool {
        inSet(byte, low: 0xAFFF_FFF2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    }

    /// In a host label: ``host`` without `.` (letters, digits, `-`, `_`).
    @inline(__always) static func isHostLabelCharacter(_ byte: UInt8) -> Bool {
        inSet(byte, low: 0x03FF_2000_0000_0000, high: 0x07FF_FFFE_87FF_FFFE)
    }

    @inline(__always) private static func inSet(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        let word = byte < 64 ? low : high
        return byte < 128 && (word >> UInt64(byte & 63)) & 1 != 0
    }
}
