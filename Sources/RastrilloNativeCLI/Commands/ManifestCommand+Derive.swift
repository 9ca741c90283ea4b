import Foundation

extension ManifestCommand {
    /// `manifest derive`.
    enum Derive: CLICommand {
        static var configuration: CLICommandConfiguration {
            CLICommandConfiguration(
                name: "derive",
                abstract: "Derive an app manifest from a Rastrillo app's committed files.",
                discussion: """
                    Reads gen/manifest.json, gen/router.go, gen/locales/en.toml, locales/*.toml
                    and the app's Go imports and hand-mounted routes (never runs Go or the app),
                    and writes a valid, deterministic app-manifest.json, then a report: each item
                    derived, defaulted or needs-you, and every route not mapped, with why. Hand
                    edits live in app-manifest.overlay.json beside --out (or --overlay), merged
                    last and never written. Without --out the manifest goes to stdout and the
                    report to stderr. Guide: docs/from-rastrillo-app.md.
                    """,
                arguments: [.single("app", help: "The Rastrillo app's folder (the one holding gen/).")],
                options: [
                    .value(
                        "--origin", "url",
                        help: "The deployed origin, scheme://host[:port] (no app file holds it); required."),
                    .value("--name", "AppName", help: "The app's name (default: the go.mod module's last element)."),
                    .value("--out", "file", help: "Write the manifest here (never over a link, device or pipe)."),
                    .value(
                        "--overlay", "file",
                        help: "The overlay to merge (default: \(ManifestOverlay.fileName) beside --out, if there)."),
                    .flag(
                        "--check",
                        help: "Write nothing; exit 1 when --out's file differs from what the app declares now."),
                ]
            )
        }

        static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
            let app = arguments.argument("app")
            let input = try input(arguments)
            let derived: DerivedApp
            do {
                derived = try ManifestDeriver.derive(input)
            } catch {
                io.error("error: \(error.description)")
                return CLIExit.failure
            }
            let text = String(decoding: derived.manifestJSON, as: UTF8.self)
            guard let out = arguments.value("--out") else {
                if arguments.flag("--check") { throw CLIUsageError("--check needs --out <the committed manifest>") }
                io.out(String(text.dropLast()))
                io.error(String(derived.report.text.dropLast()))
                return CLIExit.success
            }
            if arguments.flag("--check") {
                let current = FileManager.default.contents(atPath: out).map { Array($0) }
                guard current == derived.manifestJSON else {
                    let why = current == nil ? "is missing" : "differs from what \(app) declares now"
                    io.error(
                        "error: \(out) \(why): run `rastrillo-native manifest derive \(SafeOutput.shellQuoted(app)) "
                            + "--origin \(input.origin) --out \(SafeOutput.shellQuoted(out))` and commit it")
                    return CLIExit.failure
                }
                io.out("\(out): current (derived from \(app))")
                return CLIExit.success
            }
            try SafeOutput.write(Data(derived.manifestJSON), to: URL(fileURLWithPath: out))
            io.out(String(derived.report.text.dropLast()))
            io.out("wrote \(out)")
            return CLIExit.success
        }

        /// The deriver's input from the command line; a missing or malformed --origin is a usage error.
        static func input(_ arguments: CLIParsedArguments) throws -> DeriveInput {
            let app = arguments.argument("app")
            guard let origin = arguments.value("--origin") else {
                throw CLIUsageError(
                    "--origin is required: the app's deployed origin, e.g. --origin https://app.example.com "
                        + "(no app file holds it)")
            }
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let folder = URL(fileURLWithPath: app, relativeTo: cwd).standardizedFileURL
            var overlay = arguments.value("--overlay").map {
                URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL
            }
            if overlay == nil, let out = arguments.value("--out") {
                let beside = URL(fileURLWithPath: out, relativeTo: cwd).standardizedFileURL.deletingLastPathComponent()
                    .appendingPathComponent(ManifestOverlay.fileName)
                if SafeOutput.kind(beside.path) != nil { overlay = beside }
            }
            return DeriveInput(
                appDirectory: folder, origin: origin, name: arguments.value("--name"), overlay: overlay,
                displayPath: app)
        }
    }
}
