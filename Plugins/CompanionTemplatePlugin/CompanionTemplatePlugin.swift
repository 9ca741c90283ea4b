import Foundation
import PackagePlugin

/// Embeds the templates `companion new --from` starts from (`examples/companion`, and
/// `examples/notes` without its Go web app `web/`) into `rastrillo-native` at build time.
///
/// Lists each example's files (build products left out: `.build/`, `.swiftpm/`,
/// `*.xcodeproj/`, `Package.resolved`, `.DS_Store`; and the template's excluded top-level
/// folders, the same list as `CompanionTemplate.Kind.excludedFolders`) and has
/// `companion-template-embedder` write them, base64-encoded, into one Swift file per template
/// in the plugin's work folder, which is compiled into the target. The examples are the only
/// copies in the repository.
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
    /// One template: its folder relative to the package, the Swift variable and file the
    /// embedder writes, and the top-level folders left out.
    struct Template {
        let folder: String
        let variable: String
        let outputName: String
        let excluded: Set<String>
    }

    static let templates = [
        Template(
            folder: "examples/companion", variable: "embeddedCompanionTemplate",
            outputName: "CompanionTemplate+Embedded.swift", excluded: []),
        Template(
            folder: "examples/notes", variable: "embeddedNotesTemplate", outputName: "NotesTemplate+Embedded.swift",
            excluded: ["web"]),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        try Self.templates.map { template in
            let root = context.package.directoryURL.appendingPathComponent(template.folder)
            let files = try Self.templateFiles(in: root, excluding: template.excluded)
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(template.outputName)
            return .buildCommand(
                displayName: "Embedding \(template.folder) (\(files.count) files) into \(target.name)",
                executable: try context.tool(named: "companion-template-embedder").url,
                arguments: [output.path, template.variable, root.path] + files,
                inputFiles: files.map { root.appendingPathComponent($0) },
                outputFiles: [output]
            )
        }
    }

    /// The template's files as paths relative to `root` with `/` separators, sorted, without the
    /// `excluded` top-level folders.
    static func templateFiles(in root: URL, excluding excluded: Set<String>) throws -> [String] {
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
                let isTopLevel = url.deletingLastPathComponent().standardizedFileURL.path + "/" == prefix
                if name == ".build" || name == ".swiftpm" || name.hasSuffix(".xcodeproj")
                    || (isTopLevel && excluded.contains(name))
                {
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
                "cannot list the companion template at \(path); rastrillo-native embeds examples/companion and "
                    + "examples/notes from the package checkout, so the folders must exist and hold files"
            case .outside(let path, let root):
                "template file \(path) is not inside \(root); the template must not hold symbolic links to elsewhere"
            }
        }
    }
}
