/// A JSON value together with the position of its first byte in the document.
public struct JSONNode: Sendable, Hashable {
    /// The value.
    public let value: JSONValue
    /// Where the value starts (its first byte: `{`, `[`, `"`, a digit, `-`, `t`, `f` or `n`).
    public let position: JSONPosition
    /// The byte offset just past the value's last byte, so `position.offset..<endOffset` is the
    /// value's exact text (as signed, for example). `nil` for nodes built by hand.
    public let endOffset: Int?

    /// Creates a node from a value and a position (and, when known, the end offset).
    public init(value: JSONValue, position: JSONPosition, endOffset: Int? = nil) {
        self.value = value
        self.position = position
        self.endOffset = endOffset
    }
}
