import Foundation
import RastrilloManifestCompiler
import RastrilloNative
import Testing

/// The committed files generated from the bridge manifests are exactly what the emitters produce
/// today. Regenerate with `RASTRILLO_REGENERATE=1 swift test --filter BridgeGeneratedFilesTests`.
@Suite struct BridgeGeneratedFilesTests {
    @Test(arguments: BridgeFixtureFiles.outputs)
    func committedOutputIsCurrent(output: BridgeFixtureFiles.Output) throws {
        let expected = try BridgeFixtureFiles.expected(output)
        let url = BridgeFixtureFiles.root.appendingPathComponent(output.path)
        if ProcessInfo.processInfo.environment["RASTRILLO_REGENERATE"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(expected.utf8).write(to: url)
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == expected, "\(output.path) is stale; regenerate it (see this suite's doc comment)")
    }

    @Test(arguments: BridgeFixtureFiles.outputs)
    func emittingTwiceGivesIdenticalBytes(output: BridgeFixtureFiles.Output) throws {
        #expect(try BridgeFixtureFiles.expected(output) == BridgeFixtureFiles.expected(output))
    }

    @Test(arguments: BridgeFixtureFiles.outputs)
    func everyFileHasTheGeneratedHeader(output: BridgeFixtureFiles.Output) throws {
        let text = try BridgeFixtureFiles.expected(output)
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? ""
        let manifestName = URL(fileURLWithPath: output.manifest).lastPathComponent
        #expect(firstLine == "// generated from \(manifestName) by rastrillo-native manifest build, do not edit")
    }
}
