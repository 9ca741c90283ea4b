/// A JSON value together with the position of its first byte in the document.
public struct JSONNode: Sendable, Hashable {
    /// The value.
    public let value: JSONValue
    /// Where the value starts (its first byte: `{`, `[`, `"`, a digit, `-`, `t`, `f` or `n`).
    public let position: JSONPosition

    /// Creates a node from a value and a position.
    public init(value: JSONValue, position: JSONPosition) {
        self.value = value
        self.position = position
    }
}
