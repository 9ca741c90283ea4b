/// A small argument reader following swift-argument-parser's conventions:
/// `--name value` or `--name=value` options, `--flag` flags, positionals;
/// anything unknown is a usage error.
struct CLIArguments {
    private(set) var positionals: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` given the option names that take a value and the flag names.
    init(_ arguments: [String], options optionNames: Set<String>, flags flagNames: Set<String>) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flagNames.contains(name) {
                guard inlineValue == nil else { throw CLIUsageError("\(name) does not take a value.") }
                flags.insert(name)
            } else if optionNames.contains(name) {
                guard options[name] == nil else { throw CLIUsageError("\(name) is given more than once.") }
                if let inlineValue {
                    options[name] = inlineValue
                } else {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                        throw CLIUsageError("\(name) needs a value.")
                    }
                    options[name] = arguments[index]
                    index += 1
                }
            } else {
                throw CLIUsageError("unknown option '\(name)'.")
            }
        }
    }

    /// The value of option `name`, if given.
    func option(_ name: String) -> String? { options[name] }

    /// Whether flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Exactly `count` positionals named `names` (for the message), or a usage error.
    func requirePositionals(_ names: [String]) throws -> [String] {
        if positionals.count < names.count {
            throw CLIUsageError("missing <\(names[positionals.count])>.")
        }
        if positionals.count > names.count {
            throw CLIUsageError("unexpected argument '\(positionals[names.count])'.")
        }
        return positionals
    }
}
