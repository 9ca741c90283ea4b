import Synchronization

@testable import RastrilloNativeCLI

/// Captures what a CLI run writes to standard output and standard error.
/// Shared by every CLI test.
final class CapturedOutput: Sendable {
    private let lines = Mutex<(out: [String], error: [String])>(([], []))

    /// The writers to pass to `CLI.main(_:io:)`.
    var io: CLIOutput {
        CLIOutput(
            out: { line in self.lines.withLock { $0.out.append(line) } },
            error: { line in self.lines.withLock { $0.error.append(line) } }
        )
    }

    /// The same writers as ``io``.
    var output: CLIOutput { io }

    /// Lines written to standard output, in order.
    var out: [String] { lines.withLock { $0.out } }

    /// Standard output as one text.
    var stdout: String { out.joined(separator: "\n") }

    /// Standard error as one text.
    var stderr: String { lines.withLock { $0.error.joined(separator: "\n") } }

    /// Standard error as one text (same as ``stderr``).
    var error: String { stderr }
}
