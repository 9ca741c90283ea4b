/// A JSON number, kept as the literal text of the document so no precision is lost.
///
/// Read the value you need: ``int64`` for exact integers, ``double`` for everything else.
/// Equality compares the literal text, so `1`, `1.0` and `1e0` are three different numbers.
///
/// ```swift
/// JSONNumber(literal: "1700000000")?.int64   // 1700000000
/// JSONNumber(literal: "1.5e3")?.int64        // nil (not an integer literal)
/// JSONNumber(literal: "1.5e3")?.double       // 1500.0
/// JSONNumber(literal: "01")                  // nil (not JSON)
/// ```
public struct JSONNumber: Sendable, Hashable {
    /// The number exactly as written in the document (RFC 8259 grammar).
    public let literal: String

    /// Creates a number from a literal; returns `nil` unless `literal` is exactly one JSON number
    /// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
    public init?(literal: String) {
        var text = literal
        let valid = text.withUTF8 { bytes in
            if case .success(let end) = JSONNumberGrammar.scan(bytes, from: 0) { return end == bytes.count }
            return false
        }
        guard valid else { return nil }
        self.literal = literal
    }

    /// Creates a number from a literal the reader has already checked.
    init(checkedLiteral: String) { self.literal = checkedLiteral }

    /// The value as a 64-bit integer, only for an exact integer literal: no fraction, no
    /// exponent (so `1e3` and `1.0` give `nil`); `nil` too when it does not fit in `Int64`.
    /// `-0` gives `0`.
    public var int64: Int64? {
        var text = literal
        return text.withUTF8 { JSONNumberGrammar.exactInt64($0) }
    }

    /// The value as the nearest `Double`; `nil` when it is too large to be finite (like `1e400`).
    public var double: Double? { JSONNumberGrammar.finiteDouble(literal) }
}

/// The RFC 8259 number grammar, shared by the reader and ``JSONNumber/init(literal:)``.
enum JSONNumberGrammar {
    /// Why a number is not valid: a wrong byte at `offset`, or the input ended inside it.
    enum Failure: Error {
        case invalid(offset: Int)
        case ended
    }

    /// Scans one number starting at `start`; returns the index just past it. Bytes after the
    /// number are not looked at.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<Int, Failure> {
        var index = start
        let end = bytes.count
        if index < end && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < end else { return .failure(.ended) }
        let first = bytes[index]
        if first == UInt8(ascii: "0") {
            index += 1
            if index < end && isDigit(bytes[index]) { return .failure(.invalid(offset: index)) }
        } else if isDigit(first) {
            index += 1
            while index < end && isDigit(bytes[index]) { index += 1 }
        } else {
            return .failure(.invalid(offset: index))
        }
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end else { return .failure(.ended) }
            guard isDigit(bytes[index]) else { return .failure(.invalid(offset: index)) }
            while index < end && isDigit(bytes[index]) { index += 1 }
        }
        if index < end && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard index < end else { return .failure(.ended) }
            guard isDigit(bytes[index]) else { return .failure(.invalid(offset: index)) }
            while index < end && isDigit(bytes[index]) { index += 1 }
        }
        return .success(index)
    }

    /// The value of a number literal (already checked against the grammar) as an `Int64`, only
    /// when it has no fraction and no exponent and fits; `-0` gives `0`.
    static func exactInt64(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = bytes.first == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        guard index < bytes.count else { return nil }
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) =
                negative
                ? shifted.subtractingReportingOverflow(Int64(digit)) : shifted.addingReportingOverflow(Int64(digit))
            if overflowShift || overflowAdd { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// The nearest `Double` to a number literal; `nil` when it is not finite.
    static func finiteDouble(_ literal: String) -> Double? {
        guard let value = Double(literal), value.isFinite else { return nil }
        return value
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
