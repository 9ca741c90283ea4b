/// One output of `manifest build`: a name for `--only`, and a function from
/// the compiled manifest to the files it writes.
///
/// Emitters must be deterministic and start every file with
/// ``ManifestCompiler/header``. Add one to ``ManifestCompiler/emitters``.
public struct ManifestEmitter: Sendable {
    /// The name `--only` selects it by (`swift`, `js`, …).
    public let name: String
    /// What it writes, for help texts.
    public let summary: String
    /// Produces the files.
    public let emit: @Sendable (ManifestCompiler, ManifestCompiler.Options) -> [ManifestCompiler.File]

    /// Creates an emitter.
    public init(
        name: String, summary: String,
        emit: @escaping @Sendable (ManifestCompiler, ManifestCompiler.Options) -> [ManifestCompiler.File]
    ) {
        self.name = name
        self.summary = summary
        self.emit = emit
    }
}

extension ManifestEmitter {
    /// `AppManifest.generated.swift`: Destination, Command, Capability, string enums, the embedded manifest.
    public static let swift = ManifestEmitter(name: "swift", summary: "AppManifest.generated.swift") { compiler, _ in
        let emitter = SwiftEmitter(
            manifest: compiler.manifest, manifestJSON: compiler.compactJSON, sourceName: compiler.sourceName)
        return [.init(name: "AppManifest.generated.swift", contents: emitter.emit())]
    }

    /// `app-manifest.js` + `app-manifest.d.ts`: route(), URL builders, commands, capabilities.
    public static let js = ManifestEmitter(name: "js", summary: "app-manifest.js, app-manifest.d.ts") { compiler, _ in
        let emitter = JSEmitter(manifest: compiler.manifest, header: compiler.header)
        return [
            .init(name: "app-manifest.js", contents: emitter.module()),
            .init(name: "app-manifest.d.ts", contents: emitter.declarations()),
        ]
    }

    /// `app_manifest_gen.go`: ids, ServeMux patterns, Register, path builders.
    public static let go = ManifestEmitter(name: "go", summary: "app_manifest_gen.go") { compiler, options in
        let emitter = GoEmitter(manifest: compiler.manifest, header: compiler.header, package: options.goPackage)
        return [.init(name: "app_manifest_gen.go", contents: emitter.emit())]
    }

    /// `apple-app-site-association` (only when some destination is a universal link).
    public static let aasa = ManifestEmitter(name: "aasa", summary: "apple-app-site-association") { compiler, options in
        guard compiler.manifest.destinations.contains(where: { $0.link == .universalLink }) else { return [] }
        let text = compiler.manifest.appleAppSiteAssociation(appIDs: options.appIDs, header: compiler.header)
        return [.init(name: "apple-app-site-association", contents: text)]
    }

    /// `path-configuration.json` for Hotwire Native.
    public static let hotwire = ManifestEmitter(name: "hotwire", summary: "path-configuration.json") { compiler, _ in
        let emitter = HotwireEmitter(manifest: compiler.manifest, header: compiler.header)
        return [.init(name: "path-configuration.json", contents: emitter.emit())]
    }
}
