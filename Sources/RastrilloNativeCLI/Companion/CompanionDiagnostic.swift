/// One finding of `companion check`, printed as `file:line: error|warning: message`.
struct CompanionDiagnostic: Equatable, Sendable, CustomStringConvertible {
    /// Errors fail the check; warnings (placeholders, a local package path)
    /// become errors with `--release`.
    enum Severity: String, Sendable {
        case error
        case warning
    }

    let severity: Severity
    /// The file as the person named it (e.g. `MyCompanion/project.yml`).
    let file: String
    let line: Int
    let message: String

    var description: String { "\(file):\(line): \(severity.rawValue): \(message)" }

    /// This diagnostic with warnings turned into errors.
    var escalated: CompanionDiagnostic {
        CompanionDiagnostic(severity: .error, file: file, line: line, message: message)
    }
}
