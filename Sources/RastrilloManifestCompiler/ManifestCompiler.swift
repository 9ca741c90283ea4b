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
/// for file in compiled.files() { … }
/// ```
public struct ManifestCompiler: Sendable {
    /// Every emitter `manifest build` runs, in order; `--only` selects by ``ManifestEmitter/name``.
    /// A new emitter is one line here.
    public static let emitters: [ManifestEmitter] = [
        .swift,
        .js,
        .go,
        .aasa,
        .hotwire,
        .bridgeSwift,
        .bridgeJS,
        .pageActions,
    ]

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
    public let compactJSON: String

    /// Reads, validates and prepares `bytes` for emitting.
    ///
    /// - Throws: ``ManifestError`` with every problem found.
    public static func compile(_ bytes: some Collection<UInt8>, sourceName: String) throws(ManifestError)
        -> ManifestCompiler
    {
        let node = try AppManifest.readJSON(bytes, source: sourceName)
        let manifest = try AppManifest.decode(node, source: sourceName)
        return ManifestCompiler(manifest: manifest, sourceName: sourceName, compactJSON: JSONWriter.compact(node.value))
    }

    /// The files of the emitters named in `only` (all emitters when `nil`), sorted by name.
    public func files(only: Set<String>? = nil, options: Options = Options()) -> [File] {
        Self.emitters.filter { only?.contains($0.name) ?? true }.flatMap { $0.emit(self, options) }
            .sorted { $0.name < $1.name }
    }

    /// The "generated from <manifest>, do not edit" line every file carries.
    /// (The file name is written as ``CodeText/comment(_:)`` makes it, so no name ends the comment.)
    public var header: String { "generated from \(CodeText.comment(sourceName)), do not edit" }

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
