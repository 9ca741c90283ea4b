import Foundation
import RastrilloManifestCompiler
import RastrilloNative

/// The bridge manifests of the tests and the companion, and the generated files committed from them.
enum BridgeFixtureFiles {
    /// Files committed in `directory`: what `manifest build --only <emitters>` writes for `manifest`.
    struct Output: Sendable, CustomStringConvertible {
        let manifest: String
        let directory: String
        let emitters: Set<String>

        var description: String { "\(directory) (\(emitters.sorted().joined(separator: ",")))" }
    }

    /// The repository root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let fixture = "Tests/BridgeFixture/bridge-fixture.json"
    /// The companion's one manifest: its Swift is compiled at build time by RastrilloManifestPlugin,
    /// its web screen's module and Go routes are committed in examples/companion-web.
    static let companion = "examples/companion/Sources/CompanionCore/app-manifest.json"

    static let outputs: [Output] = [
        Output(
            manifest: fixture, directory: "Tests/RastrilloNativeTests/Bridge/Generated",
            emitters: ["swift", "bridge-swift"]),
        Output(manifest: fixture, directory: "Tests/BridgeFixture/generated", emitters: ["bridge-js"]),
        Output(
            manifest: fixture, directory: "Fuzz/Sources/FuzzChecks/Generated",
            emitters: ["swift", "bridge-swift"]),
        Output(manifest: companion, directory: "examples/companion-web/static", emitters: ["bridge-js"]),
        Output(manifest: companion, directory: "examples/companion-web/appmanifest", emitters: ["go"]),
    ]

    /// What the compiler writes for `output` today.
    static func files(_ output: Output) throws -> [ManifestCompiler.File] {
        let url = root.appendingPathComponent(output.manifest)
        let compiler = try ManifestCompiler.compile(Array(Data(contentsOf: url)), sourceName: url.lastPathComponent)
        return compiler.files(only: output.emitters)
    }
}
