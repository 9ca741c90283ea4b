import Testing

@testable import RastrilloNativeCLI

@Suite("CLI dispatch")
struct CLIDispatchTests {
    @Test("No arguments is a usage error on stderr with exit 2")
    func noArguments() {
        let output = CapturedOutput()
        #expect(CLI.main([], io: output.io) == 2)
        #expect(output.stderr.contains("USAGE: rastrillo-native"))
        #expect(output.stdout.isEmpty)
    }

    @Test("--help prints usage on stdout with exit 0", arguments: ["--help", "-h", "help"])
    func help(flag: String) {
        let output = CapturedOutput()
        #expect(CLI.main([flag], io: output.io) == 0)
        #expect(output.stdout.contains("USAGE: rastrillo-native"))
        #expect(output.stderr.isEmpty)
    }

    @Test("An unknown subcommand is named in a usage error with exit 2")
    func unknownSubcommand() {
        let output = CapturedOutput()
        #expect(CLI.main(["frobnicate"], io: output.io) == 2)
        #expect(output.stderr.contains("unknown subcommand 'frobnicate'"))
    }

    @Test("Every subcommand answers --help with exit 0")
    func everySubcommandHasHelp() {
        for command in RastrilloNativeCommand.configuration.subcommands {
            let name = command.configuration.name
            let output = CapturedOutput()
            #expect(CLI.main([name, "--help"], io: output.io) == 0, "\(name)")
            #expect(output.stdout.hasPrefix("OVERVIEW: \(command.configuration.abstract)\n"), "\(name)")
        }
    }
}
