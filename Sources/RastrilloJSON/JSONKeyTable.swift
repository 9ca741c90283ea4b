/// A fixed list of names to match a document's keys against, byte for byte, without building
/// strings (``JSONDocument/index(ofKeyAt:in:)``).
///
/// ```swift
/// let table = JSONKeyTable(["title", "body"])
/// document.index(ofKeyAt: 1, in: table)   // 0 when the first key is "title"
/// ```
package struct JSONKeyTable: Sendable {
    /// One name: its length, first 8 bytes as a word (``JSONParser/prefixWord(_:)``) and bytes.
    private struct Name: Sendable {
        let count: Int
        let prefix: UInt64
        let bytes: [UInt8]
    }

    private let names: [Name]

    /// Creates the table; `names` should be distinct (the first match wins).
    package init(_ names: [String]) {
        self.names = names.map { name in
            let bytes = Array(name.utf8)
            return Name(
                count: bytes.count, prefix: bytes.withUnsafeBufferPointer(JSONParser.prefixWord), bytes: bytes)
        }
    }

    /// The index of the name whose bytes are exactly `key`, or `nil`.
    package func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let prefix = JSONParser.prefixWord(key)
        let count = key.count
        for index in names.indices {
            let name = names[index]
            guard name.count == count && name.prefix == prefix else { continue }
            if count <= 8 || name.bytes.withUnsafeBufferPointer({ JSONParser.sameBytes($0, key) }) { return index }
        }
        return nil
    }
}
