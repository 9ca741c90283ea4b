import Testing

@testable import RastrilloNativeCLI

@Suite("CLI dispatch")
struct CLIDispatchTests {
    @Test("every subcommand answers --help with exit 0, and an unknown one is a usage error")
    func helpAndUnknown() {
        for command in CLI.commands {
            let io = CapturedOutput()
            #expect(CLI.main([command.name, "--help"], io: io.output) == 0)
            #expect(io.stdout.contains(command.help))
        }
        let io = CapturedOutput()
        #expect(CLI.main(["no-such-command"], io: io.output) == 2)
        #expect(io.stderr.contains("unknown subcommand 'no-such-command'"))
    }
}
