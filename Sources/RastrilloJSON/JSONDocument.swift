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
/// document.member("a", of: 0)            // 2 (the array's entry; 1 is the key)
/// document.string(at: 4)                  // "x"
/// document.pointer(to: 4, from: 0)        // "/a/1"
/// ```
@usableFromInline
package final class JSONDocument: @unchecked Sendable {
    // @unchecked Sendable: both buffers are allocated and completely written before `init`
    // returns, never written again and never handed out (accessors copy values out, or lend the
    // bytes to a closure for the length of the call), and freed in `deinit`. Read-only memory is
    // safe to share between threads. Plain buffers rather than arrays because every accessor runs
    // per value on the bridge's hot path, and an array access costs reference counting. The
    // buffers and the tape accessors are inlinable so the bridge's decoders (in other modules)
    // read entries without a call per value.
    @usableFromInline let bytes: UnsafeMutableBufferPointer<UInt8>
    @usableFromInline let tape: UnsafeMutableBufferPointer<JSONTapeEntry>

    /// Takes ownership of `bytes` and `tape` (the parser's ``JSONTapeBuffer/entries``), both
    /// freed with the document.
    init(owning bytes: UnsafeMutableBufferPointer<UInt8>, tape: UnsafeMutableBufferPointer<JSONTapeEntry>) {
        self.bytes = bytes
        self.tape = tape
    }

    deinit {
        bytes.deallocate()
        tape.deallocate()
    }

    /// The number of entries on the tape (values and keys).
    @inlinable
    package var count: Int { tape.count }

    /// The tape entry at `entry` (0 is the root).
    @inlinable
    package subscript(entry: Int) -> JSONTapeEntry {
        precondition(entry >= 0 && entry < tape.count, "tape entry \(entry) out of range")
        return tape[entry]
    }

    /// The decoded text of the string (or key) at `entry`.
    @usableFromInline
    package func string(at entry: Int) -> String {
        let item = self[entry]
        guard item.kind == .string else { return JSONParser.string(item, in: UnsafeBufferPointer(bytes)) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[item.start + 1..<item.end - 1]), as: UTF8.self)
    }

    /// Calls `body` with the decoded UTF-8 bytes of the string (or key) at `entry`, without
    /// copying them when the string has no escapes.
    ///
    /// Inlinable so that the common case (no escapes: the bytes in place) is compiled for the
    /// caller's `R` and closure; a string with escapes is decoded out of line.
    @inlinable
    package func withContent<R>(at entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let item = self[entry]
        guard item.kind == .string else { return withDecodedContent(at: entry, body) }
        return body(UnsafeBufferPointer(rebasing: bytes[item.start + 1..<item.end - 1]))
    }

    /// ``withContent(at:_:)`` for a string with escapes: decodes a copy.
    @usableFromInline
    func withDecodedContent<R>(at entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        JSONParser.withContent(self[entry], in: UnsafeBufferPointer(bytes), body)
    }

    /// The index in `table` of the decoded key (or string) at `entry`, or `nil` when it is none
    /// of the table's names. A key without escapes is compared in place.
    package func index(ofKeyAt entry: Int, in table: JSONKeyTable) -> Int? {
        let item = self[entry]
        guard item.kind == .string else { return withContent(at: entry) { table.index(of: $0) } }
        return table.index(of: UnsafeBufferPointer(rebasing: bytes[item.start + 1..<item.end - 1]))
    }

    /// The literal text of the number at `entry`.
    package func numberLiteral(at entry: Int) -> String {
        let item = self[entry]
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[item.start..<item.end]), as: UTF8.self)
    }

    /// The number at `entry` as a 64-bit integer, with ``JSONNumber/int64``'s rules.
    package func int64(at entry: Int) -> Int64? {
        let item = self[entry]
        return JSONNumberGrammar.exactInt64(UnsafeBufferPointer(rebasing: bytes[item.start..<item.end]))
    }

    /// The number at `entry` as a finite `Double`, with ``JSONNumber/double``'s rules.
    package func double(at entry: Int) -> Double? {
        let item = self[entry]
        return JSONNumberGrammar.finiteDouble(UnsafeBufferPointer(rebasing: bytes[item.start..<item.end]))
    }

    /// The value entry of member `key` of the object at `object`, or `nil` (keys compared after
    /// escapes are decoded, byte for byte).
    package func member(_ key: String, of object: Int) -> Int? {
        guard self[object].kind == .object else { return nil }
        var key = key
        return key.withUTF8 { wanted in
            var cursor = object + 1
            for _ in 0..<self[object].count {
                if withContent(at: cursor, { JSONParser.sameBytes($0, wanted) }) { return cursor + 1 }
                cursor = self[cursor + 1].next
            }
            return nil
        }
    }

    /// The value at `entry` as a tree, with positions.
    package func node(at entry: Int) -> JSONNode {
        precondition(entry >= 0 && entry < tape.count, "tape entry \(entry) out of range")
        var builder = JSONTreeBuilder(bytes: UnsafeBufferPointer(bytes), tape: UnsafeBufferPointer(tape))
        var cursor = entry
        return builder.node(&cursor)
    }

    /// The RFC 6901 pointer of the value at `target` relative to the value at `root` (which
    /// must contain it, or be it): `""` for `root` itself, `/tags/0` below it.
    package func pointer(to target: Int, from root: Int) -> String {
        var path: [PathComponent] = []
        var container = root
        while container != target {
            let item = self[container]
            var cursor = container + 1
            var found = false
            for position in 0..<Int(item.count) {
                let valueEntry = item.kind == .object ? cursor + 1 : cursor
                if target >= valueEntry && target < self[valueEntry].next {
                    path.append(item.kind == .object ? .key(string(at: cursor)) : .index(position))
                    container = valueEntry
                    found = true
                    break
                }
                cursor = self[valueEntry].next
            }
            guard found else { break }
        }
        return JSONPointer.string(path)
    }
}
