/// A document read by ``JSONReader/readDocument(_:)``: its UTF-8 bytes and the flat tape of its
/// values (``JSONTapeEntry``), checked exactly as strictly as ``JSONReader/read(_:)`` checks, with
/// nothing decoded yet.
///
/// Strings and numbers are decoded only when asked for, keys can be compared as bytes, and
/// positions and JSON pointers are computed only for the entry an error is about. Entry 0 is the
/// root.
///
/// ```swift
/// let document = try JSONReader().readDocument(Array(#"{"a":[1,"x"]}"#.utf8))
/// document.member("a", of: 0)            // 1 (the array's entry)
/// document.string(at: 4)                  // "x"
/// document.pointer(to: 4, from: 0)        // "/a/1"
/// ```
package final class JSONDocument: Sendable {
    /// The document's UTF-8 bytes.
    package let bytes: [UInt8]
    /// The values in document order; entry 0 is the root.
    package let tape: [JSONTapeEntry]

    init(bytes: [UInt8], tape: [JSONTapeEntry]) {
        self.bytes = bytes
        self.tape = tape
    }

    /// The decoded text of the string (or key) at `entry`.
    package func string(at entry: Int) -> String {
        bytes.withUnsafeBufferPointer { JSONParser.string(tape[entry], in: $0) }
    }

    /// Calls `body` with the decoded UTF-8 bytes of the string (or key) at `entry`, without
    /// copying them when the string has no escapes.
    package func withContent<R>(at entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { JSONParser.withContent(tape[entry], in: $0, body) }
    }

    /// The index in `table` of the decoded key (or string) at `entry`, or `nil` when it is none
    /// of the table's names. A key without escapes is compared in place.
    package func index(ofKeyAt entry: Int, in table: JSONKeyTable) -> Int? {
        let item = tape[entry]
        guard item.kind == .string else { return withContent(at: entry) { table.index(of: $0) } }
        return bytes.withUnsafeBufferPointer { table.index(of: UnsafeBufferPointer(rebasing: $0[item.start + 1..<item.end - 1])) }
    }

    /// The literal text of the number at `entry`.
    package func numberLiteral(at entry: Int) -> String {
        let item = tape[entry]
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[item.start..<item.end]), as: UTF8.self)
        }
    }

    /// The number at `entry` as a 64-bit integer, with ``JSONNumber/int64``'s rules.
    package func int64(at entry: Int) -> Int64? {
        let item = tape[entry]
        return bytes.withUnsafeBufferPointer {
            JSONNumberGrammar.exactInt64(UnsafeBufferPointer(rebasing: $0[item.start..<item.end]))
        }
    }

    /// The number at `entry` as a finite `Double`, with ``JSONNumber/double``'s rules.
    package func double(at entry: Int) -> Double? {
        JSONNumberGrammar.finiteDouble(numberLiteral(at: entry))
    }

    /// The value entry of member `key` of the object at `object`, or `nil` (keys compared after
    /// escapes are decoded, byte for byte).
    package func member(_ key: String, of object: Int) -> Int? {
        guard tape[object].kind == .object else { return nil }
        var key = key
        return key.withUTF8 { wanted in
            var cursor = object + 1
            for _ in 0..<tape[object].count {
                if withContent(at: cursor, { $0.elementsEqual(wanted) }) { return cursor + 1 }
                cursor = tape[cursor + 1].next
            }
            return nil
        }
    }

    /// The value at `entry` as a tree, with positions.
    package func node(at entry: Int) -> JSONNode {
        bytes.withUnsafeBufferPointer { buffer in
            var builder = JSONTreeBuilder(bytes: buffer, tape: tape)
            var cursor = entry
            return builder.node(&cursor)
        }
    }

    /// The RFC 6901 pointer of the value at `target` relative to the value at `root` (which
    /// must contain it, or be it): `""` for `root` itself, `/tags/0` below it.
    package func pointer(to target: Int, from root: Int) -> String {
        var path: [PathComponent] = []
        var container = root
        while container != target {
            let item = tape[container]
            var cursor = container + 1
            var found = false
            for position in 0..<Int(item.count) {
                let valueEntry = item.kind == .object ? cursor + 1 : cursor
                if target >= valueEntry && target < tape[valueEntry].next {
                    path.append(item.kind == .object ? .key(string(at: cursor)) : .index(position))
                    container = valueEntry
                    found = true
                    break
                }
                cursor = tape[valueEntry].next
            }
            guard found else { break }
        }
        return JSONPointer.string(path)
    }
}
