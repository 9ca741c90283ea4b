import Foundation
import RastrilloManifestCompiler
import RastrilloNative

/// `rastrillo-native manifest schema|check|build`: validate a manifest and compile it.
enum ManifestCommand: CLICommand {
    static var configuration: CLICommandConfiguration {
        CLICommandConfiguration(
            name: "manifest",
            abstract: "Validate app manifests; compile them to Swift, JS, Go, AASA, Hotwire.",
            subcommands: [Schema.self, Check.self, Build.self, Graph.self, Derive.self]
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
                    Given an http(s) URL, fetches the manifest as the app's fetcher does (at most
                    8 MiB, redirects only on its origin) and checks what the server serves; plain
                    http only to this device (127.0.0.0/8, localhost, [::1]).
                    """,
                arguments: [
                    .single("file", help: "The app manifest (app-manifest.json), or the URL a server serves it at.")
                ]
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
        let bytes: [UInt8]
        let sourceName: String
        if let url = remoteURL(path) {
            guard let fetched = fetch(url, io: io) else { return nil }
            (bytes, sourceName) = (fetched, path)
        } else {
            guard let data = FileManager.default.contents(atPath: path) else {
                io.error("error: cannot read '\(path)'; check the path and permissions")
                return nil
            }
            (bytes, sourceName) = (Array(data), URL(fileURLWithPath: path).lastPathComponent)
        }
        do {
            return try ManifestCompiler.compile(bytes, sourceName: sourceName)
        } catch {
            let shown = DiagnosticText.escaped(path)
            io.error(error.issues.map { "\(shown):\($0)" }.joined(separator: "\n"))
            io.error("error: \(shown) has \(error.issues.count) problem(s)")
            return nil
        }
    }

    /// The URL `text` names when it starts with `http://` or `https://` (any letter case).
    static func remoteURL(_ text: String) -> URL? {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }
        return URL(string: text)
    }

    /// The manifest a server serves at `url`, fetched as the app fetches it, or `nil` after
    /// printing why not. Plain http is refused unless the host is this device.
    static func fetch(_ url: URL, io: CLIOutput) -> [UInt8]? {
        let shown = DiagnosticText.escaped(url.absoluteString)
        guard let host = url.host(percentEncoded: true), !host.isEmpty else {
            io.error(
                "error: '\(shown)' has no host; give the manifest's full URL, e.g. https://app.example.com/app-manifest.json"
            )
            return nil
        }
        if url.scheme?.lowercased() == "http", ServerHostKind(host: host) != .loopback {
            io.error(
                "error: '\(shown)' is plain http to another host; use https (http only to 127.0.0.0/8, localhost, [::1])"
            )
            return nil
        }
        let result = CLIAsync.wait { () async -> Result<ManifestFetchResult, any Error> in
            do {
                return .success(try await URLSessionManifestFetcher().fetch(url, etag: nil))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(.fresh(let bytes, _)):
            return bytes
        case .success(.status(let status)):
            io.error(
                "error: \(shown) answered HTTP \(status); check the URL and that the server serves the manifest there")
        case .success(.notModified):
            io.error("error: \(shown) answered 304 Not Modified to a request without an ETag; check the server")
        case .failure(let error):
            io.error("error: cannot fetch \(shown): \(error)")
        }
        return nil
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
