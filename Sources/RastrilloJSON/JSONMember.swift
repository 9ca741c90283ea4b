/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The key, with escapes decoded.
    public let key: String
    /// Where the key's opening quote is.
    public let keyPosition: JSONPosition
    /// The member's value.
    public let value: JSONNode

    /// Creates a member.
    public init(key: String, keyPosition: JSONPosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
