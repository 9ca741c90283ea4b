import Foundation
import RastrilloNative

/// `rastrillo-native companion new|check`: create a companion from the
/// embedded example, and lint one before `xcodegen generate`.
enum CompanionCommand: CLICommand {
    static var configuration: CLICommandConfiguration {
        CLICommandConfiguration(
            name: "companion",
            abstract: "Create a native companion app (new) or lint one (check).",
            subcommands: [New.self, Check.self]
        )
    }

    /// `companion new`.
    enum New: CLICommand {
        static var configuration: CLICommandConfiguration {
            CLICommandConfiguration(
                name: "new",
                abstract: "Write a ready-to-generate companion from the bundled example.",
                discussion: """
                    Without --package-url and --revision the companion uses this tool's own
                    checkout by relative path (fine for trying it; check --release refuses it).

                    --from-app APP_DIR --origin URL writes a companion for the Rastrillo app in
                    APP_DIR: the notes example driven by a manifest derived from the app's
                    committed files (as manifest derive does; APP_DIR/app-manifest.overlay.json is
                    merged last when there is one). It opens on the app's first list page, lists
                    every list page in its sidebar, offers the app's forms and links as menu and
                    toolbar commands, and its String Catalog holds every locale the app ships.
                    It prints the derive report; if nothing can be derived it writes nothing.
                    """,
                arguments: [.single("dir", help: "The folder to create (must be empty or absent).")],
                options: [
                    .value(
                        "--name", "AppName", required: true,
                        help: "The app target's name: letters, digits and '_', starting with a letter."),
                    .value(
                        "--bundle-id", "reverse.dns", required: true,
                        help: "The app's bundle ID, reverse DNS (e.g. com.yourteam.companion)."),
                    .value(
                        "--package-url", "git URL",
                        help: "RastrilloNative's git URL (https, ssh:// or git@host:org/repo.git); needs --revision."),
                    .value(
                        "--revision", "40-hex",
                        help: "The reviewed commit of RastrilloNative: 40 hex digits; needs --package-url."),
                    .value(
                        "--server", "url",
                        help: "The server address the app starts with (https, or http to 127.0.0.0/8, "
                            + "localhost or [::1])."),
                    .value(
                        "--from", "example",
                        help: "The bundled example to start from: companion (the default; a version checker with a "
                            + "web screen) or notes (a Rastrillo app's companion: sign-in, forms, page commands)."),
                    .value(
                        "--from-app", "APP_DIR",
                        help: "A Rastrillo app's folder (the one holding gen/) to derive the companion from, "
                            + "instead of --from; needs --origin."),
                    .value(
                        "--origin", "url",
                        help: "With --from-app: the app's deployed origin, scheme://host[:port]."),
                    .flag("--force", help: "Write into a non-empty folder (same-named files are overwritten)."),
                ]
            )
        }

        static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
            try runNew(arguments, io: io)
        }
    }

    /// `companion check`.
    enum Check: CLICommand {
        static var configuration: CLICommandConfiguration {
            CLICommandConfiguration(
                name: "check",
                abstract: "Lint a companion's project.yml before xcodegen generate.",
                discussion: """
                    Catches what XcodeGen silently ignores: unknown (misspelled) keys, missing or
                    invalid supportedDestinations and platform, deployment targets below iOS 17 /
                    macOS 14, RastrilloNative not pinned to url + 40-hex revision, placeholder
                    bundle IDs, missing source folders, products RastrilloNative does not have,
                    App Transport Security exceptions, a manifest without the build plugin,
                    associated domains out of step with the manifest. Placeholder bundle IDs, a
                    local package path and a missing PrivacyInfo.xcprivacy are warnings (exit 0);
                    --release makes them errors (exit 1). Messages read file:line: severity: text.
                    """,
                arguments: [.single("dir", help: "The companion's folder (the one holding project.yml).")],
                options: [.flag("--release", help: "Treat warnings as errors (before shipping).")]
            )
        }

        static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
            try runCheck(arguments, io: io)
        }
    }

    // MARK: new

    static func runNew(
        _ parsed: CLIParsedArguments,
        io: CLIOutput,
        checkout: () -> URL? = { PackageCheckoutLocator.locate() },
        templates: [CompanionTemplate.Kind: [CompanionTemplate.File]] = CompanionTemplate.current
    ) throws -> Int32 {
        let dir = parsed.argument("dir")
        let fromApp = parsed.value("--from-app")
        if fromApp != nil, parsed.value("--from") != nil {
            throw CLIUsageError("--from and --from-app are exclusive: a companion starts from one of them")
        }
        if fromApp != nil, parsed.value("--origin") == nil {
            throw CLIUsageError(
                "--from-app needs --origin <url>: the app's deployed origin, e.g. --origin https://app.example.com "
                    + "(no app file holds it)")
        }
        if fromApp == nil, parsed.value("--origin") != nil {
            throw CLIUsageError("--origin is for --from-app <APP_DIR>; a bundled example's origin is in its manifest")
        }
        // A companion derived from an app is the notes example carrying the derived manifest.
        let fromName = fromApp != nil ? CompanionTemplate.Kind.notes.rawValue : parsed.value("--from") ?? "companion"
        guard let kind = CompanionTemplate.Kind(rawValue: fromName) else {
            let names = CompanionTemplate.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw CLIUsageError("--from '\(fromName)' is not a bundled example; use one of: \(names)")
        }
        let name = parsed.value("--name") ?? ""
        let bundleID = parsed.value("--bundle-id") ?? ""
        if let problem = CompanionInputs.problem(withAppName: name) {
            throw CLIUsageError("--name '\(name)': \(problem)")
        }
        if let problem = CompanionInputs.problem(withBundleID: bundleID) {
            throw CLIUsageError("--bundle-id '\(bundleID)': \(problem)")
        }
        var server: String?
        if let text = parsed.value("--server") {
            if fromApp != nil {
                throw CLIUsageError("--server: a companion derived with --from-app takes its server from --origin")
            }
            guard kind.serverFile != nil else {
                throw CLIUsageError(
                    "--server: the \(kind.rawValue) example takes its server from its app-manifest.json origins; "
                        + "edit them instead")
            }
            server = try validatedServer(text)
        }
        let folder = URL(
            fileURLWithPath: dir, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        .standardizedFileURL
        let package: CompanionScaffold.PackageReference
        var warnings: [String] = []
        switch (parsed.value("--package-url"), parsed.value("--revision")) {
        case (.some(let url), .some(let revision)):
            if let problem = CompanionInputs.problem(withPackageURL: url) {
                throw CLIUsageError("--package-url '\(url)': \(problem)")
            }
            guard CompanionInputs.isFullRevision(revision) else {
                throw CLIUsageError("--revision '\(revision)' is not a full commit sha (40 hex digits)")
            }
            package = .remote(url: url, revision: revision.lowercased())
        case (.some, nil): throw CLIUsageError("--package-url needs --revision <40-hex>")
        case (nil, .some): throw CLIUsageError("--revision needs --package-url <git URL>")
        case (nil, nil):
            guard let root = checkout() else { throw CompanionError.checkoutNotFound }
            let path = PackageCheckoutLocator.relativePath(from: folder, to: root)
            package = .localPath(path)
            warnings.append(
                "warning: RastrilloNative is referenced by the local path '\(path)' (this tool's checkout at "
                    + "\(root.path)). Before release, pin it: --package-url <git URL> --revision <40-hex commit>, "
                    + "or edit packages.RastrilloNative in project.yml and Package.swift.")
        }
        let scaffold = CompanionScaffold(
            appName: name, bundleID: bundleID, package: package, serverAddress: server, kind: kind)
        guard let template = templates[kind] else { throw CompanionError.templateMissing }
        var files = try scaffold.render(template)
        var report: String?
        if let fromApp, let origin = parsed.value("--origin") {
            guard let derived = try derivedFiles(files, app: fromApp, origin: origin, name: name, into: folder, io: io)
            else { return CLIExit.failure }
            (files, report) = derived
        }
        try CompanionScaffold.write(files, to: folder, force: parsed.flag("--force"))
        if let report { io.out(report) }
        for warning in warnings { io.error(warning) }
        io.out("Created \(name) in \(dir) (\(files.count) files).")
        let quoted = SafeOutput.shellQuoted(dir)
        io.out("")
        // Run from a build folder (`swift run`), the tool is not on PATH: say how to run it again.
        let runsFromBuildFolder = Bundle.main.executableURL?.pathComponents.contains(".build") ?? false
        let tool = runsFromBuildFolder ? "swift run rastrillo-native" : "rastrillo-native"
        io.out("Next steps:")
        io.out("  \(tool) companion check \(quoted)     # lint project.yml; add --release before shipping")
        io.out("  (cd \(quoted) && swift test)     # the model's tests, on any platform")
        io.out("  On a Mac with Xcode and XcodeGen:")
        io.out("  (cd \(quoted) && xcodegen generate && open \(SafeOutput.shellQuoted(name + ".xcodeproj")))")
        if CompanionInputs.isPlaceholderBundleID(bundleID) {
            io.out("  Replace the placeholder bundle ID \(bundleID) with one your team owns before release.")
        }
        return CLIExit.success
    }

    /// `--from-app`: derives the manifest of the app in `app` and writes it, its layout, String
    /// Catalog, page-actions script and README into the rendered notes template `files`. Returns
    /// the files and the derive report, or `nil` after printing why nothing can be derived (one
    /// `error:` line; nothing is written).
    static func derivedFiles(
        _ files: [CompanionTemplate.File], app: String, origin: String, name: String, into folder: URL, io: CLIOutput
    ) throws -> (files: [CompanionTemplate.File], report: String)? {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let appFolder = URL(fileURLWithPath: app, relativeTo: cwd).standardizedFileURL
        // The overlay: the app's own app-manifest.overlay.json, when it has one.
        let overlay = appFolder.appendingPathComponent(ManifestOverlay.fileName)
        let hasOverlay = SafeOutput.kind(overlay.path) != nil
        let derived: DerivedApp
        do {
            derived = try ManifestDeriver.derive(
                DeriveInput(
                    appDirectory: appFolder, origin: origin, name: name, overlay: hasOverlay ? overlay : nil,
                    displayPath: app))
        } catch {
            io.error("error: \(error.description)")
            return nil
        }
        let fromApp = CompanionFromApp(
            derived: derived, appPath: PackageCheckoutLocator.relativePath(from: folder, to: appFolder),
            overlayPath: hasOverlay ? PackageCheckoutLocator.relativePath(from: folder, to: overlay) : nil,
            origin: origin)
        do {
            let rendered = try fromApp.render(files, appName: name)
            let layout = try CompanionFromApp.layout(of: derived)
            let summary =
                "companion: starts on \(layout.start); sidebar: \(layout.sidebar.joined(separator: ", ")); "
                + "page-commands menu: \(layout.menuTitleKey); locales: "
                + (["en"] + derived.strings.keys.filter { $0 != "en" }.sorted()).joined(separator: ", ")
            return (rendered, derived.report.text + summary)
        } catch CompanionError.fromApp(let problem) {
            io.error("error: \(app): \(problem)")
            return nil
        }
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

    static func runCheck(_ parsed: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
        let dir = parsed.argument("dir")
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
