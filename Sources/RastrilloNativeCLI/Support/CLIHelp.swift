/// Help and usage text rendered from a command's declaration, laid out as
/// swift-argument-parser lays it out: labels in a 26-column gutter, text
/// wrapped to 80 columns.
enum CLIHelp {
    static let width = 80
    static let gutter = 26

    /// The full `--help` text of the command reached by `path` (tool name first).
    static func help(_ configuration: CLICommandConfiguration, path: [String]) -> String {
        var sections = ["OVERVIEW: \(configuration.abstract)"]
        if !configuration.discussion.isEmpty { sections.append(configuration.discussion) }
        sections.append(usage(configuration, path: path))
        if !configuration.arguments.isEmpty {
            sections.append(
                "ARGUMENTS:\n"
                    + configuration.arguments.map { row(label: "<\($0.name)>", help: $0.help) }.joined(separator: "\n"))
        }
        let options = configuration.options.map { row(label: $0.synopsis, help: $0.help) }
        sections.append(
            "OPTIONS:\n"
                + (options + [row(label: "-h, --help", help: "Show help information.")])
                .joined(separator: "\n"))
        if !configuration.subcommands.isEmpty {
            let rows = configuration.subcommands.map {
                row(label: $0.configuration.name, help: $0.configuration.abstract)
            }
            let extra = path.count == 1 ? [row(label: "help", help: "Show help for a subcommand.")] : []
            sections.append("SUBCOMMANDS:\n" + (rows + extra).joined(separator: "\n"))
            sections.append("  See '\(path.joined(separator: " ")) <subcommand> --help' for details.")
        }
        return sections.joined(separator: "\n\n")
    }

    /// `USAGE: …`, wrapped to 80 columns with the command's path as the indent.
    static func usage(_ configuration: CLICommandConfiguration, path: [String]) -> String {
        var words: [String] = []
        if !configuration.subcommands.isEmpty {
            words.append("<subcommand>")
        }
        for argument in configuration.arguments {
            words.append(argument.isRepeating ? "<\(argument.name)> ..." : "<\(argument.name)>")
        }
        for option in configuration.options {
            let text = option.kind == .repeatingValue ? "\(option.synopsis) ..." : option.synopsis
            words.append(option.isRequired ? text : "[\(text)]")
        }
        let head = "USAGE: " + path.joined(separator: " ")
        let indent = String(repeating: " ", count: min(head.count + 1, 40))
        var lines = [head]
        for word in words {
            if lines[lines.count - 1].count + 1 + word.count > width, lines[lines.count - 1] != indent {
                lines.append(indent + word)
            } else {
                lines[lines.count - 1] += (lines[lines.count - 1] == indent ? "" : " ") + word
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What a usage error prints: the error line, the usage, and where to find help.
    static func usageError(_ message: String, _ configuration: CLICommandConfiguration, path: [String]) -> String {
        "error: \(message)\n\n\(usage(configuration, path: path))\n\n"
            + "  See '\(path.joined(separator: " ")) --help' for details."
    }

    /// One `  label   text` row; the text wraps in the gutter, and starts on the
    /// next line when the label does not leave two spaces before the gutter.
    static func row(label: String, help: String) -> String {
        let pad = String(repeating: " ", count: gutter)
        let lines = wrap(help, width: width - gutter)
        var first = "  " + label
        var rest = lines.dropFirst().map { pad + $0 }
        if first.count + 2 <= gutter {
            first += String(repeating: " ", count: gutter - first.count) + (lines.first ?? "")
        } else {
            rest.insert(pad + (lines.first ?? ""), at: 0)
        }
        return ([first] + rest).joined(separator: "\n")
    }

    /// Words of `text` in lines of at most `width` characters (a longer word gets its own line).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

/// Runs a tool made of ``CLICommand``s: walks the subcommands, prints help,
/// parses, runs, and turns errors into exit statuses.
public enum CLITool {
    /// Runs `root` with `arguments` (without the program name) and returns the exit status:
    /// 0 success (and help), 1 failure, 2 usage error.
    public static func main(_ root: any CLICommand.Type, _ arguments: [String], io: CLIOutput) -> Int32 {
        var command = root
        var path = [root.configuration.name]
        var rest = arguments[...]
        if rest.first == "help" {
            return help(root, Array(rest.dropFirst()), io: io)
        }
        while !command.configuration.subcommands.isEmpty {
            let configuration = command.configuration
            guard let first = rest.first else {
                io.error(CLIHelp.usageError("missing subcommand (\(names(configuration)))", configuration, path: path))
                return CLIExit.usage
            }
            guard let next = configuration.subcommands.first(where: { $0.configuration.name == first }) else {
                if CLIParser.asksForHelp(Array(rest)) {
                    io.out(CLIHelp.help(configuration, path: path))
                    return CLIExit.success
                }
                let what = CLIParser.isOptionLike(first) ? "unknown option" : "unknown subcommand"
                io.error(
                    CLIHelp.usageError("\(what) '\(first)'; use \(names(configuration))", configuration, path: path))
                return CLIExit.usage
            }
            command = next
            path.append(first)
            rest = rest.dropFirst()
        }
        let configuration = command.configuration
        if CLIParser.asksForHelp(Array(rest)) {
            io.out(CLIHelp.help(configuration, path: path))
            return CLIExit.success
        }
        do {
            let parsed = try CLIParser.parse(Array(rest), for: configuration)
            return try command.run(parsed, io: io)
        } catch let error as CLIUsageError {
            io.error(CLIHelp.usageError(error.message, configuration, path: path))
            return CLIExit.usage
        } catch {
            io.error("error: \(error)")
            return CLIExit.failure
        }
    }

    /// `tool help [subcommand ...]`: the help of the named command.
    private static func help(_ root: any CLICommand.Type, _ words: [String], io: CLIOutput) -> Int32 {
        var command = root
        var path = [root.configuration.name]
        for word in words {
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.name == word }) else {
                let configuration = command.configuration
                let message =
                    configuration.subcommands.isEmpty
                    ? "unexpected argument '\(word)'"
                    : "unknown subcommand '\(word)'; use \(names(configuration))"
                io.error(CLIHelp.usageError(message, configuration, path: path))
                return CLIExit.usage
            }
            command = next
            path.append(word)
        }
        io.out(CLIHelp.help(command.configuration, path: path))
        return CLIExit.success
    }

    /// `new or check`, `schema, check or build`.
    private static func names(_ configuration: CLICommandConfiguration) -> String {
        let names = configuration.subcommands.map { $0.configuration.name }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}
