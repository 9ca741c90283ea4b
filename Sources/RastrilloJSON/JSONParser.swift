/// The recursive-descent parser behind ``JSONReader``, working on UTF-8 bytes in place.
///
/// Positions of values are computed incrementally (line and column advance with the scan, so the
/// whole document costs one pass); positions of errors are computed once, from the byte offset,
/// when the error is converted to a ``JSONReadError``.
struct JSONParser {
    /// A failure inside the parser: kind, byte offset, and the path to it (innermost first).
    struct Failure: Error {
        var kind: JSONReadError.Kind
        var offset: Int
        var expected: String?
        var reversedPath: [PathComponent] = []

        func readError(in bytes: UnsafeBufferPointer<UInt8>) -> JSONReadError {
            JSONReadError(
                kind: kind,
                position: JSONParser.position(of: offset, in: bytes),
                pointer: JSONPointer.string(reversedPath.reversed()),
                expected: expected
            )
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var index = 0
    private var line = 1
    private var columnOffset = 0
    private var column = 1
    private var scratch: [UInt8] = []
    /// Hashes of the keys of the objects being read (a stack: each object owns the tail from the
    /// count it found on entry), so most duplicate checks compare one integer, not a string.
    private var keyHashes: [UInt64] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    // MARK: Document

    mutating func document(requireObjectRoot: Bool) throws(Failure) -> JSONNode {
        if requireObjectRoot {
            guard !bytes.isEmpty else { throw Failure(kind: .unexpectedEnd, offset: 0) }
            if Self.isWhitespace(bytes[0]) { throw Failure(kind: .leadingOrTrailingWhitespace, offset: 0) }
            guard bytes[0] == UInt8(ascii: "{") else {
                throw unexpected(at: 0, expected: "'{' (the document must be one JSON object)")
            }
        } else {
            skipWhitespace()
        }
        let root = try value(depth: 0)
        let afterRoot = index
        skipWhitespace()
        if index < bytes.count { throw Failure(kind: .trailingData, offset: index) }
        if requireObjectRoot && afterRoot < bytes.count {
            throw Failure(kind: .leadingOrTrailingWhitespace, offset: afterRoot)
        }
        return root
    }

    // MARK: Values

    /// Reads the value at `index` (whitespace already skipped).
    mutating func value(depth: Int) throws(Failure) -> JSONNode {
        guard index < bytes.count else { throw Failure(kind: .unexpectedEnd, offset: index) }
        let position = currentPosition()
        let value = try valueBody(depth: depth)
        return JSONNode(value: value, position: position, endOffset: index)
    }

    private mutating func valueBody(depth: Int) throws(Failure) -> JSONValue {
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return .object(try object(depth: depth + 1))
        case UInt8(ascii: "["):
            return .array(try array(depth: depth + 1))
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return .number(try number())
        default:
            throw unexpected(at: index, expected: "a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONObject {
        let open = index
        guard depth <= maxDepth else { throw Failure(kind: .tooDeep(limit: maxDepth), offset: open) }
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONObject(uniqueMembers: [], index: nil)
        }
        var members: [JSONMember] = []
        var seen: [JSONKey: Int]? = nil
        let hashBase = keyHashes.count
        defer { keyHashes.removeSubrange(hashBase...) }
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
            let keyPosition = currentPosition()
            let key = try string()
            try checkUnique(key, at: keyOffset, members: members, hashBase: hashBase, seen: &seen)
            skipWhitespace()
            guard index < bytes.count else { throw Failure(kind: .unexpectedEnd, offset: index) }
            guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(at: index, expected: "':' after the key") }
            index += 1
            skipWhitespace()
            let member: JSONNode
            do throws(Failure) {
                member = try value(depth: depth)
            } catch {
                var failure = error
                failure.reversedPath.append(.key(key))
                throw failure
            }
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: member))
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
            return JSONObject(uniqueMembers: members, index: seen)
        }
    }

    private mutating func checkUnique(
        _ key: String,
        at offset: Int,
        members: [JSONMember],
        hashBase: Int,
        seen: inout [JSONKey: Int]?
    ) throws(Failure) {
        if members.count < JSONObject.linearLimit {
            let hash = Self.keyHash(key)
            for index in hashBase..<keyHashes.count where keyHashes[index] == hash {
                if JSONKey.same(members[index - hashBase].key, key) {
                    throw Failure(kind: .duplicateKey(key), offset: offset, reversedPath: [.key(key)])
                }
            }
            keyHashes.append(hash)
            return
        }
        if seen == nil {
            var built = [JSONKey: Int](minimumCapacity: members.count * 2)
            for (position, member) in members.enumerated() { built[JSONKey(member.key)] = position }
            seen = built
        }
        if seen?.updateValue(members.count, forKey: JSONKey(key)) != nil {
            throw Failure(kind: .duplicateKey(key), offset: offset, reversedPath: [.key(key)])
        }
    }

    /// FNV-1a over the key's UTF-8 bytes.
    private static func keyHash(_ key: String) -> UInt64 {
        var text = key
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> [JSONNode] {
        let open = index
        guard depth <= maxDepth else { throw Failure(kind: .tooDeep(limit: maxDepth), offset: open) }
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return []
        }
        var elements: [JSONNode] = []
        while true {
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") && !elements.isEmpty {
                throw unexpected(at: index, expected: "a value (no trailing commas)")
            }
            do throws(Failure) {
                elements.append(try value(depth: depth))
            } catch {
                var failure = error
                failure.reversedPath.append(.index(elements.count))
                throw failure
            }
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
            return elements
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

    private mutating func number() throws(Failure) -> JSONNumber {
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
            let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            return JSONNumber(checkedLiteral: literal)
        }
    }

    // MARK: Strings

    /// Reads the string whose opening quote is at `index`.
    mutating func string() throws(Failure) -> String {
        let start = index + 1
        var cursor = start
        let end = bytes.count
        while cursor < end {
            cursor = Self.skipPlainASCII(bytes, from: cursor)
            guard cursor < end else { break }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cursor]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw Failure(kind: .controlCharacterInString, offset: cursor) }
            cursor = byte < 0x80 ? cursor + 1 : try Self.utf8SequenceEnd(bytes, at: cursor)
        }
        guard cursor < end else { throw Failure(kind: .unexpectedEnd, offset: end) }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<cursor]))
        while cursor < end {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                cursor = try escape(at: cursor)
                continue
            }
            if byte < 0x20 { throw Failure(kind: .controlCharacterInString, offset: cursor) }
            if byte < 0x80 {
                scratch.append(byte)
                cursor += 1
            } else {
                let next = try Self.utf8SequenceEnd(bytes, at: cursor)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor..<next]))
                cursor = next
            }
        }
        throw Failure(kind: .unexpectedEnd, offset: end)
    }

    /// Skips 8 bytes at a time while none of them is `"`, `\\`, a control character or non-ASCII
    /// (the bytes a string scan must look at); returns the first index that may be one.
    @inline(__always)
    static func skipPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var cursor = start
        while cursor + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A byte is special when it is zero after the XORs, below 0x20, or has its high bit set.
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
                | word
            if special & highs != 0 { return cursor }
            cursor += 8
        }
        return cursor
    }

    /// Decodes the escape whose backslash is at `backslash` into `scratch`; returns the index after it.
    private mutating func escape(at backslash: Int) throws(Failure) -> Int {
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
            let unit = try hex4(at: backslash + 2, escape: backslash)
            switch unit {
            case 0xD800...0xDBFF:
                let low = backslash + 6
                guard low < end else { throw Failure(kind: .unexpectedEnd, offset: end) }
                guard bytes[low] == UInt8(ascii: "\\") else { throw Failure(kind: .loneSurrogate, offset: backslash) }
                guard low + 1 < end else { throw Failure(kind: .unexpectedEnd, offset: end) }
                guard bytes[low + 1] == UInt8(ascii: "u") else {
                    throw Failure(kind: .loneSurrogate, offset: backslash)
                }
                let second = try hex4(at: low + 2, escape: low)
                guard (0xDC00...0xDFFF).contains(second) else { throw Failure(kind: .loneSurrogate, offset: backslash) }
                let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
                appendUTF8(scalar)
                return low + 6
            case 0xDC00...0xDFFF:
                throw Failure(kind: .loneSurrogate, offset: backslash)
            default:
                appendUTF8(UInt32(unit))
                return backslash + 6
            }
        default:
            throw Failure(kind: .invalidEscape, offset: backslash)
        }
        scratch.append(decoded)
        return backslash + 2
    }

    private func hex4(at start: Int, escape: Int) throws(Failure) -> UInt16 {
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

    private mutating func appendUTF8(_ scalar: UInt32) {
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
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                index += 1
            } else if byte == 0x0A {
                index += 1
                line += 1
                columnOffset = index
                column = 1
            } else {
                return
            }
        }
    }

    /// The position of `index`; advances the column from the last position asked for.
    private mutating func currentPosition() -> JSONPosition {
        var cursor = columnOffset
        if let base = bytes.baseAddress {
            // 8 bytes at a time: every byte starts a scalar except continuation bytes (10xxxxxx).
            while cursor + 8 <= index {
                let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
                let continuations = word & ~(word << 1) & 0x8080_8080_8080_8080
                column += 8 - continuations.nonzeroBitCount
                cursor += 8
            }
        }
        while cursor < index {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        columnOffset = index
        return JSONPosition(offset: index, line: line, column: column)
    }

    /// The position of `offset`, counted from the start (used once, for an error).
    static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONPosition {
        var line = 1
        var column = 1
        for cursor in 0..<min(offset, bytes.count) {
            let byte = bytes[cursor]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONPosition(offset: offset, line: line, column: column)
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
