/// Finds CRLF-terminated lines in a buffer that grows at its end, looking at each byte once: a
/// head dripped one byte per read costs time linear in its length, not quadratic.
struct CRLFScanner {
    /// The index in the buffer where the next search starts (every byte before it holds no CRLF
    /// start, except possibly a CR as the last byte looked at).
    private(set) var searchFrom = 0
    /// Bytes looked at in all (what a test of linearity counts).
    private(set) var examined = 0

    /// The range of the next line (its CRLF included) starting at `start` in `buffer`, or `nil`
    /// when no CRLF has arrived yet; call again after the buffer grows.
    mutating func nextLine(in buffer: [UInt8], from start: Int) -> Range<Int>? {
        var index = max(start, searchFrom)
        while index + 1 < buffer.count {
            examined += 1
            if buffer[index] == 13 && buffer[index + 1] == 10 {
                searchFrom = index + 2
                return start..<(index + 2)
            }
            index += 1
        }
        searchFrom = max(start, index)
        return nil
    }

    /// The buffer lost its first `count` bytes: indices move down.
    mutating func shift(by count: Int) {
        searchFrom = max(0, searchFrom - count)
    }
}

/// Reads a chunk-size line of a chunked body as RFC 9112 §7.1 writes it: one to fifteen hex
/// digits (`chunk-size = 1*HEXDIG`: no sign, no space or other white space before them), then
/// nothing, or optional spaces or tabs (BWS) and `;` starting a chunk extension.
enum ChunkSizeLine {
    /// The chunk size, or `nil` when the line is not one.
    static func size(_ line: [UInt8]) -> Int? {
        var digits = 0
        var size = 0
        var index = 0
        while index < line.count, let value = hexValue(line[index]) {
            digits += 1
            guard digits <= 15 else { return nil }
            size = size * 16 + value
            index += 1
        }
        guard digits > 0 else { return nil }
        if index == line.count { return size }
        while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        return index < line.count && line[index] == UInt8(ascii: ";") ? size : nil
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x41 + 10)
        case 0x61...0x66: return Int(byte - 0x61 + 10)
        default: return nil
        }
    }
}
