/// A fixed list of names to match a document's keys against, byte for byte, without building
/// strings (``JSONDocument/index(ofKeyAt:in:)``).
///
/// ```swift
/// let table = JSONKeyTable(["title", "body"])
/// document.index(ofKeyAt: 1, in: table)   // 0 when the first key is "title"
/// ```
package struct JSONKeyTable: Sendable {
    /// Each name's length, first 8 bytes as a word (``JSONParser/prefixWord(_:)``) and bytes, in
    /// separate arrays so the scan over lengths and prefixes touches only plain integers.
    private let counts: [Int]
    private let prefixes: [UInt64]
    private let names: [[UInt8]]

    /// Creates the table; `names` should be distinct (the first match wins).
    package init(_ names: [String]) {
        self.names = names.map { Array($0.utf8) }
        self.counts = self.names.map(\.count)
        self.prefixes = self.names.map { $0.withUnsafeBufferPointer(JSONParser.prefixWord) }
    }

    /// The index of the name whose bytes are exactly `key`, or `nil`.
    package func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let prefix = JSONParser.prefixWord(key)
        let count = key.count
        return counts.withUnsafeBufferPointer { counts in
            prefixes.withUnsafeBufferPointer { prefixes in
                for index in 0..<counts.count where counts[index] == count && prefixes[index] == prefix {
                    if count <= 8 || names[index].withUnsafeBufferPointer({ JSONParser.sameBytes($0, key) }) {
                        return index
                    }
                }
                return nil
            }
        }
    }
}
