import Foundation
import RastrilloManifestCompiler
import RastrilloNative

/// `rastrillo-native manifest schema|check|build`: validate a manifest and compile it.
enum ManifestCommand: CLICommand {
    static var configuration: CLICommandConfiguration {
        CLICommandConfiguration(
            name: "manifest",
            abstract: "Validate app manifests; compile them to Swift, JS, Go, AASA, Hotwire.",
            subcommands: [Schema.self, Check.self, Build.self, Graph.self]
        )
    }

    /// `manifest schema`.
    enum Schema: CLICommand {
        static var configuration: CLICommandConfiguration {
            CLICommandConfiguration(
                name: "schema",
                abstract: "Print the manifest's JSON Schema (docs/app-manifest.schema.json)."
            )
        }

        static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
            io.out(String(ManifestJSONSchema.text.dropLast()))
            return CLIExit.success
        }
    }

    /// `manifest check`.
    enum Check: CLICommand {
        static var configuration: CLICommandConfiguration {
            CLICommandConfiguration(
                name: "check",
                abstract: "Validate an app manifest.",
                discussion: """
                    Checks strict JSON, unknown keys, duplicate ids, ServeMux pattern conflicts,
                    references, shortcuts, App Shortcuts (at most 10) and the AASA size (at most
                    128 KB). Every problem is printed as
                    <file>:<pointer> (line L, column C): <what to fix>.
                    """,
                arguments: [.single("file", help: "The app manifest (app-manifest.json).")]
            )
        }

        static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
            check(arguments.argument("file"), io: io)
        }
    }

    /// `manifest build`.
    enum Build: CLICommand {
        static var configuration: CLICommandConfiguration {
            CLICommandConfiguration(
                name: "build",
                abstract: "Validate an app manifest, then write the generated files.",
                discussion: "OUTPUTS:\n"
                    + ManifestCompiler.emitters.map { CLIHelp.row(label: $0.name, help: $0.summary) }
                    .joined(separator: "\n"),
                arguments: [.single("file", help: "The app manifest (app-manifest.json).")],
                options: [
                    .value("--out", "dir", required: true, help: "Output directory (created if missing)."),
                    .flag("--check", help: "Write nothing; exit 1 listing the files that are missing or stale."),
                    .value(
                        "--only", "outputs",
                        help: "Comma-separated subset of the OUTPUTS above (default: all)."),
                    .repeating(
                        "--app-id", "id",
                        help: "App ID for the AASA file (repeatable); replaces the manifest's app.appIDs."),
                    .value("--go-package", "name", help: "Package name of the Go file (default: appmanifest)."),
                ]
            )
        }

        static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
            try build(arguments, io: io)
        }
    }

    /// `manifest graph`.
    enum Graph: CLICommand {
        static var configuration: CLICommandConfiguration {
            CLICommandConfiguration(
                name: "graph",
                abstract: "Validate an app manifest, then draw the app as SVG.",
                discussion: """
                    Destinations as the tree of their path patterns (native or web, link intent),
                    commands with their placements and an edge to each destination they apply
                    to, capabilities. Written to stdout, or to --out.
                    """,
                arguments: [.single("file", help: "The app manifest (app-manifest.json).")],
                options: [
                    .value(
                        "--out", "file.svg",
                        help: "Write the SVG to this file instead of stdout ('-': stdout); never over a link or device."
                    )
                ]
            )
        }

        static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
            let file = arguments.argument("file")
            guard let compiler = load(file, io: io) else { return CLIExit.failure }
            let svg = ManifestGraphSVG.render(ManifestGraph(manifest: compiler.manifest))
            guard let out = arguments.value("--out"), out != "-" else {
                io.out(String(svg.dropLast()))
                return CLIExit.success
            }
            guard !out.isEmpty else { throw CLIUsageError("--out needs a file path (or '-' for standard output)") }
            try SafeOutput.write(Data(svg.utf8), to: URL(fileURLWithPath: out))
            io.out("wrote \(out)")
            return CLIExit.success
        }
    }

    static func load(_ path: String, io: CLIOutput) -> ManifestCompiler? {
        guard let data = FileManager.default.contents(atPath: path) else {
            io.error("error: cannot read '\(path)'; check the path and permissions")
            return nil
        }
        do {
            return try ManifestCompiler.compile(Array(data), sourceName: URL(fileURLWithPath: path).lastPathComponent)
        } catch {
            let shown = DiagnosticText.escaped(path)
            io.error(error.issues.map { "\(shown):\($0)" }.joined(separator: "\n"))
            io.error("error: \(shown) has \(error.issues.count) problem(s)")
            return nil
        }
    }

    static func check(_ path: String, io: CLIOutput) -> Int32 {
        guard let compiler = load(path, io: io) else { return CLIExit.failure }
        let manifest = compiler.manifest
        let counts = [
            counted(manifest.destinations.count, "destination", "destinations"),
            counted(manifest.commands.count, "command", "commands"),
            counted(manifest.capabilities.count, "capability", "capabilities"),
            counted(manifest.bridge.actions.count, "bridge action", "bridge actions"),
        ]
        io.out("\(path): valid (\(counts.joined(separator: ", ")))")
        return CLIExit.success
    }

    /// `1 command`, `2 commands`.
    static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    static func build(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
        let file = arguments.argument("file")
        let out = arguments.value("--out") ?? ""
        guard !out.isEmpty else { throw CLIUsageError("--out needs a folder path for the generated files") }
        guard out != "-" else {
            throw CLIUsageError("--out '-' would be standard output, but build writes several files: name a folder")
        }
        let checkOnly = arguments.flag("--check")
        var only: Set<String>?
        let appIDs = arguments.values("--app-id")
        var options = ManifestCompiler.Options()
        if let list = arguments.value("--only") {
            let names = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let known = ManifestCompiler.emitters.map(\.name)
            for name in names where !known.contains(name) {
                throw CLIUsageError("unknown output '\(name)' in --only; use \(known.joined(separator: ", "))")
            }
            only = Set(names)
        }
        if let name = arguments.value("--go-package") {
            guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
                name.utf8.allSatisfy({
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                })
            else { throw CLIUsageError("--go-package '\(name)' must be lowercase letters and digits") }
            options.goPackage = name
        }
        if !appIDs.isEmpty { options.appIDs = appIDs }
        guard let compiler = load(file, io: io) else { return CLIExit.failure }
        let files = compiler.files(only: only, options: options)
        let directory = URL(fileURLWithPath: out)
        if checkOnly {
            let stale = ManifestCompiler.staleFiles(files, in: directory)
            if stale.isEmpty {
                io.out("\(out): \(files.count) generated file(s) up to date")
                return CLIExit.success
            }
            for name in stale { io.error("stale: \(directory.appendingPathComponent(name).path)") }
            io.error(
                "error: \(stale.count) generated file(s) are missing or stale; run 'rastrillo-native manifest build \(file) --out \(out)'"
            )
            return CLIExit.failure
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for generated in files {
            try SafeOutput.write(Data(generated.contents.utf8), to: generated.name, under: directory)
            io.out("wrote \(directory.appendingPathComponent(generated.name).path)")
        }
        return CLIExit.success
    }
}
