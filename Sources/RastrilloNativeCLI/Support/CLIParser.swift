/// The arguments of one command after parsing against its declaration.
///
/// Ask only for names the command declares: asking for another is a
/// programming error and stops the tool.
public struct CLIParsedArguments: Equatable {
    private let values: [String: [String]]
    private let positionals: [String: [String]]

    init(values: [String: [String]], positionals: [String: [String]]) {
        self.values = values
        self.positionals = positionals
    }

    /// The value of option `name` (`--out`), or nil when it was not given.
    public func value(_ name: String) -> String? { option(name).last }

    /// Every value of a repeating option, in the order given.
    public func values(_ name: String) -> [String] { option(name) }

    /// Whether flag `name` (`--check`) was given.
    public func flag(_ name: String) -> Bool { !option(name).isEmpty }

    /// The value of the single positional argument `name`.
    public func argument(_ name: String) -> String {
        guard let value = positional(name).first else { preconditionFailure("no argument <\(name)> was parsed") }
        return value
    }

    /// The values of the repeating positional argument `name` (at least one).
    public func arguments(_ name: String) -> [String] { positional(name) }

    private func option(_ name: String) -> [String] {
        guard let given = values[name] else { preconditionFailure("option \(name) is not declared") }
        return given
    }

    private func positional(_ name: String) -> [String] {
        guard let given = positionals[name] else { preconditionFailure("argument <\(name)> is not declared") }
        return given
    }
}

/// Parses a command line against a ``CLICommandConfiguration``.
///
/// The rules are swift-argument-parser's: options and positionals may be
/// interleaved; `--name value` and `--name=value` are the same; `--` ends the
/// options (everything after it is positional); a value may not start with
/// `-` unless written `--name=-value`; a lone `-` is a positional. Unknown
/// options, missing values, a value given to a flag, an option repeated that
/// does not repeat, missing or extra positionals and missing required
/// options are usage errors.
public enum CLIParser {
    /// Whether `arguments` ask for help (`-h` or `--help` before any `--`).
    public static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
        }
        return false
    }

    /// Whether `argument` is spelled as an option (`-x`, `--name`), not a value.
    static func isOptionLike(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-"
    }

    /// Parses `arguments` (after the command's name) for `configuration`.
    public static func parse(
        _ arguments: [String], for configuration: CLICommandConfiguration
    ) throws(CLIUsageError) -> CLIParsedArguments {
        var values: [String: [String]] = [:]
        for option in configuration.options { values[option.name] = [] }
        var loose: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !isOptionLike(argument) {
                loose.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = configuration.options.first(where: { $0.name == name }) else {
                throw CLIUsageError("unknown option '\(name)'")
            }
            if option.kind != .repeatingValue, values[name]?.isEmpty == false {
                throw CLIUsageError("option '\(name)' is given more than once")
            }
            switch option.kind {
            case .flag:
                guard inline == nil else { throw CLIUsageError("flag '\(name)' does not take a value") }
                values[name] = [""]
            case .value, .repeatingValue:
                if let inline {
                    values[name, default: []].append(inline)
                } else {
                    guard index < arguments.count, !isOptionLike(arguments[index]) else {
                        throw CLIUsageError("missing value for '\(option.synopsis)'")
                    }
                    values[name, default: []].append(arguments[index])
                    index += 1
                }
            }
        }
        var positionals: [String: [String]] = [:]
        var next = 0
        for argument in configuration.arguments {
            guard next < loose.count else { throw CLIUsageError("missing argument '<\(argument.name)>'") }
            if argument.isRepeating {
                positionals[argument.name] = Array(loose[next...])
                next = loose.count
            } else {
                positionals[argument.name] = [loose[next]]
                next += 1
            }
        }
        if next < loose.count { throw CLIUsageError("unexpected argument '\(loose[next])'") }
        for option in configuration.options where option.isRequired && values[option.name]?.isEmpty != false {
            throw CLIUsageError("missing option '\(option.synopsis)'")
        }
        return CLIParsedArguments(values: values, positionals: positionals)
    }
}
