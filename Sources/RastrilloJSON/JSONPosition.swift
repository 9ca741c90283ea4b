/// Where something is in a JSON document.
///
/// `offset` is the 0-based byte offset into the UTF-8 input. `line` and `column` are 1-based and
/// count the way editors show them: a new line starts after each line feed (`\n`, so `\r\n` is one
/// line break), and `column` counts Unicode scalars from the start of the line, so `é` or `😀`
/// advance the column by one and a tab counts as one column.
///
/// ```swift
/// // In `{"a":tru}` the bad byte `}` is at offset 8, line 1, column 9.
/// ```
public struct JSONPosition: Sendable, Hashable {
    /// The 0-based byte offset in the UTF-8 input.
    public let offset: Int
    /// The 1-based line number (lines are separated by `\n`).
    public let line: Int
    /// The 1-based column, counted in Unicode scalars from the start of the line.
    public let column: Int

    /// Creates a position from its three coordinates.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The start of a document: offset 0, line 1, column 1.
    public static let start = JSONPosition(offset: 0, line: 1, column: 1)
}
