import Foundation
import RastrilloManifestCompiler
import RastrilloNative

/// The bridge fixture manifest and the committed files generated from it.
enum BridgeFixtureFiles {
    /// The repository root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let manifestName = "bridge-fixture.json"
    static let manifestURL = root.appendingPathComponent("Tests/BridgeFixture/\(manifestName)")

    /// Where each generated file is committed, with the emitter that produces it.
    static let outputs: [(path: String, emit: @Sendable (AppManifest) -> String)] = [
        (
            "Tests/RastrilloNativeTests/Bridge/Generated/FixtureBridge.swift",
            {
                BridgeSwiftEmitter.emit($0, source: manifestName)
            }
        ),
        (
            "Sources/rastrillo-bench/Generated/BridgeBenchTypes.swift",
            {
                BridgeSwiftEmitter.emit($0, source: manifestName)
            }
        ),
        ("Tests/BridgeFixture/generated/bridge.js", { BridgeJSEmitter.module($0, source: manifestName) }),
        ("Tests/BridgeFixture/generated/bridge.d.ts", { BridgeJSEmitter.declarations($0, source: manifestName) }),
    ]

    static func manifest() throws -> AppManifest {
        try AppManifest.decode(Array(Data(contentsOf: manifestURL)), source: manifestName)
    }
}
