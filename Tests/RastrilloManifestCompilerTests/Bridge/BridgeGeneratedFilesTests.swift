import Foundation
import RastrilloManifestCompiler
import RastrilloNative
import Testing

/// The committed files generated from the bridge manifests are exactly what the compiler writes
/// today (`rastrillo-native manifest build <manifest> --only <emitters> --out <directory>`
/// regenerates them).
@Suite struct BridgeGeneratedFilesTests {
    @Test(arguments: BridgeFixtureFiles.outputs)
    func committedOutputIsCurrent(output: BridgeFixtureFiles.Output) throws {
        let files = try BridgeFixtureFiles.files(output)
        #expect(!files.isEmpty)
        let stale = ManifestCompiler.staleFiles(
            files, in: BridgeFixtureFiles.root.appendingPathComponent(output.directory))
        let only = output.emitters.sorted().joined(separator: ",")
        #expect(
            stale.isEmpty,
            """
            stale in \(output.directory): \(stale); run rastrillo-native manifest build \(output.manifest) \
            --only \(only) --out \(output.directory)
            """)
    }

    @Test(arguments: BridgeFixtureFiles.outputs)
    func emittingTwiceGivesIdenticalBytes(output: BridgeFixtureFiles.Output) throws {
        #expect(try BridgeFixtureFiles.files(output) == BridgeFixtureFiles.files(output))
    }

    @Test(arguments: BridgeFixtureFiles.outputs)
    func everyFileHasTheGeneratedHeader(output: BridgeFixtureFiles.Output) throws {
        let manifestName = URL(fileURLWithPath: output.manifest).lastPathComponent
        for file in try BridgeFixtureFiles.files(output) {
            let firstLine = file.contents.split(separator: "\n").first.map(String.init) ?? ""
            #expect(firstLine == "// generated from \(manifestName), do not edit", "\(file.name)")
        }
    }

    @Test func theBridgeEmittersAreInTheCompilersList() {
        let names = ManifestCompiler.emitters.map(\.name)
        #expect(names.contains("bridge-swift") && names.contains("bridge-js"))
    }
}
