/// A fixed list of names to match a document's keys against, byte for byte, without building
/// strings (``JSONDocument/index(ofKeyAt:in:)``).
///
/// ```swift
/// let table = JSONKeyTable(["title", "body"])
/// document.index(ofKeyAt: 1, in: table)   // 0 when the first key is "title"
/// ```
package struct JSONKeyTable: Sendable {
    /// The names' UTF-8 bytes, one after another.
    private let bytes: [UInt8]
    /// Where each name ends in `bytes`.
    private let ends: [Int]

    /// Creates the table; `names` should be distinct (the first match wins).
    package init(_ names: [String]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for name in names {
            bytes.append(contentsOf: name.utf8)
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.ends = ends
    }

    /// The index of the name whose bytes are exactly `key`, or `nil`.
    package func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { all in
            ends.withUnsafeBufferPointer { ends in
                var start = 0
                for index in 0..<ends.count {
                    let end = ends[index]
                    if end - start == key.count && JSONParser.sameBytes(UnsafeBufferPointer(rebasing: all[start..<end]), key) {
                        return index
                    }
                    start = end
                }
                return nil
            }
        }
    }
}
