import Synchronization
import Testing

@testable import RastrilloNativeCLI

/// Collects what a CLI run wrote, for assertions.
final class CapturedOutput: Sendable {
    private let lines = Mutex<(out: [String], error: [String])>(([], []))

    var io: CLIOutput {
        CLIOutput(
            out: { line in self.lines.withLock { $0.out.append(line) } },
            error: { line in self.lines.withLock { $0.error.append(line) } }
        )
    }

    var out: String { lines.withLock { $0.out.joined(separator: "\n") } }
    var error: String { lines.withLock { $0.error.joined(separator: "\n") } }
}

@Suite("CLI dispatch")
struct CLIDispatchTests {
    @Test("No arguments is a usage error on stderr with exit 2")
    func noArguments() {
        let output = CapturedOutput()
        #expect(CLI.main([], io: output.io) == 2)
        #expect(output.error.contains("USAGE: rastrillo-native"))
        #expect(output.out.isEmpty)
    }

    @Test("--help prints usage on stdout with exit 0", arguments: ["--help", "-h", "help"])
    func help(flag: String) {
        let output = CapturedOutput()
        #expect(CLI.main([flag], io: output.io) == 0)
        #expect(output.out.contains("USAGE: rastrillo-native"))
        #expect(output.error.isEmpty)
    }

    @Test("An unknown subcommand is named in a usage error with exit 2")
    func unknownSubcommand() {
        let output = CapturedOutput()
        #expect(CLI.main(["frobnicate"], io: output.io) == 2)
        #expect(output.error.contains("unknown subcommand 'frobnicate'"))
    }

    @Test("Every subcommand answers --help with exit 0")
    func everySubcommandHasHelp() {
        for command in CLI.commands {
            let output = CapturedOutput()
            #expect(CLI.main([command.name, "--help"], io: output.io) == 0, "\(command.name)")
            #expect(!output.out.isEmpty, "\(command.name) printed no help")
        }
    }
}
