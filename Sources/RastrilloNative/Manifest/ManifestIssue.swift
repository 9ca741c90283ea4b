/// One problem found in a manifest, located by JSON pointer and line:column.
public struct ManifestIssue: Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    public enum Kind: String, Sendable, Hashable {
        /// The bytes are not strict JSON (syntax, duplicate key, invalid UTF-8, too deep or too large).
        case invalidJSON
        /// A key the schema does not define.
        case unknownKey
        /// A required key is absent.
        case missingKey
        /// A value of the wrong JSON type or outside its allowed set.
        case invalidValue
        /// The `schemaVersion` is not one this library reads.
        case unsupportedSchemaVersion
        /// Two entries share an id.
        case duplicateID
        /// A path pattern that ServeMux's grammar refuses.
        case invalidPattern
        /// Two patterns match the same paths with equal precedence.
        case conflictingPatterns
        /// A reference to an undeclared capability, destination or type.
        case unknownReference
        /// A keyboard shortcut that cannot be written.
        case invalidShortcut
        /// More than 10 commands placed as App Shortcuts.
        case tooManyAppShortcuts
        /// The generated apple-app-site-association file would exceed 128 KB.
        case aasaTooLarge
    }

    /// The kind of problem.
    public let kind: Kind
    /// A JSON pointer (RFC 6901) to the offending value (`/destinations/3/pattern`).
    public let pointer: String
    /// Where the offending value starts, when known.
    public let line: Int?
    /// Column of the offending value, when known.
    public let column: Int?
    /// What is wrong and what to do about it.
    public let message: String

    /// `pointer (line:column): message`, the pointer and message escaped with ``DiagnosticText``
    /// (they quote the manifest's keys and values; ``pointer`` and ``message`` stay raw).
    public var description: String {
        let place = line.map { " (line \($0), column \(column ?? 0))" } ?? ""
        return "\(DiagnosticText.escaped(pointer.isEmpty ? "/" : pointer))\(place): \(DiagnosticText.escaped(message))"
    }
}

/// A manifest that could not be read or did not validate, with every problem found.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    /// Where the manifest came from (a file path or URL), for the message.
    public let source: String
    /// The problems, in document order.
    public let issues: [ManifestIssue]

    /// One line per problem, prefixed with the source (escaped with ``DiagnosticText``, as each
    /// issue's description is), so no line can be split or forged by the input.
    public var description: String {
        let source = DiagnosticText.escaped(source)
        return issues.map { "\(source):\($0.description)" }.joined(separator: "\n")
    }
}
