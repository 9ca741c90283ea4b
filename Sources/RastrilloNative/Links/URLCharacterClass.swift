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
}
