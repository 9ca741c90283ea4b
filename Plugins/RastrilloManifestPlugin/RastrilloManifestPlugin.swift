import Foundation
import PackagePlugin

/// Compiles a target's `app-manifest.json` into Swift at build time.
///
/// Add the plugin to a target that contains an `app-manifest.json`; the build
/// runs `manifest build <manifest> --only swift,bridge-swift` (rastrillo-native
/// without its embedded companion template, built as `rastrillo-manifest-tool`)
/// and compiles the generated `AppManifest.generated.swift` (the typed
/// `Destination` and `Command` enums, the capability set and the route table)
/// and `AppManifest.bridge.swift` (the bridge's payload types) into the target.
/// A target without the file gets no command. An invalid manifest fails the
/// build with the validator's messages (file, JSON pointer, line:column).
@main
struct RastrilloManifestPlugin: BuildToolPlugin {
    /// The manifest file name the plugin looks for in a target.
    static let manifestName = "app-manifest.json"
    /// The Swift files `manifest build --only swift,bridge-swift` writes.
    static let generatedNames = ["AppManifest.generated.swift", "AppManifest.bridge.swift"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let manifests = target.sourceFiles(withSuffix: ".json").map(\.url)
            .filter { $0.lastPathComponent == Self.manifestName }
        return try manifests.map { manifest in
            try Self.command(
                manifest: manifest, tool: context.tool(named: "rastrillo-manifest-tool").url,
                output: context.pluginWorkDirectoryURL)
        }
    }

    static func command(manifest: URL, tool: URL, output: URL) -> Command {
        .buildCommand(
            displayName: "Compiling \(manifest.lastPathComponent) into Swift",
            executable: tool,
            arguments: ["manifest", "build", manifest.path, "--out", output.path, "--only", "swift,bridge-swift"],
            inputFiles: [manifest],
            outputFiles: generatedNames.map { output.appendingPathComponent($0) }
        )
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension RastrilloManifestPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let manifests = target.inputFiles.map(\.url).filter { $0.lastPathComponent == Self.manifestName }
            return try manifests.map { manifest in
                try Self.command(
                    manifest: manifest, tool: context.tool(named: "rastrillo-manifest-tool").url,
                    output: context.pluginWorkDirectoryURL)
            }
        }
    }
#endif
