/// One command of a command-line tool, declared in the style of
/// swift-argument-parser: its configuration names its arguments, options and
/// subcommands, and the help text, the usage line and every usage error come
/// from that declaration.
///
/// A command with subcommands only dispatches; a command without them is run
/// with its parsed arguments.
public protocol CLICommand {
    /// The command's name, abstract, discussion, arguments, options and subcommands.
    static var configuration: CLICommandConfiguration { get }

    /// Runs the command with its parsed arguments and returns the exit status.
    ///
    /// Throw ``CLIUsageError`` for input that parses but is not acceptable
    /// (exit 2 with the command's usage); any other error exits 1.
    static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32
}

extension CLICommand {
    /// A command with subcommands is never run itself; the dispatcher asks for a subcommand.
    public static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
        throw CLIUsageError("missing subcommand")
    }
}

/// What a ``CLICommand`` declares: the source of its help text and of its parser.
public struct CLICommandConfiguration {
    /// The word that selects the command (`new`), or the tool's name for the root command.
    public var name: String
    /// One sentence: the `OVERVIEW:` line and the command's line in its parent's list.
    public var abstract: String
    /// Text printed after the overview, as written (keep lines within 80 columns).
    public var discussion: String
    /// The positional arguments, in order.
    public var arguments: [CLIArgument]
    /// The options and flags (`-h, --help` is added to every command).
    public var options: [CLIOption]
    /// The subcommands; a command with subcommands takes no arguments or options of its own.
    public var subcommands: [any CLICommand.Type]

    /// Declares a command.
    public init(
        name: String, abstract: String, discussion: String = "", arguments: [CLIArgument] = [],
        options: [CLIOption] = [], subcommands: [any CLICommand.Type] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }
}

/// A positional argument: `<dir>`, or `<url> ...` for one or more.
public struct CLIArgument: Sendable, Equatable {
    /// The name shown between angle brackets and passed to ``CLIParsedArguments/argument(_:)``.
    public let name: String
    /// One line for the `ARGUMENTS:` section.
    public let help: String
    /// Whether it takes one or more values (only the last argument may).
    public let isRepeating: Bool

    /// Exactly one value.
    public static func single(_ name: String, help: String) -> CLIArgument {
        CLIArgument(name: name, help: help, isRepeating: false)
    }

    /// One or more values; only the last argument may repeat.
    public static func repeating(_ name: String, help: String) -> CLIArgument {
        CLIArgument(name: name, help: help, isRepeating: true)
    }
}

/// An option (`--out <dir>`, `--out=<dir>`) or a flag (`--check`).
public struct CLIOption: Sendable, Equatable {
    /// How often an option may be given and whether it takes a value.
    public enum Kind: Sendable, Equatable {
        /// No value; at most once.
        case flag
        /// One value; at most once.
        case value
        /// One value each time; any number of times.
        case repeatingValue
    }

    /// The spelling with its dashes: `--out`.
    public let name: String
    /// The value's placeholder in help (`dir` prints as `<dir>`); empty for flags.
    public let valueName: String
    /// The text for the `OPTIONS:` section (wrapped to 80 columns).
    public let help: String
    /// Flag, single value or repeating value.
    public let kind: Kind
    /// Whether leaving it out is a usage error.
    public let isRequired: Bool

    /// A flag: `--check`.
    public static func flag(_ name: String, help: String) -> CLIOption {
        CLIOption(name: name, valueName: "", help: help, kind: .flag, isRequired: false)
    }

    /// An option with one value: `--out <dir>`; `required` makes leaving it out a usage error.
    public static func value(_ name: String, _ valueName: String, required: Bool = false, help: String) -> CLIOption {
        CLIOption(name: name, valueName: valueName, help: help, kind: .value, isRequired: required)
    }

    /// An option that may be given several times: `--app-id <id> ...`.
    public static func repeating(_ name: String, _ valueName: String, help: String) -> CLIOption {
        CLIOption(name: name, valueName: valueName, help: help, kind: .repeatingValue, isRequired: false)
    }

    /// `--out <dir>`, or `--check` for a flag.
    var synopsis: String { kind == .flag ? name : "\(name) <\(valueName)>" }
}

/// A usage error: printed as one `error:` line and the command's usage; exit status 2.
public struct CLIUsageError: Error, Equatable {
    /// What is wrong, naming the input (no `error:` prefix).
    public let message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }
}

/// Exit statuses, as swift-argument-parser uses them.
public enum CLIExit {
    /// The command did what was asked.
    public static let success: Int32 = 0
    /// The command ran and failed (a check found problems, a file could not be read).
    public static let failure: Int32 = 1
    /// The command line was not valid.
    public static let usage: Int32 = 2
}
