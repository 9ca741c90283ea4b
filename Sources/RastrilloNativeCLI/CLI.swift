/// The `rastrillo-native` command line.
///
/// Every command is declared as a ``CLICommand``; ``CLITool`` parses, prints
/// help and maps errors to exit statuses with swift-argument-parser's
/// conventions: `--help` everywhere, usage errors on standard error with exit
/// status 2, failures exit 1, success exits 0.
public enum CLI {
    /// Runs the tool with `arguments` (without the program name) and returns
    /// the process exit status.
    ///
    /// `templates` are the embedded examples `companion new --from` starts from, by name
    /// (`companion`, `notes`: `(path, base64)` entries, generated at build time); without one,
    /// `companion new --from` that name fails.
    public static func main(
        _ arguments: [String], templates: [String: [(path: String, base64: String)]] = [:],
        io: CLIOutput = .standard
    ) -> Int32 {
        var decoded: [CompanionTemplate.Kind: [CompanionTemplate.File]] = [:]
        do {
            for (name, entries) in templates where !entries.isEmpty {
                guard let kind = CompanionTemplate.Kind(rawValue: name) else {
                    throw CompanionError.template("there is no template kind named '\(name)'")
                }
                decoded[kind] = try CompanionTemplate.decode(entries)
            }
        } catch {
            io.error("error: \(error)")
            return CLIExit.failure
        }
        return CompanionTemplate.$current.withValue(decoded) {
            CLITool.main(RastrilloNativeCommand.self, arguments, io: io)
        }
    }
}

/// `rastrillo-native`: the root command, which only dispatches.
enum RastrilloNativeCommand: CLICommand {
    static var configuration: CLICommandConfiguration {
        CLICommandConfiguration(
            name: "rastrillo-native",
            abstract: "Tools for a Rastrillo web app's native companion.",
            subcommands: [
                VersionCommand.self, CompanionCommand.self, ManifestCommand.self, RouteCommand.self,
            ]
        )
    }
}
