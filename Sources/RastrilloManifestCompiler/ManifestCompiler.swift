import Foundation
import RastrilloJSON
import RastrilloNative

/// Compiles a validated manifest into its presentations: Swift, JavaScript
/// (ES module + `.d.ts`), Go, the apple-app-site-association file and a
/// Hotwire Native path configuration.
///
/// Output is deterministic: the same manifest bytes and options give
/// byte-identical files. Every file starts with "generated from <manifest>, do
/// not edit" (as a comment, or a `"_generated"` member in JSON files).
///
/// ```swift
/// let compiled = try ManifestCompiler.compile(bytes, sourceName: "app-manifest.json")
/// for file in compiled.files(for: Set(ManifestCompiler.Output.allCases)) { … }
/// ```
public struct ManifestCompiler: Sendable {
    /// One kind of output.
    public enum Output: String, Sendable, Hashable, CaseIterable {
        /// `AppManifest.generated.swift`.
        case swift
        /// `app-manifest.js` and `app-manifest.d.ts`.
        case js
        /// `app_manifest_gen.go`.
        case go
        /// `apple-app-site-association`.
        case aasa
        /// `path-configuration.json`.
        case hotwire
    }

    /// Options that change the output.
    public struct Options: Sendable, Hashable {
        /// App IDs for the AASA file, replacing the manifest's `app.appIDs` when set.
        public var appIDs: [String]?
        /// The Go package name.
        public var goPackage: String

        /// Creates options; the Go package defaults to `appmanifest`.
        public init(appIDs: [String]? = nil, goPackage: String = "appmanifest") {
            self.appIDs = appIDs
            self.goPackage = goPackage
        }
    }

    /// A generated file: a name relative to the output directory and its text.
    public struct File: Sendable, Hashable {
        /// The file name.
        public let name: String
        /// The file's full text.
        public let contents: String
    }

    /// The validated manifest.
    public let manifest: AppManifest
    /// The manifest file's name, used in headers.
    public let sourceName: String
    /// The manifest as compact JSON (embedded in the Swift output).
    let compactJSON: String

    /// Reads, validates and prepares `bytes` for emitting.
    ///
    /// - Throws: ``ManifestError`` with every problem found.
    public static func compile(_ bytes: some Collection<UInt8>, sourceName: String) throws(ManifestError)
        -> ManifestCompiler
    {
        let node = try AppManifest.readJSON(bytes, source: sourceName)
        let manifest = try AppManifest.decode(node, source: sourceName)
        return ManifestCompiler(manifest: manifest, sourceName: sourceName, compactJSON: CompactJSON.text(node))
    }

    /// The generated files for `outputs`, sorted by name.
    public func files(for outputs: Set<Output>, options: Options = Options()) -> [File] {
        var files: [File] = []
        let header = "generated from \(sourceName), do not edit"
        if outputs.contains(.swift) {
            let text = SwiftEmitter(manifest: manifest, manifestJSON: compactJSON, sourceName: sourceName).emit()
            files.append(File(name: "AppManifest.generated.swift", contents: text))
        }
        if outputs.contains(.js) {
            let emitter = JSEmitter(manifest: manifest, header: header)
            files.append(File(name: "app-manifest.js", contents: emitter.module()))
            files.append(File(name: "app-manifest.d.ts", contents: emitter.declarations()))
        }
        if outputs.contains(.go) {
            let text = GoEmitter(manifest: manifest, header: header, package: options.goPackage).emit()
            files.append(File(name: "app_manifest_gen.go", contents: text))
        }
        if outputs.contains(.aasa), manifest.destinations.contains(where: { $0.link == .universalLink }) {
            let text = manifest.appleAppSiteAssociation(appIDs: options.appIDs, header: header)
            files.append(File(name: "apple-app-site-association", contents: text))
        }
        if outputs.contains(.hotwire) {
            files.append(
                File(
                    name: "path-configuration.json", contents: HotwireEmitter(manifest: manifest, header: header).emit()
                ))
        }
        return files.sorted { $0.name < $1.name }
    }

    /// The names of `files` whose copy in `directory` is missing or differs
    /// (what `manifest build --check` reports as stale).
    public static func staleFiles(_ files: [File], in directory: URL) -> [String] {
        files.compactMap { file in
            let url = directory.appendingPathComponent(file.name)
            guard let data = try? Data(contentsOf: url), data == Data(file.contents.utf8) else { return file.name }
            return nil
        }
    }
}
