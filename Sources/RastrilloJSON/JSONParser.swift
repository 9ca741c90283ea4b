/// The recursive-descent parser behind ``JSONReader``, working on UTF-8 bytes in place.
///
/// It checks the whole grammar and writes a flat tape (``JSONTapeEntry``: kind and byte range per
/// value, in document order) without building strings or numbers: those are decoded later, only
/// when asked for (``JSONDocument``, or the tree ``JSONReader/read(_:)`` builds). Positions (line
/// and column) are not tracked while scanning; they are counted from byte offsets afterwards, for
/// a tree or for an error (``JSONPositionCounter``).
struct JSONParser {
    /// A failure inside the parser: kind, byte offset, and the path to it (innermost first).
    struct Failure: Error {
        var kind: JSONReadError.Kind
        var offset: Int
        var expected: String?
        var reversedPath: [PathComponent] = []

        func readError(in bytes: UnsafeBufferPointer<UInt8>) -> JSONReadError {
            var counter = JSONPositionCounter()
            return JSONReadError(
                kind: kind,
                position: counter.position(of: min(offset, bytes.count), in: bytes),
                pointer: JSONPointer.string(reversedPath.reversed()),
                expected: expected
            )
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var index = 0
    /// The values read so far, in document order. The caller takes it (or frees it) when the
    /// parser is done, whether or not it succeeded.
    private(set) var tape: JSONTapeBuffer
    /// Decoded bytes of the last escaped string read.
    private var scratch: [UInt8] = []
    /// Hashes and tape indexes of the keys of the objects being read (a stack: each object owns
    /// the tail from the count it found on entry), so most duplicate checks compare one integer.
    private var keyHashes: [(hash: UInt64, entry: Int)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.tape = JSONTapeBuffer(capacity: min(max(8, bytes.count / 16), 4096))
        keyHashes.reserveCapacity(32)
    }

    // MARK: Document

    /// Reads the whole document; the root value is tape entry 0.
    mutating func document(requireObjectRoot: Bool) throws(Failure) {
        if requireObjectRoot {
            guard !bytes.isEmpty else { throw Failure(kind: .unexpectedEnd, offset: 0) }
            if Self.isWhitespace(bytes[0]) { throw Failure(kind: .leadingOrTrailingWhitespace, offset: 0) }
            guard bytes[0] == UInt8(ascii: "{") else {
                throw unexpected(at: 0, expected: "'{' (the document must be one JSON object)")
            }
        } else {
            skipWhitespace()
        }
        try value(depth: 0)
        let afterRoot = index
        skipWhitespace()
        if index < bytes.count { throw Failure(kind: .trailingData, offset: index) }
        if requireObjectRoot && afterRoot < bytes.count {
            throw Failure(kind: .leadingOrTrailingWhitespace, offset: afterRoot)
        }
    }

    // MARK: Values

    /// Reads the value at `index` (whitespace already skipped) onto the tape.
    mutating func value(depth: Int) throws(Failure) {
        guard index < bytes.count else { throw Failure(kind: .unexpectedEnd, offset: index) }
        let start = index
        let kind: JSONTapeEntry.Kind
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try object(depth: depth + 1)
            return
        case UInt8(ascii: "["):
            try array(depth: depth + 1)
            return
        case UInt8(ascii: "\""):
            kind = try string() ? .escapedString : .string
        case UInt8(ascii: "t"):
            try literal("true")
            kind = .true
        case UInt8(ascii: "f"):
            try literal("false")
            kind = .false
        case UInt8(ascii: "n"):
            try literal("null")
            kind = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "."):
            try number()
            kind = .number
        default:
            throw unexpected(at: index, expected: "a value (object, array, string, number, true, false or null)")
        }
        tape.append(JSONTapeEntry(kind: kind, start: start, end: index, next: tape.count + 1))
    }

    private mutating func object(depth: Int) throws(Failure) {
        let open = index
        guard depth <= maxDepth else { throw Failure(kind: .tooDeep(limit: maxDepth), offset: open) }
        let entry = tape.count
        tape.append(JSONTapeEntry(kind: .object, start: open, end: open, next: entry + 1))
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            tape[entry].end = index
            return
        }
        var count: Int32 = 0
        var seen: [UInt64: Int]? = nil
        let hashBase = keyHashes.count
        // Drops this object's keys on every exit (the elements are plain integers: removing them
        // one by one from the end is cheaper than a generic range removal).
        defer { while keyHashes.count > hashBase { keyHashes.removeLast() } }
        var afterComma = false
        while true {
            guard index < bytes.count else { throw Failure(kind: .unexpectedEnd, offset: index) }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw unexpected(
                    at: index,
                    expected: afterComma ? "a key in double quotes (no trailing commas)" : "a key in double quotes"
                )
            }
            let keyOffset = index
            let keyEntry = tape.count
            let escaped = try string()
            tape.append(
                JSONTapeEntry(
                    kind: escaped ? .escapedString : .string, start: keyOffset, end: index, next: keyEntry + 1))
            let strong = keyHashes.count - hashBase >= JSONObject.linearLimit
            let hash =
                escaped
                ? scratch.withUnsafeBufferPointer { Self.keyHash($0, strong: strong) }
                : Self.keyHash(UnsafeBufferPointer(rebasing: bytes[keyOffset + 1..<index - 1]), strong: strong)
            try checkUnique(hash: hash, entry: keyEntry, hashBase: hashBase, seen: &seen)
            skipWhitespace()
            guard index < bytes.count else { throw Failure(kind: .unexpectedEnd, offset: index) }
            guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(at: index, expected: "':' after the key") }
            index += 1
            skipWhitespace()
            do throws(Failure) {
                try value(depth: depth)
            } catch {
                var failure = error
                failure.reversedPath.append(.key(key(at: keyEntry)))
                throw failure
            }
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw Failure(kind: .unexpectedEnd, offset: index) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                afterComma = true
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else {
                throw unexpected(at: index, expected: "',' or '}' after the member")
            }
            index += 1
            tape[entry].end = index
            tape[entry].next = tape.count
            tape[entry].count = count
            return
        }
    }

    /// Refuses the key at tape index `entry` when an earlier key of the same object has the same
    /// decoded bytes. Small objects compare hashes linearly; larger ones keep a hash table.
    /// Equal hashes are always confirmed by comparing the decoded bytes.
    private mutating func checkUnique(
        hash: UInt64, entry: Int, hashBase: Int, seen: inout [UInt64: Int]?
    ) throws(Failure) {
        let members = keyHashes.count - hashBase
        if members >= JSONObject.linearLimit {
            if seen == nil {
                // Past the linear limit keys are hashed with FNV-1a: rehash the earlier ones.
                var built = [UInt64: Int](minimumCapacity: members * 2)
                for position in hashBase..<keyHashes.count {
                    let strong = Self.withContent(tape[keyHashes[position].entry], in: bytes) {
                        Self.keyHash($0, strong: true)
                    }
                    keyHashes[position].hash = strong
                    if built[strong] == nil { built[strong] = position }
                }
                seen = built
            }
            if let first = seen?[hash] {
                try checkSameHash(hash: hash, entry: entry, from: first)
            } else {
                seen?[hash] = keyHashes.count
            }
        } else {
            try checkSameHash(hash: hash, entry: entry, from: hashBase)
        }
        keyHashes.append((hash, entry))
    }

    /// Compares the key at `entry` with every earlier key from stack position `first` on whose
    /// hash is `hash`.
    private func checkSameHash(hash: UInt64, entry: Int, from first: Int) throws(Failure) {
        for position in first..<keyHashes.count where keyHashes[position].hash == hash {
            if Self.sameKey(tape[keyHashes[position].entry], tape[entry], in: bytes) {
                let key = key(at: entry)
                throw Failure(kind: .duplicateKey(key), offset: tape[entry].start, reversedPath: [.key(key)])
            }
        }
    }

    /// The decoded key (or string) at tape index `entry`.
    func key(at entry: Int) -> String { Self.string(tape[entry], in: bytes) }

    /// A hash of a key's decoded UTF-8 bytes. Small objects (compared linearly) use a cheap
    /// fingerprint: length, first and last 8 bytes. Past ``JSONObject/linearLimit`` members the
    /// object keeps a hash table, and keys are hashed with FNV-1a over every byte (`strong`), so
    /// keys that share their ends do not all land in one bucket. Equal hashes are always
    /// confirmed by comparing bytes.
    private static func keyHash(_ bytes: UnsafeBufferPointer<UInt8>, strong: Bool) -> UInt64 {
        if strong {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
        let count = bytes.count
        guard let base = bytes.baseAddress, count >= 8 else { return prefixWord(bytes) ^ UInt64(count) << 56 }
        let first = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
        let last = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
        return first ^ (last &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(count) &* 0xFF51_AFD7_ED55_8CCD)
    }

    /// The first (up to) 8 bytes as one word, byte 0 lowest, zero-padded.
    static func prefixWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { return 0 }
        let raw = UnsafeRawPointer(base)
        // Two loads that together cover all `count` bytes; where they overlap they hold the same
        // bytes at the same places, so OR-ing them is exact.
        switch count {
        case 8...:
            return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        case 4...7:
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            return low | high << (8 * UInt64(count - 4))
        case 2...3:
            let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
            let high = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)))
            return low | high << (8 * UInt64(count - 2))
        default:
            return UInt64(base[0])
        }
    }

    private mutating func array(depth: Int) throws(Failure) {
        let open = index
        guard depth <= maxDepth else { throw Failure(kind: .tooDeep(limit: maxDepth), offset: open) }
        let entry = tape.count
        tape.append(JSONTapeEntry(kind: .array, start: open, end: open, next: entry + 1))
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            tape[entry].end = index
            return
        }
        var count: Int32 = 0
        while true {
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") && count > 0 {
                throw unexpected(at: index, expected: "a value (no trailing commas)")
            }
            do throws(Failure) {
                try value(depth: depth)
            } catch {
                var failure = error
                failure.reversedPath.append(.index(Int(count)))
                throw failure
            }
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw Failure(kind: .unexpectedEnd, offset: index) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else {
                throw unexpected(at: index, expected: "',' or ']' after the element")
            }
            index += 1
            tape[entry].end = index
            tape[entry].next = tape.count
            tape[entry].count = count
            return
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in text {
            guard index < bytes.count else { throw Failure(kind: .unexpectedEnd, offset: index) }
            guard bytes[index] == expected else {
                throw unexpected(at: index, expected: "'\(word)'")
            }
            index += 1
        }
    }

    private mutating func number() throws(Failure) {
        let start = index
        switch JSONNumberGrammar.scan(bytes, from: start) {
        case .failure(.ended):
            throw Failure(kind: .unexpectedEnd, offset: bytes.count)
        case .failure(.invalid):
            throw Failure(kind: .invalidNumber, offset: start)
        case .success(let end):
            // A letter, digit, '.', '+' or '-' right after a number can only be a malformed number.
            if end < bytes.count {
                let next = bytes[end]
                if JSONNumberGrammar.isDigit(next) || next == UInt8(ascii: ".") || next == UInt8(ascii: "+")
                    || next == UInt8(ascii: "-") || (next | 0x20) &- UInt8(ascii: "a") < 26
                {
                    throw Failure(kind: .invalidNumber, offset: start)
                }
            }
            index = end
        }
    }

    // MARK: Strings

    /// Checks the string whose opening quote is at `index` and moves past it. Returns whether it
    /// has escapes; if so, its decoded bytes are left in `scratch`.
    mutating func string() throws(Failure) -> Bool {
        let start = index + 1
        var cursor = start
        let end = bytes.count
        while cursor < end {
            cursor = Self.skipPlainASCII(bytes, from: cursor)
            guard cursor < end else { break }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                return false
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw Failure(kind: .controlCharacterInString, offset: cursor) }
            cursor = byte < 0x80 ? cursor + 1 : try Self.utf8SequenceEnd(bytes, at: cursor)
        }
        guard cursor < end else { throw Failure(kind: .unexpectedEnd, offset: end) }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<cursor]))
        index = try Self.decodeEscapedTail(bytes, from: cursor, into: &scratch)
        return true
    }

    /// Decodes a string's content from `cursor` (inside the string) to its closing quote,
    /// appending the decoded bytes to `scratch`; returns the index past the closing quote.
    static func decodeEscapedTail(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into scratch: inout [UInt8]
    ) throws(Failure) -> Int {
        var cursor = start
        let end = bytes.count
        while cursor < end {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") { return cursor + 1 }
            if byte == UInt8(ascii: "\\") {
                cursor = try escape(bytes, at: cursor, into: &scratch)
                continue
            }
            if byte < 0x20 { throw Failure(kind: .controlCharacterInString, offset: cursor) }
            if byte < 0x80 {
                scratch.append(byte)
                cursor += 1
            } else {
                let next = try utf8SequenceEnd(bytes, at: cursor)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor..<next]))
                cursor = next
            }
        }
        throw Failure(kind: .unexpectedEnd, offset: end)
    }

    /// Calls `body` with the decoded UTF-8 bytes of a string entry the parser has checked: the
    /// bytes in place when it has no escapes, else a decoded copy.
    static func withContent<R>(
        _ entry: JSONTapeEntry, in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        let content = UnsafeBufferPointer(rebasing: bytes[entry.start + 1..<entry.end - 1])
        guard entry.kind == .escapedString else { return body(content) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(content.count)
        do throws(Failure) {
            _ = try decodeEscapedTail(bytes, from: entry.start + 1, into: &decoded)
        } catch {
            preconditionFailure("a string on the tape was checked by the parser: \(error.kind)")
        }
        return decoded.withUnsafeBufferPointer(body)
    }

    /// The decoded text of a string entry the parser has checked.
    static func string(_ entry: JSONTapeEntry, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        withContent(entry, in: bytes) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether two string entries decode to the same bytes.
    static func sameKey(_ lhs: JSONTapeEntry, _ rhs: JSONTapeEntry, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        withContent(lhs, in: bytes) { left in withContent(rhs, in: bytes) { right in sameBytes(left, right) } }
    }

    /// Whether two byte runs are equal, compared 8 bytes at a time.
    static func sameBytes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        var offset = 0
        while offset + 8 <= lhs.count {
            let a = UnsafeRawPointer(left + offset).loadUnaligned(as: UInt64.self)
            let b = UnsafeRawPointer(right + offset).loadUnaligned(as: UInt64.self)
            if a != b { return false }
            offset += 8
        }
        while offset < lhs.count {
            if left[offset] != right[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Skips 8 bytes at a time while none of them is `"`, `\\`, a control character or non-ASCII
    /// (the bytes a string scan must look at); returns the index of the first such byte, or where
    /// fewer than 8 bytes are left.
    @inline(__always)
    static func skipPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var cursor = start
        while cursor + 8 <= bytes.count {
            // Byte 0 in the low bits on every platform, so the lowest flag is the first byte.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A byte is special when it is zero after the XORs, below 0x20, or has its high bit set.
            // A borrow can flag a byte above a special one, never below it, so the lowest flag is
            // exact.
            let special =
                (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
                    | word) & highs
            if special != 0 { return cursor + special.trailingZeroBitCount / 8 }
            cursor += 8
        }
        return cursor
    }

    /// Decodes the escape whose backslash is at `backslash` into `scratch`; returns the index after it.
    static func escape(
        _ bytes: UnsafeBufferPointer<UInt8>, at backslash: Int, into scratch: inout [UInt8]
    ) throws(Failure) -> Int {
        let end = bytes.count
        guard backslash + 1 < end else { throw Failure(kind: .unexpectedEnd, offset: end) }
        let decoded: UInt8
        switch bytes[backslash + 1] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            let unit = try hex4(bytes, at: backslash + 2, escape: backslash)
            switch unit {
            case 0xD800...0xDBFF:
                let low = backslash + 6
                guard low < end else { throw Failure(kind: .unexpectedEnd, offset: end) }
                guard bytes[low] == UInt8(ascii: "\\") else { throw Failure(kind: .loneSurrogate, offset: backslash) }
                guard low + 1 < end else { throw Failure(kind: .unexpectedEnd, offset: end) }
                guard bytes[low + 1] == UInt8(ascii: "u") else {
                    throw Failure(kind: .loneSurrogate, offset: backslash)
                }
                let second = try hex4(bytes, at: low + 2, escape: low)
                guard (0xDC00...0xDFFF).contains(second) else { throw Failure(kind: .loneSurrogate, offset: backslash) }
                let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
                appendUTF8(scalar, to: &scratch)
                return low + 6
            case 0xDC00...0xDFFF:
                throw Failure(kind: .loneSurrogate, offset: backslash)
            default:
                appendUTF8(UInt32(unit), to: &scratch)
                return backslash + 6
            }
        default:
            throw Failure(kind: .invalidEscape, offset: backslash)
        }
        scratch.append(decoded)
        return backslash + 2
    }

    private static func hex4(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, escape: Int
    ) throws(Failure) -> UInt16 {
        var value: UInt16 = 0
        for offset in start..<start + 4 {
            guard offset < bytes.count else { throw Failure(kind: .unexpectedEnd, offset: bytes.count) }
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Failure(kind: .invalidEscape, offset: escape)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private static func appendUTF8(_ scalar: UInt32, to scratch: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Checks the multi-byte UTF-8 sequence starting at `start`; returns the index after it.
    static func utf8SequenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(Failure) -> Int {
        let lead = bytes[start]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw Failure(kind: .invalidUTF8, offset: start)
        }
        guard start + length <= bytes.count, secondRange.contains(bytes[start + 1]) else {
            throw Failure(kind: .invalidUTF8, offset: start)
        }
        for offset in start + 2..<start + length where bytes[offset] & 0xC0 != 0x80 {
            throw Failure(kind: .invalidUTF8, offset: start)
        }
        return start + length
    }

    // MARK: Whitespace and positions

    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    @inline(__always) mutating func skipWhitespace() {
        while index < bytes.count && Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// An ``JSONReadError/Kind/unexpectedByte(_:)`` failure, or ``JSONReadError/Kind/invalidUTF8``
    /// when the byte does not start a valid UTF-8 sequence.
    private func unexpected(at offset: Int, expected: String) -> Failure {
        let byte = bytes[offset]
        if byte >= 0x80 {
            do throws(Failure) {
                _ = try Self.utf8SequenceEnd(bytes, at: offset)
            } catch {
                return error
            }
            if offset == 0 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                return Failure(
                    kind: .unexpectedByte(byte), offset: offset, expected: expected + "; remove the byte order mark")
            }
        }
        return Failure(kind: .unexpectedByte(byte), offset: offset, expected: expected)
    }
}

/// One step of a JSON pointer.
enum PathComponent: Sendable {
    case key(String)
    case index(Int)
}

/// RFC 6901 JSON pointers.
enum JSONPointer {
    static func string(_ components: some Sequence<PathComponent>) -> String {
        var pointer = ""
        for component in components {
            pointer += "/"
            switch component {
            case .index(let index):
                pointer += String(index)
            case .key(let key):
                for character in key.unicodeScalars {
                    switch character {
                    case "~": pointer += "~0"
                    case "/": pointer += "~1"
                    default: pointer.unicodeScalars.append(character)
                    }
                }
            }
        }
        return pointer
    }
}
