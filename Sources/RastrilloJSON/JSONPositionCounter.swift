/// Turns byte offsets into ``JSONPosition``s (line and column), counting forward from the last
/// offset it was asked for, so positions asked for in increasing order cost one pass over the
/// document in all. Asking for an earlier offset starts again from the beginning.
struct JSONPositionCounter {
    private var offset = 0
    private var line = 1
    private var column = 1

    /// The position of `target` (at most `bytes.count`).
    mutating func position(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONPosition {
        if target < offset { self = JSONPositionCounter() }
        var cursor = offset
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while cursor < target {
            // 8 bytes at a time when they hold no line feed: every byte starts a scalar except
            // continuation bytes (10xxxxxx).
            if cursor + 8 <= target, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
                let feed = word ^ (ones &* 0x0A)
                if (feed &- ones) & ~feed & highs == 0 {
                    column += 8 - (word & ~(word << 1) & highs).nonzeroBitCount
                    cursor += 8
                    continue
                }
            }
            let byte = bytes[cursor]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            cursor += 1
        }
        offset = target
        return JSONPosition(offset: target, line: line, column: column)
    }
}
