import Foundation

/// Where the CLI writes: standard output and standard error, or buffers in tests.
public struct CLIOutput: Sendable {
    /// Writes one line (a newline is added) to standard output.
    public let out: @Sendable (String) -> Void
    /// Writes one line (a newline is added) to standard error.
    public let error: @Sendable (String) -> Void

    /// Creates an output from two line writers.
    public init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.error = error
    }

    /// The process's standard output and standard error.
    public static let standard = CLIOutput(
        out: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
        error: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    )
}
