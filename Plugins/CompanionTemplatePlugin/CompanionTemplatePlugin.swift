import Foundation
import PackagePlugin

/// Embeds `examples/companion` into `rastrillo-native` at build time.
///
/// Lists the example's files (build products left out: `.build/`, `.swiftpm/`,
/// `*.xcodeproj/`, `Package.resolved`, `.DS_Store`) and has
/// `companion-template-embedder` write them, base64-encoded, into
/// `CompanionTemplate+Embedded.swift` in the plugin's work folder, which is
/// compiled into the target. The example is the only copy in the repository.
///
/// The build reruns the embedder when a listed file changes. SwiftPM lists the
/// files only when it plans the build (a clean build, or after `Package.swift`
/// changes): after adding or deleting a file in the example, touch
/// `Package.swift` or run `swift package clean`. A deleted file stops the build
/// with "missing inputs" naming it; an added one would be missing from the
/// binary, which the Swift tests report (they compare a copied binary's
/// `companion new` output with the example).
@main
struct CompanionTemplatePlugin: BuildToolPlugin {
    /// The example's folder, relative to the package.
    static let templateFolder = "examples/companion"
    /// The file the embedder writes.
    static let outputName = "CompanionTemplate+Embedded.swift"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appendingPathComponent(Self.templateFolder)
        let files = try Self.templateFiles(in: root)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent(Self.outputName)
        return [
            .buildCommand(
                displayName: "Embedding \(Self.templateFolder) (\(files.count) files) into \(target.name)",
                executable: try context.tool(named: "companion-template-embedder").url,
                arguments: [output.path, root.path] + files,
                inputFiles: files.map { root.appendingPathComponent($0) },
                outputFiles: [output]
            )
        ]
    }

    /// The template's files as paths relative to `root` with `/` separators, sorted.
    static func templateFiles(in root: URL) throws -> [String] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey])
        else { throw PluginError.unreadable(root.path) }
        var files: [String] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let values = try url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
            if values.isDirectory == true {
                if name == ".build" || name == ".swiftpm" || name.hasSuffix(".xcodeproj") {
                    enumerator.skipDescendants()
                }
                continue
            }
            guard values.isRegularFile == true, name != "Package.resolved", name != ".DS_Store" else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { throw PluginError.outside(path, root.path) }
            files.append(String(path.dropFirst(prefix.count)))
        }
        guard !files.isEmpty else { throw PluginError.unreadable(root.path) }
        return files.sorted()
    }

    enum PluginError: Error, CustomStringConvertible {
        case unreadable(String)
        case outside(String, String)

        var description: String {
            switch self {
            case .unreadable(let path):
                "cannot list the companion template at \(path); rastrillo-native embeds examples/companion "
                    + "from the package checkout, so the folder must exist and hold files"
            case .outside(let path, let root):
                "template file \(path) is not inside \(root); the template must not hold symbolic links to elsewhere"
            }
        }
    }
}
