/// Query-string reading shared by the router: `&`-separated `name=value`
/// pairs, `+` as space, percent-decoded.
enum QueryItems {
    /// The items of `rawQuery`; refuses a malformed escape or invalid UTF-8
    /// (``LinkRefusal/badPercentEncoding``) and an escape that decodes to a control character
    /// (U+0000–U+001F, U+007F: ``LinkRefusal/controlCharacter(offset:)``, the offset of its `%`
    /// within `rawQuery`), in names and values alike, as the path does.
    static func parse(_ rawQuery: String?) -> Result<[(String, String)], LinkRefusal> {
        guard let rawQuery, !rawQuery.isEmpty else { return .success([]) }
        var items: [(String, String)] = []
        for pair in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(parts[0], plusAsSpace: true),
                let value = PercentDecoding.decode(parts.count > 1 ? parts[1] : "", plusAsSpace: true)
            else { return .failure(.badPercentEncoding) }
            // Pair by pair, as the emitted JavaScript decides: the first bad pair names the refusal.
            if let offset = controlEscapeOffset(pair.utf8) {
                let pairStart = rawQuery.utf8.distance(from: rawQuery.utf8.startIndex, to: pair.startIndex)
                return .failure(.controlCharacter(offset: pairStart + offset))
            }
            items.append((name, value))
        }
        return .success(items)
    }

    /// The offset of the first `%XX` escape in `bytes` that decodes to a control character
    /// (below 0x20, or 0x7F); `nil` when there is none. (Raw control characters never get this
    /// far: the URL reader refuses them.)
    static func controlEscapeOffset(_ bytes: Substring.UTF8View) -> Int? {
        var offset = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%") {
                let first = bytes.index(after: index)
                if first != bytes.endIndex, let high = ASCIIByte.hexValue(bytes[first]) {
                    let second = bytes.index(after: first)
                    if second != bytes.endIndex, let low = ASCIIByte.hexValue(bytes[second]) {
                        let byte = high << 4 | low
                        if byte < 0x20 || byte == 0x7F { return offset }
                    }
                }
            }
            index = bytes.index(after: index)
            offset += 1
        }
        return nil
    }
}
