import Foundation
import RastrilloManifestCompiler
import RastrilloNative

/// `rastrillo-native manifest check|build`: validate a manifest and compile it.
enum ManifestCommand: CLICommand {
    static let name = "manifest"
    static let summary = "Validate an app manifest and compile it to Swift, JS, Go, AASA and Hotwire."
    static var help: String {
        """
        USAGE: rastrillo-native manifest schema
               rastrillo-native manifest check <file>
               rastrillo-native manifest build <file> --out <dir> [--check] [--only <outputs>]
                                               [--app-id <id>]... [--go-package <name>]
               rastrillo-native manifest graph <file> [--out <file.svg>]

        schema  Print the manifest's JSON Schema (for editors; docs/app-manifest.schema.json).
        check   Validate <file>: strict JSON, unknown keys, duplicate ids, ServeMux pattern
                conflicts, references, shortcuts, App Shortcuts (≤ 10), AASA size (≤ 128 KB).
                Every problem is printed as <file>:<pointer> (line L, column C): <what to fix>.
        build   Validate, then write the generated files into <dir>.
        graph   Validate, then draw the app as SVG: destinations as the tree of their path
                patterns (native or web, link intent), commands with their placements and an
                edge to each destination they apply to, capabilities. To stdout, or --out.

        OPTIONS:
          --out <dir>          Output directory (created if missing).
          --check              Write nothing; exit 1 listing the files that are missing or stale.
          --only <outputs>     Comma-separated subset of the outputs (default: all):
        \(ManifestCompiler.emitters.map { "                         \($0.name): \($0.summary)" }.joined(separator: "\n"))
          --app-id <id>        App ID for the AASA file (repeatable); replaces the manifest's app.appIDs.
          --go-package <name>  Package name of the Go file (default: appmanifest).
          -h, --help           Show this help.
        """
    }

    static func run(_ arguments: [String], io: CLIOutput) throws -> Int32 {
        guard let sub = arguments.first else { throw CLIUsageError("missing 'schema', 'check' or 'build'") }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            io.out(help)
            return CLIExit.success
        }
        switch sub {
        case "schema":
            guard rest.isEmpty else { throw CLIUsageError("'manifest schema' takes no arguments") }
            io.out(String(ManifestJSONSchema.text.dropLast()))
            return CLIExit.success
        case "check": return try check(rest, io: io)
        case "build": return try build(rest, io: io)
        case "graph": return try graph(rest, io: io)
        default: throw CLIUsageError("unknown manifest subcommand '\(sub)'; use 'schema', 'check', 'build' or 'graph'")
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

    static func check(_ arguments: [String], io: CLIOutput) throws -> Int32 {
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
            throw CLIUsageError("'manifest check' takes exactly one manifest file")
        }
        guard let compiler = load(path, io: io) else { return CLIExit.failure }
        let manifest = compiler.manifest
        io.out(
            "\(path): valid (\(manifest.destinations.count) destinations, \(manifest.commands.count) commands, "
                + "\(manifest.capabilities.count) capabilities, \(manifest.bridge.actions.count) bridge actions)")
        return CLIExit.success
    }

    static func graph(_ arguments: [String], io: CLIOutput) throws -> Int32 {
        var file: String?
        var out: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--out" {
                index += 1
                guard index < arguments.count else { throw CLIUsageError("--out needs a value") }
                out = arguments[index]
            } else {
                guard !argument.hasPrefix("-"), file == nil else {
                    throw CLIUsageError("unexpected argument '\(argument)'")
                }
                file = argument
            }
            index += 1
        }
        guard let file else { throw CLIUsageError("missing the manifest file") }
        guard let compiler = load(file, io: io) else { return CLIExit.failure }
        let svg = ManifestGraphSVG.render(ManifestGraph(manifest: compiler.manifest))
        guard let out else {
            io.out(String(svg.dropLast()))
            return CLIExit.success
        }
        try Data(svg.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
        io.out("wrote \(out)")
        return CLIExit.success
    }

    static func build(_ arguments: [String], io: CLIOutput) throws -> Int32 {
        var file: String?
        var out: String?
        var checkOnly = false
        var only: Set<String>?
        var appIDs: [String] = []
        var options = ManifestCompiler.Options()
        var index = 0
        func value(_ flag: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw CLIUsageError("\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--out": out = try value(argument)
            case "--check": checkOnly = true
            case "--only":
                let names = try value(argument).split(separator: ",").map(String.init)
                let known = ManifestCompiler.emitters.map(\.name)
                for name in names where !known.contains(name) {
                    throw CLIUsageError("unknown output '\(name)' in --only; use \(known.joined(separator: ", "))")
                }
                only = Set(names)
            case "--app-id": appIDs.append(try value(argument))
            case "--go-package":
                let name = try value(argument)
                guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
                    name.utf8.allSatisfy({
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    })
                else { throw CLIUsageError("--go-package '\(name)' must be lowercase letters and digits") }
                options.goPackage = name
            default:
                guard !argument.hasPrefix("-"), file == nil else {
                    throw CLIUsageError("unexpected argument '\(argument)'")
                }
                file = argument
            }
            index += 1
        }
        guard let file else { throw CLIUsageError("missing the manifest file") }
        guard let out else { throw CLIUsageError("missing --out <dir>") }
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
            try Data(generated.contents.utf8).write(
                to: directory.appendingPathComponent(generated.name), options: .atomic)
            io.out("wrote \(directory.appendingPathComponent(generated.name).path)")
        }
        return CLIExit.success
    }
}
