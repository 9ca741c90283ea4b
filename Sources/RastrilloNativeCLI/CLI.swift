/// The `rastrillo-native` command line: subcommand dispatch, help and exit codes.
///
/// Conventions follow swift-argument-parser's: every subcommand answers
/// `--help`; usage errors go to standard error with exit status 2; failures
/// exit 1; success exits 0.
public enum CLI {
    /// Every top-level subcommand, in the order `--help` lists them.
    // Metatypes of stateless enums; the array is never mutated after launch.
    nonisolated(unsafe) static let commands: [any CLICommand.Type] = [
        HelpCommand.self,
        VersionCommand.self,
        CompanionCommand.self,
        ManifestCommand.self,
        RouteCommand.self,
        VectorsCommand.self,
    ]

    /// Runs the tool with `arguments` (without the program name) and returns
    /// the process exit status.
    public static func main(_ arguments: [String], io: CLIOutput = .standard) -> Int32 {
        guard let first = arguments.first else {
            io.error(usage)
            return CLIExit.usage
        }
        if first == "--help" || first == "-h" || first == "help" {
            io.out(usage)
            return CLIExit.success
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            io.error("error: unknown subcommand '\(first)'.\n\n" + usage)
            return CLIExit.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.first == "--help" || rest.first == "-h" {
            io.out(command.help)
            return CLIExit.success
        }
        do {
            return try command.run(rest, io: io)
        } catch let error as CLIUsageError {
            io.error("error: \(error.message)\n\n\(command.help)")
            return CLIExit.usage
        } catch {
            io.error("error: \(error)")
            return CLIExit.failure
        }
    }

    static var usage: String {
        var text = "USAGE: rastrillo-native <subcommand> [options]\n\nSUBCOMMANDS:\n"
        for command in commands where command.name != HelpCommand.name {
            text +=
                "  " + command.name + String(repeating: " ", count: max(1, 12 - command.name.count)) + command.summary
                + "\n"
        }
        text += "\nSee 'rastrillo-native <subcommand> --help' for details."
        return text
    }
}

/// One `rastrillo-native` subcommand.
protocol CLICommand {
    /// The word that selects it (`version`, `companion`, …).
    static var name: String { get }
    /// One line for the top-level help.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Runs with the arguments after the subcommand name. Throw
    /// ``CLIUsageError`` for a usage error (exit 2); return the exit status.
    static func run(_ arguments: [String], io: CLIOutput) throws -> Int32
}

/// `rastrillo-native help`: the same text as `--help`.
enum HelpCommand: CLICommand {
    static let name = "help"
    static let summary = "Show help."
    static var help: String { CLI.usage }
    static func run(_ arguments: [String], io: CLIOutput) throws -> Int32 {
        io.out(CLI.usage)
        return CLIExit.success
    }
}
