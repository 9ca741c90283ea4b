import Foundation

/// Nanoseconds in a duration.
func nanos(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Nanoseconds shown as microseconds with two decimals.
func micro(_ nanoseconds: Double) -> String { String(format: "%.3f", nanoseconds / 1_000) }

/// Right-aligns a value in a column.
func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
    let text = value.description
    return String(repeating: " ", count: max(0, width - text.count)) + text
}
