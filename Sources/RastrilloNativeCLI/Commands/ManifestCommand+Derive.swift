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
                    report to stderr. With --catalog, the companion's String Catalog gains the
                    texts of every key and locale it lacks; a text it has is kept, and each that
                    differs from the app's is listed. Guide: docs/from-rastrillo-app.md.
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
                    .value(
                        "--catalog", "file",
                        help: "The companion's Localizable.xcstrings: add the app's texts it lacks, keep its own."),
                    .flag(
                        "--check",
                        help:
                            "Write nothing; exit 1 when --out's file (or --catalog's) differs from what the app declares now."
                    ),
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
                if arguments.value("--catalog") != nil {
                    throw CLIUsageError("--catalog needs --out <the companion's app-manifest.json>")
                }
                io.out(String(text.dropLast()))
                io.error(String(derived.report.text.dropLast()))
                return CLIExit.success
            }
            // The catalog is read and merged before anything is written: a bad one writes nothing.
            var catalog: (path: String, merged: StringCatalog, merge: StringCatalog.Merge, current: [UInt8])?
            if let path = arguments.value("--catalog") {
                switch mergedCatalog(path, derived: derived) {
                case .success(let read): catalog = (path, read.merged, read.merge, read.current)
                case .failure(let message):
                    io.error("error: \(message)")
                    return CLIExit.failure
                }
            }
            let rerun =
                "run `rastrillo-native manifest derive \(SafeOutput.shellQuoted(app)) --origin \(input.origin) "
                + (input.name.map { "--name \(SafeOutput.shellQuoted($0)) " } ?? "")
                + "--out \(SafeOutput.shellQuoted(out))"
                + (catalog.map { " --catalog \(SafeOutput.shellQuoted($0.path))" } ?? "") + "` and commit it"
            if arguments.flag("--check") {
                let current = FileManager.default.contents(atPath: out).map { Array($0) }
                guard current == derived.manifestJSON else {
                    let why = current == nil ? "is missing" : "differs from what \(app) declares now"
                    io.error("error: \(out) \(why): \(rerun)")
                    return CLIExit.failure
                }
                if let catalog, catalog.merged.bytes != catalog.current {
                    let lacks =
                        catalog.merge.added.isEmpty
                        ? "is not laid out as derive writes it"
                        : "lacks \(catalog.merge.added.count) text(s) the app ships"
                    io.error("error: \(catalog.path) \(lacks): \(rerun)")
                    return CLIExit.failure
                }
                io.out("\(out): current (derived from \(app))")
                if let catalog { io.out("\(catalog.path): current (every text the app ships)") }
                return CLIExit.success
            }
            try SafeOutput.write(Data(derived.manifestJSON), to: URL(fileURLWithPath: out))
            io.out(String(derived.report.text.dropLast()))
            io.out("wrote \(out)")
            if let catalog {
                try SafeOutput.write(Data(catalog.merged.bytes), to: URL(fileURLWithPath: catalog.path))
                for line in catalog.merge.lines { io.out(line) }
                io.out("wrote \(catalog.path)")
            }
            return CLIExit.success
        }

        /// The catalog at `path` with the derived texts it lacks, what was added and kept, and its
        /// bytes as they are; or one sentence naming the file and what to do.
        static func mergedCatalog(_ path: String, derived: DerivedApp) -> Result<
            (merged: StringCatalog, merge: StringCatalog.Merge, current: [UInt8]), CatalogProblem
        > {
            guard let kind = SafeOutput.kind(path) else {
                return .failure(
                    CatalogProblem(
                        "\(path): no String Catalog there; pass the companion's Sources/Resources/Localizable.xcstrings "
                            + "(companion new --from-app writes it)"))
            }
            guard kind == .typeRegular else {
                return .failure(
                    CatalogProblem("\(path): \(SafeOutput.describe(kind)); pass the catalog file itself"))
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                return .failure(CatalogProblem("\(path): cannot be read; check its permissions"))
            }
            var catalog: StringCatalog
            do {
                catalog = try StringCatalog.read(Array(data), file: path)
            } catch {
                guard case .template(let problem) = error else { return .failure(CatalogProblem(error.description)) }
                return .failure(
                    CatalogProblem("\(problem); derive keeps only plain strings, as companion new writes them"))
            }
            let merge = catalog.merge(byLocale: derived.strings)
            return .success((catalog, merge, Array(data)))
        }

        /// Why `--catalog`'s file cannot be merged, in one sentence.
        struct CatalogProblem: Error, CustomStringConvertible {
            var description: String
            init(_ description: String) { self.description = description }
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
