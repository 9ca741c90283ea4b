/// One replayed check of a vector file: what was checked and whether it held.
public struct VectorCheck: Sendable, Hashable {
    /// The value checked, as a path in the file (`envelope.seal opens to plaintext`).
    public let name: String
    /// Whether the computed bytes matched the file (or the operation succeeded).
    public let passed: Bool
    /// Why it failed (empty when it passed). Never contains a secret.
    public let detail: String

    /// Creates a check result.
    public init(name: String, passed: Bool, detail: String = "") {
        self.name = name
        self.passed = passed
        self.detail = detail
    }
}
