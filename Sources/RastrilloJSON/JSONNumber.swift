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
    public var double: Double? {
        var text = literal
        return text.withUTF8 { JSONNumberGrammar.finiteDouble($0) }
    }
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

    /// The nearest `Double` to a number literal (already checked against the grammar); `nil`
    /// when it is not finite.
    ///
    /// Literals whose digits, without the point, form an integer below 2^53 and whose decimal
    /// exponent (after moving the point) is within ±22 are computed exactly: the integer and
    /// the power of ten are both exact doubles, so one correctly rounded multiplication or
    /// division gives the nearest double (Clinger's fast path). Everything else goes through
    /// `Double(_: String)`.
    static func finiteDouble(_ literal: UnsafeBufferPointer<UInt8>) -> Double? {
        if let exact = fastDouble(literal) { return exact }
        guard let value = Double(String(decoding: literal, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// The exact powers of ten a double holds: 1e0 through 1e22.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
        1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The fast path of ``finiteDouble(_:)``, or `nil` when the literal is outside it.
    static func fastDouble(_ literal: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let count = literal.count
        let negative = count > 0 && literal[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var exponent = 0
        // Integer digits, then fraction digits (each moves the point one place).
        var inFraction = false
        while index < count {
            let byte = literal[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
                index += 1
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            // Stay below 2^53 (9_007_199_254_740_992) so the integer is an exact double.
            guard mantissa < 900_719_925_474_099 else { return nil }
            mantissa = mantissa * 10 + UInt64(digit)
            if inFraction { exponent -= 1 }
            index += 1
        }
        if index < count {
            // The exponent part: e or E, an optional sign, digits (the grammar was checked).
            index += 1
            var exponentNegative = false
            if literal[index] == UInt8(ascii: "-") || literal[index] == UInt8(ascii: "+") {
                exponentNegative = literal[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            while index < count {
                guard written < 1000 else { return nil }
                written = written * 10 + Int(literal[index] &- UInt8(ascii: "0"))
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        guard exponent >= -22 && exponent <= 22 else { return nil }
        var value = Double(mantissa)
        if exponent < 0 {
            value /= exactPowersOfTen[-exponent]
        } else {
            value *= exactPowersOfTen[exponent]
        }
        return negative ? -value : value
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
