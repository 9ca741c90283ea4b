import Foundation
import RastrilloManifestCompiler
import RastrilloNative
import Testing

/// The committed files generated from the bridge fixture are exactly what the emitters produce
/// today. Regenerate with `RASTRILLO_REGENERATE=1 swift test --filter BridgeGeneratedFilesTests`.
@Suite struct BridgeGeneratedFilesTests {
    @Test(arguments: BridgeFixtureFiles.outputs.map(\.path))
    func committedOutputIsCurrent(path: String) throws {
        let manifest = try BridgeFixtureFiles.manifest()
        let emit = try #require(BridgeFixtureFiles.outputs.first { $0.path == path }?.emit)
        let expected = emit(manifest)
        let url = BridgeFixtureFiles.root.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["RASTRILLO_REGENERATE"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(expected.utf8).write(to: url)
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == expected, "\(path) is stale; regenerate it (see this suite's doc comment)")
    }

    @Test func emittingTwiceGivesIdenticalBytes() throws {
        let manifest = try BridgeFixtureFiles.manifest()
        for output in BridgeFixtureFiles.outputs {
            #expect(output.emit(manifest) == output.emit(manifest), "\(output.path) is not deterministic")
        }
    }

    @Test func everyFileHasTheGeneratedHeader() throws {
        let manifest = try BridgeFixtureFiles.manifest()
        for output in BridgeFixtureFiles.outputs {
            let firstLine = output.emit(manifest).split(separator: "\n").first.map(String.init) ?? ""
            #expect(firstLine.contains("generated from bridge-fixture.json"), "\(output.path): \(firstLine)")
            #expect(firstLine.hasSuffix("do not edit"), "\(output.path): \(firstLine)")
        }
    }
}
