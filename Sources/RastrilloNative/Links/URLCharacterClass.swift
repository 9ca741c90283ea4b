/// ASCII character classes for the URL reader, as one table lookup per byte.
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

    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = unreserved | scheme | host }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = unreserved | scheme | host | upper }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = unreserved | scheme | host }
        for byte in "-._~".utf8 { table[Int(byte)] |= unreserved }
        for byte in "!$&'()*+,;=:@/%".utf8 { table[Int(byte)] |= pathExtra }
        for byte in "+-.".utf8 { table[Int(byte)] |= scheme }
        for byte in "-_.".utf8 { table[Int(byte)] |= host }
        return table
    }()

    @inline(__always) static func has(_ byte: UInt8, _ mask: UInt8) -> Bool { table[Int(byte)] & mask != 0 }
}
