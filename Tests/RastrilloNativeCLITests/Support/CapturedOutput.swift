import Foundation

@testable import RastrilloNativeCLI

/// Captures what a CLI run writes to standard output and standard error.
///
/// `@unchecked Sendable`: both buffers are only touched while holding `lock`.
final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errorLines: [String] = []

    var output: CLIOutput {
        CLIOutput(
            out: { line in self.lock.withLock { self.outLines.append(line) } },
            error: { line in self.lock.withLock { self.errorLines.append(line) } }
        )
    }

    var stdout: String { lock.withLock { outLines.joined(separator: "\n") } }
    var stderr: String { lock.withLock { errorLines.joined(separator: "\n") } }
}
