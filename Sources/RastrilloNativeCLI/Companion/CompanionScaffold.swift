import Foundation
import RastrilloJSON

/// `companion new`: the template with the app's name, bundle ID, package
/// reference and server written in.
///
/// Every rewrite replaces one exact line of the template and fails loudly if
/// that line is not there exactly once, so a template change can never leave
/// a placeholder silently in place.
struct CompanionScaffold {
    /// How the companion refers to RastrilloNative.
    enum PackageReference: Equatable {
        /// A remote package pinned to a 40-hex revision.
        case remote(url: String, revision: String)
        /// A local checkout, by a path relative to the companion's folder.
        case localPath(String)
    }

    let appName: String
    let bundleID: String
    let package: PackageReference
    let serverAddress: String?
    /// The bundled example the companion starts from.
    var kind: CompanionTemplate.Kind = .companion

    /// The template lines `new` rewrites; tests prove each occurs exactly once in each template.
    struct Anchors {
        let projectName: String
        let targetName: String
        let bundlePrefix = "  bundleIdPrefix: com.example\n"
        let bundleID: String
        let displayName: String
        let packagePath = "    path: ../..\n"
        let manifestPackage = "        .package(name: \"RastrilloNative\", path: \"../..\")\n"
        let manifestProduct = ".product(name: \"RastrilloNative\", package: \"RastrilloNative\")"
        let server = "    public static let serverAddress = \"https://example.com\"\n"

        /// The anchors of `kind`'s template, written with its app name and bundle ID.
        init(_ kind: CompanionTemplate.Kind) {
            projectName = "name: \(kind.appName)\n"
            targetName = "  \(kind.appName):\n"
            bundleID = "        PRODUCT_BUNDLE_IDENTIFIER: \(kind.bundleID)\n"
            displayName = "        INFOPLIST_KEY_CFBundleDisplayName: \(kind.appName)\n"
        }
    }

    /// The anchors of this scaffold's template.
    var anchors: Anchors { Anchors(kind) }

    /// The files of the new companion.
    func render(_ template: [CompanionTemplate.File]) throws -> [CompanionTemplate.File] {
        try template.map { file in
            var file = file
            switch file.path {
            case "project.yml": file.contents = Array(try renderProject(text(file)).utf8)
            case "Package.swift": file.contents = Array(try renderManifest(text(file)).utf8)
            case kind.serverFile:
                if let serverAddress {
                    file.contents = Array(
                        try Self.replace(
                            anchors.server,
                            with: "    public static let serverAddress = \(swiftLiteral(serverAddress))\n",
                            in: text(file), file: file.path
                        ).utf8)
                }
            default: break
            }
            return file
        }
    }

    private func renderProject(_ text: String) throws -> String {
        var text = text
        let prefix = bundleID.split(separator: ".").dropLast().joined(separator: ".")
        text = try Self.replace(anchors.projectName, with: "name: \(appName)\n", in: text, file: "project.yml")
        text = try Self.replace(anchors.targetName, with: "  \(appName):\n", in: text, file: "project.yml")
        text = try Self.replace(
            anchors.bundlePrefix, with: "  bundleIdPrefix: \(prefix)\n", in: text, file: "project.yml")
        text = try Self.replace(
            anchors.bundleID, with: "        PRODUCT_BUNDLE_IDENTIFIER: \(bundleID)\n", in: text, file: "project.yml")
        text = try Self.replace(
            anchors.displayName, with: "        INFOPLIST_KEY_CFBundleDisplayName: \(appName)\n", in: text,
            file: "project.yml")
        switch package {
        case .remote(let url, let revision):
            text = try Self.replace(
                anchors.packagePath, with: "    url: \(yamlQuoted(url))\n    revision: \"\(revision)\"\n", in: text,
                file: "project.yml")
        case .localPath(let path):
            text = try Self.replace(
                anchors.packagePath, with: "    path: \(yamlQuoted(path))\n", in: text, file: "project.yml")
        }
        return text
    }

    private func renderManifest(_ text: String) throws -> String {
        switch package {
        case .remote(let url, let revision):
            let identity = CompanionInputs.packageIdentity(forURL: url)
            let replaced = try Self.replace(
                anchors.manifestPackage,
                with: "        .package(url: \(swiftLiteral(url)), revision: \"\(revision)\")\n", in: text,
                file: "Package.swift")
            return try Self.replace(
                anchors.manifestProduct,
                with: ".product(name: \"RastrilloNative\", package: \(swiftLiteral(identity)))", in: replaced,
                file: "Package.swift")
        case .localPath(let path):
            return try Self.replace(
                anchors.manifestPackage,
                with: "        .package(name: \"RastrilloNative\", path: \(swiftLiteral(path)))\n", in: text,
                file: "Package.swift")
        }
    }

    private func text(_ file: CompanionTemplate.File) throws -> String {
        guard let text = UTF8Text.string(file.contents) else {
            throw CompanionError.template("\(file.path) is not UTF-8")
        }
        return text
    }

    /// Replaces the one occurrence of `anchor`; throws when it occurs zero or several times.
    static func replace(_ anchor: String, with replacement: String, in text: String, file: String) throws -> String {
        let count = text.components(separatedBy: anchor).count - 1
        guard count == 1 else {
            throw CompanionError.template(
                "the template's \(file) contains \(anchor.debugDescription) \(count) times instead of once")
        }
        return text.replacingOccurrences(of: anchor, with: replacement)
    }

    private func swiftLiteral(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func yamlQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Writes `files` into `folder`, creating it. Refuses a non-empty folder unless `force`; with
    /// `force` it replaces regular files only, and never writes through a symbolic link (or over a
    /// device or pipe) inside the folder (``SafeOutput``).
    static func write(_ files: [CompanionTemplate.File], to folder: URL, force: Bool) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CompanionError.notEmpty(folder.path, isFile: true) }
            let contents = try manager.contentsOfDirectory(atPath: folder.path)
            if !contents.isEmpty && !force { throw CompanionError.notEmpty(folder.path, isFile: false) }
        } else {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for file in files {
            try SafeOutput.write(Data(file.contents), to: file.path, under: folder)
        }
    }
}

/// Why `companion new` or `companion check` could not do its work.
enum CompanionError: Error, CustomStringConvertible, Equatable {
    case notEmpty(String, isFile: Bool)
    case template(String)
    case checkoutNotFound
    case unreadable(String, String)
    case templateMissing
    /// `companion new --from-app` cannot make a companion of the derived manifest: why, and what to do.
    case fromApp(String)

    var description: String {
        switch self {
        case .notEmpty(let path, let isFile):
            return isFile
                ? "\(path) is a file; choose a folder path for the companion."
                : "\(path) is not empty. Choose a new folder, or pass --force to write into it (regular files with "
                    + "the same names are overwritten; links, devices and pipes are refused)."
        case .template(let message):
            return "the embedded companion template is inconsistent: \(message). This is a bug in rastrillo-native."
        case .checkoutNotFound:
            return "no RastrilloNative checkout found (looked upward from the tool's folder and the current folder "
                + "for a Package.swift named RastrilloNative). Pin the package instead: --package-url <git URL> "
                + "--revision <40-hex commit>."
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .templateMissing:
            return "this tool was built without the companion template (rastrillo-manifest-tool is the manifest "
                + "plugin's tool); run 'rastrillo-native companion new' instead."
        case .fromApp(let message):
            return message
        }
    }
}
