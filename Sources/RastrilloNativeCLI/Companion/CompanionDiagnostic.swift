import RastrilloNative

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

    /// The file and message (which quote project.yml) escaped with `DiagnosticText`.
    var description: String {
        "\(DiagnosticText.escaped(file)):\(line): \(severity.rawValue): \(DiagnosticText.escaped(message))"
    }

    /// This diagnostic with warnings turned into errors.
    var escalated: CompanionDiagnostic {
        CompanionDiagnostic(severity: .error, file: file, line: line, message: message)
    }
}
