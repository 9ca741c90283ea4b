import Foundation
import RastrilloNative

/// `rastrillo-native companion new|check`: create a companion from the
/// embedded example, and lint one before `xcodegen generate`.
enum CompanionCommand: CLICommand {
    static let name = "companion"
    static let summary = "Create a native companion app (new) or lint one (check)."
    static let help = """
        OVERVIEW: \(summary)

        USAGE: rastrillo-native companion <subcommand>

        SUBCOMMANDS:
          new       Write a ready-to-generate companion from the bundled example.
          check     Lint a companion's project.yml before xcodegen generate.

        See 'rastrillo-native companion <subcommand> --help' for details.
        """

    static let newHelp = """
        OVERVIEW: Write a ready-to-generate companion from the bundled example.

        USAGE: rastrillo-native companion new <dir> --name <AppName> --bundle-id <reverse.dns>
                 [--package-url <git URL> --revision <40-hex>] [--server <url>] [--force]

        ARGUMENTS:
          <dir>                     The folder to create (must be empty or absent).

        OPTIONS:
          --name <AppName>          The app target's name: letters, digits and '_', starting with a letter.
          --bundle-id <id>          The app's bundle ID, reverse DNS (e.g. com.yourteam.companion).
          --package-url <URL>       RastrilloNative's git URL (https, ssh:// or git@host:org/repo.git).
          --revision <sha>          The reviewed commit of RastrilloNative: 40 hex digits.
                                    Without --package-url/--revision the companion uses this tool's own
                                    checkout by relative path (fine for trying it; check --release refuses it).
          --server <url>            The server address the app starts with (https, or http to loopback).
          --force                   Write into a non-empty folder (same-named files are overwritten).
          -h, --help                Show help information.
        """

    static let checkHelp = """
        OVERVIEW: Lint a companion's project.yml before xcodegen generate.

        Catches what XcodeGen silently ignores: unknown (misspelled) keys, missing or invalid
        supportedDestinations and platform, deployment targets below iOS 17 / macOS 14,
        RastrilloNative not pinned to url + 40-hex revision, placeholder bundle IDs, missing
        source folders, products RastrilloNative does not have. Placeholders and a local package
        path are warnings; --release makes them errors. Messages read file:line: severity: text.

        USAGE: rastrillo-native companion check <dir> [--release]

        OPTIONS:
          --release                 Treat warnings as errors (before shipping).
          -h, --help                Show help information.
        """

    static func run(_ arguments: [String], io: CLIOutput) throws -> Int32 {
        guard let subcommand = arguments.first else { throw CLIUsageError("missing subcommand: new or check.") }
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "new":
            if rest.first == "--help" || rest.first == "-h" {
                io.out(newHelp)
                return CLIExit.success
            }
            return try runNew(rest, io: io)
        case "check":
            if rest.first == "--help" || rest.first == "-h" {
                io.out(checkHelp)
                return CLIExit.success
            }
            return try runCheck(rest, io: io)
        default:
            throw CLIUsageError("unknown companion subcommand '\(subcommand)'; use new or check.")
        }
    }

    // MARK: new

    static func runNew(
        _ arguments: [String],
        io: CLIOutput,
        checkout: () -> URL? = { PackageCheckoutLocator.locate() }
    ) throws -> Int32 {
        let parsed: CLIArguments
        do {
            parsed = try CLIArguments(
                arguments, options: ["--name", "--bundle-id", "--package-url", "--revision", "--server"],
                flags: ["--force"])
        } catch let error as CLIUsageError {
            throw CLIUsageError(error.message + "\n\n" + newHelp)
        }
        let dir = try parsed.requirePositionals(["dir"])[0]
        guard let name = parsed.option("--name") else { throw CLIUsageError("missing --name <AppName>.") }
        guard let bundleID = parsed.option("--bundle-id") else {
            throw CLIUsageError("missing --bundle-id <reverse.dns>.")
        }
        if let problem = CompanionInputs.problem(withAppName: name) {
            throw CLIUsageError("--name '\(name)': \(problem).")
        }
        if let problem = CompanionInputs.problem(withBundleID: bundleID) {
            throw CLIUsageError("--bundle-id '\(bundleID)': \(problem).")
        }
        var server: String?
        if let text = parsed.option("--server") {
            server = try validatedServer(text)
        }
        let folder = URL(
            fileURLWithPath: dir, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        .standardizedFileURL
        let package: CompanionScaffold.PackageReference
        var warnings: [String] = []
        switch (parsed.option("--package-url"), parsed.option("--revision")) {
        case (.some(let url), .some(let revision)):
            if let problem = CompanionInputs.problem(withPackageURL: url) {
                throw CLIUsageError("--package-url '\(url)': \(problem).")
            }
            guard CompanionInputs.isFullRevision(revision) else {
                throw CLIUsageError("--revision '\(revision)' is not a full commit sha (40 hex digits).")
            }
            package = .remote(url: url, revision: revision.lowercased())
        case (.some, nil): throw CLIUsageError("--package-url needs --revision <40-hex commit>.")
        case (nil, .some): throw CLIUsageError("--revision needs --package-url <git URL>.")
        case (nil, nil):
            guard let root = checkout() else { throw CompanionError.checkoutNotFound }
            let path = PackageCheckoutLocator.relativePath(from: folder, to: root)
            package = .localPath(path)
            warnings.append(
                "warning: RastrilloNative is referenced by the local path '\(path)' (this tool's checkout at "
                    + "\(root.path)). Before release, pin it: --package-url <git URL> --revision <40-hex commit>, "
                    + "or edit packages.RastrilloNative in project.yml and Package.swift.")
        }
        let scaffold = CompanionScaffold(appName: name, bundleID: bundleID, package: package, serverAddress: server)
        let files = try scaffold.render(CompanionTemplate.files)
        try CompanionScaffold.write(files, to: folder, force: parsed.flag("--force"))
        for warning in warnings { io.error(warning) }
        io.out("Created \(name) in \(dir) (\(files.count) files).")
        io.out("")
        // Run from a build folder (`swift run`), the tool is not on PATH: say how to run it again.
        let runsFromBuildFolder = Bundle.main.executableURL?.pathComponents.contains(".build") ?? false
        let tool = runsFromBuildFolder ? "swift run rastrillo-native" : "rastrillo-native"
        io.out("Next steps:")
        io.out("  \(tool) companion check \(dir)     # lint project.yml; add --release before shipping")
        io.out("  (cd \(dir) && swift test)     # the model's tests, on any platform")
        io.out("  On a Mac with Xcode and XcodeGen:")
        io.out("  (cd \(dir) && xcodegen generate && open \(name).xcodeproj)")
        if CompanionInputs.isPlaceholderBundleID(bundleID) {
            io.out("  Replace the placeholder bundle ID \(bundleID) with one your team owns before release.")
        }
        return CLIExit.success
    }

    private static func validatedServer(_ text: String) throws -> String {
        do {
            let address = try ServerAddress(text)
            try ServerVersionClient().checkTransport(of: address)
            return address.description
        } catch {
            throw CLIUsageError("--server: \(error.description)")
        }
    }

    // MARK: check

    static func runCheck(_ arguments: [String], io: CLIOutput) throws -> Int32 {
        let parsed = try CLIArguments(arguments, options: [], flags: ["--release"])
        let dir = try parsed.requirePositionals(["dir"])[0]
        let folder = URL(
            fileURLWithPath: dir, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        .standardizedFileURL
        var checker = CompanionChecker(folder: folder, displayFolder: dir)
        var diagnostics = checker.run()
        if parsed.flag("--release") { diagnostics = diagnostics.map(\.escalated) }
        for diagnostic in diagnostics {
            diagnostic.severity == .error ? io.error(diagnostic.description) : io.out(diagnostic.description)
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let summary =
            "companion check: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if errors > 0 {
            io.error(summary)
            return CLIExit.failure
        }
        io.out(summary)
        return CLIExit.success
    }
}
