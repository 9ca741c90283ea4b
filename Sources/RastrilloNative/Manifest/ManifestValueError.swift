import RastrilloJSON

/// A JSON value that does not have the manifest type it must have (bridge
/// payloads, replies and events), located by JSON pointer and line:column.
public struct ManifestValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A JSON pointer into the payload (`/tags/2`).
    public let pointer: String
    /// Where the offending value starts, when the value came from parsed JSON.
    public let position: JSONPosition?
    /// What was expected and what was found.
    public let message: String

    /// Creates an error.
    public init(pointer: String, position: JSONPosition?, message: String) {
        self.pointer = pointer
        self.position = position
        self.message = message
    }

    /// `pointer (line L, column C): message`.
    public var description: String {
        let place = position.map { " (line \($0.line), column \($0.column))" } ?? ""
        return "\(pointer.isEmpty ? "/" : pointer)\(place): \(message)"
    }
}
