import RastrilloNative

/// `rastrillo-native version <server-url>`: the public version check, with the
/// same ``ServerVersionClient`` the companion app uses.
enum VersionCommand: CLICommand {
    static let name = "version"
    static let summary = "Print a Rastrillo server's version and its kind."
    static var help: String {
        var text = """
            OVERVIEW: \(summary)

            Asks GET <server-url>/api/version (public, no sign-in) and prints the
            version and whether it is dev, a tag, git describe output, a sha or opaque.
            https is required except for 127.0.0.1, localhost and [::1].

            USAGE: rastrillo-native version <server-url> [--connect-timeout <seconds>] [--timeout <seconds>]

            ARGUMENTS:
              <server-url>              The server's base address, e.g. https://example.com.

            OPTIONS:
              --connect-timeout <s>     Seconds the server may take to start answering (default 10).
              --timeout <s>             Seconds the whole check may take (default 30).
            """
        #if DEBUG
            text += "\n  --allow-insecure-local-network\n"
            text += "                            Debug builds only: allow plain http to a local-network host."
        #endif
        return text + "\n  -h, --help                Show help information."
    }

    static func run(_ arguments: [String], io: CLIOutput) throws -> Int32 {
        #if DEBUG
            let flags: Set<String> = ["--allow-insecure-local-network"]
        #else
            let flags: Set<String> = []
        #endif
        let parsed = try CLIArguments(arguments, options: ["--connect-timeout", "--timeout"], flags: flags)
        let url = try parsed.requirePositionals(["server-url"])[0]
        var options = ServerVersionClient.Options()
        if let text = parsed.option("--connect-timeout") {
            options.connectTimeout = try seconds(text, option: "--connect-timeout")
        }
        if let text = parsed.option("--timeout") {
            options.totalTimeout = try seconds(text, option: "--timeout")
        }
        #if DEBUG
            options.allowsInsecureLocalNetwork = parsed.flag("--allow-insecure-local-network")
        #endif
        let address: ServerAddress
        do {
            address = try ServerAddress(url)
        } catch {
            throw CLIUsageError(error.description)
        }
        let client = ServerVersionClient(options: options)
        let result = CLIAsync.wait { () async -> Result<ServerVersion, ServerVersionError> in
            do throws(ServerVersionError) {
                return .success(try await client.version(of: address))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let version):
            io.out("version: \(version.text)")
            io.out("kind: \(describe(version))")
            return CLIExit.success
        case .failure(let error):
            io.error("error: \(error.description)")
            return CLIExit.failure
        }
    }

    static func describe(_ version: ServerVersion) -> String {
        var text = version.kindName
        if case .describe(let tag, let ahead, let commit) = version.kind {
            text += " (\(ahead) commit\(ahead == 1 ? "" : "s") after \(tag), at \(commit))"
        }
        if version.isDirty { text += ", dirty (built with uncommitted changes)" }
        return text
    }

    private static func seconds(_ text: String, option: String) throws -> Duration {
        guard let value = Double(text), value > 0, value <= 3600, value.isFinite else {
            throw CLIUsageError("\(option) needs a number of seconds between 0 and 3600, not '\(text)'.")
        }
        return .milliseconds(Int64((value * 1000).rounded()))
    }
}
