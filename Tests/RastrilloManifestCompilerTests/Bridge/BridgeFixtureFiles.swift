import Foundation
import RastrilloManifestCompiler
import RastrilloNative

/// The bridge manifests of the tests and the example, and the generated files committed from them.
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
    static let example = "examples/companion-web/bridge-manifest.json"

    static let outputs: [Output] = [
        Output(
            manifest: fixture, directory: "Tests/RastrilloNativeTests/Bridge/Generated",
            emitters: ["swift", "bridge-swift"]),
        Output(manifest: fixture, directory: "Tests/BridgeFixture/generated", emitters: ["bridge-js"]),
        Output(manifest: example, directory: "examples/companion-web/static", emitters: ["bridge-js"]),
    ]

    /// What the compiler writes for `output` today.
    static func files(_ output: Output) throws -> [ManifestCompiler.File] {
        let url = root.appendingPathComponent(output.manifest)
        let compiler = try ManifestCompiler.compile(Array(Data(contentsOf: url)), sourceName: url.lastPathComponent)
        return compiler.files(only: output.emitters)
    }
}
