/// A value read by ``YAMLSubsetReader``, with the 1-based line it starts on.
///
/// Scalars are typed the way PyYAML (YAML 1.1) and Yams (YAML 1.2, what
/// XcodeGen uses) agree on; anything the two would read differently is
/// refused by the reader instead of guessed.
struct YAMLNode: Equatable, Sendable {
    indirect enum Value: Equatable, Sendable {
        case string(String)
        case integer(Int)
        case boolean(Bool)
        case null
        case sequence([YAMLNode])
        case mapping([YAMLEntry])
    }

    let line: Int
    let value: Value

    /// The text of a string scalar.
    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The entries of a mapping.
    var entries: [YAMLEntry]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    /// The items of a sequence.
    var items: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// The value for `key` in a mapping.
    subscript(key: String) -> YAMLNode? {
        entries?.first { $0.key == key }?.value
    }

    /// What kind of value this is, for messages ("a mapping", "text", …).
    var kindDescription: String {
        switch value {
        case .string: return "text"
        case .integer: return "a number"
        case .boolean: return "a boolean"
        case .null: return "empty"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// One `key: value` of a mapping, with the line of its key.
struct YAMLEntry: Equatable, Sendable {
    let key: String
    let line: Int
    let value: YAMLNode
}

/// Why ``YAMLSubsetReader`` refused a document: the line and what to change.
struct YAMLSubsetError: Error, Equatable, CustomStringConvertible {
    let line: Int
    let message: String

    var description: String { "line \(line): \(message)" }
}
