import RastrilloNative

/// `rastrillo-native version <server-url>`: the public version check, with the
/// same ``ServerVersionClient`` the companion app uses.
enum VersionCommand: CLICommand {
    static var configuration: CLICommandConfiguration {
        var options: [CLIOption] = [
            .value(
                "--connect-timeout", "seconds",
                help: "Seconds the server may take to start answering: more than 0, at most 3600 (default 10)."),
            .value(
                "--timeout", "seconds",
                help: "Seconds the whole check may take: more than 0, at most 3600 (default 30)."),
        ]
        #if DEBUG
            options.append(
                .flag(
                    "--allow-insecure-local-network",
                    help: "Debug builds only: allow plain http to a local-network host."))
        #endif
        return CLICommandConfiguration(
            name: "version",
            abstract: "Print a Rastrillo server's version and its kind.",
            discussion: """
                Asks GET <server-url>/api/version (public, no sign-in) and prints the
                version and whether it is dev, a tag, git describe output, a sha or opaque.
                https is required except for 127.0.0.0/8, localhost and [::1].
                """,
            arguments: [.single("server-url", help: "The server's base address, e.g. https://example.com.")],
            options: options
        )
    }

    static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
        let url = arguments.argument("server-url")
        var options = ServerVersionClient.Options()
        if let text = arguments.value("--connect-timeout") {
            options.connectTimeout = try seconds(text, option: "--connect-timeout")
        }
        if let text = arguments.value("--timeout") {
            options.totalTimeout = try seconds(text, option: "--timeout")
        }
        #if DEBUG
            options.allowsInsecureLocalNetwork = arguments.flag("--allow-insecure-local-network")
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
            throw CLIUsageError("\(option) needs a number of seconds more than 0 and at most 3600, not '\(text)'")
        }
        return .milliseconds(Int64((value * 1000).rounded()))
    }
}
