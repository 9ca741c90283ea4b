import Foundation
import RastrilloManifestCompiler
import RastrilloNative

/// The bridge manifests of the tests and the example, and the committed files generated from them.
enum BridgeFixtureFiles {
    /// One committed generated file: the manifest it comes from and the emitter that writes it.
    struct Output: Sendable, CustomStringConvertible {
        let manifest: String
        let path: String
        let emit: @Sendable (AppManifest, String) -> String

        var description: String { path }
    }

    /// The repository root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let fixture = "Tests/BridgeFixture/bridge-fixture.json"
    static let example = "examples/companion-web/bridge-manifest.json"

    static let outputs: [Output] = [
        Output(
            manifest: fixture, path: "Tests/RastrilloNativeTests/Bridge/Generated/FixtureBridge.swift",
            emit: BridgeSwiftEmitter.emit),
        Output(
            manifest: fixture, path: "Sources/rastrillo-bench/Generated/BridgeBenchTypes.swift",
            emit: BridgeSwiftEmitter.emit),
        Output(manifest: fixture, path: "Tests/BridgeFixture/generated/bridge.js", emit: BridgeJSEmitter.module),
        Output(
            manifest: fixture, path: "Tests/BridgeFixture/generated/bridge.d.ts", emit: BridgeJSEmitter.declarations),
        Output(manifest: example, path: "examples/companion-web/static/bridge.js", emit: BridgeJSEmitter.module),
        Output(
            manifest: example, path: "examples/companion-web/static/bridge.d.ts", emit: BridgeJSEmitter.declarations),
    ]

    /// Reads and validates the manifest at `path` (relative to the repository root).
    static func manifest(_ path: String) throws -> AppManifest {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return try AppManifest.decode(Array(Data(contentsOf: root.appendingPathComponent(path))), source: name)
    }

    /// What the emitter writes for `output` today.
    static func expected(_ output: Output) throws -> String {
        output.emit(try manifest(output.manifest), URL(fileURLWithPath: output.manifest).lastPathComponent)
    }
}
