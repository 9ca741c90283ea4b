import Foundation

/// The companion example (examples/companion), embedded in the
/// `rastrillo-native` binary so a copied binary works without its checkout.
///
/// `CompanionTemplatePlugin` generates the embedded files at build time from
/// examples/companion (the only copy in the repository) into the
/// `rastrillo-native` executable, which hands them to
/// ``CLI/main(_:companionTemplate:io:)``; the commands read them as
/// ``current``. A test runs a copied binary and compares what `companion new`
/// writes with examples/companion byte for byte.
enum CompanionTemplate {
    /// One template file.
    struct File: Equatable, Sendable {
        /// The path relative to the companion's folder, with `/` separators.
        let path: String
        /// The exact bytes.
        var contents: [UInt8]
    }

    /// The bundled examples `companion new --from` starts from.
    enum Kind: String, CaseIterable, Sendable {
        /// `examples/companion`: the version checker with a web screen.
        case companion
        /// `examples/notes`: a real Rastrillo app's companion (sign-in, forms, page commands),
        /// without its Go web app (`web/`).
        case notes

        /// The example's folder in the repository.
        var folder: String { "examples/\(rawValue)" }
        /// The app name its `project.yml` and package are written with.
        var appName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
        /// The bundle ID its `project.yml` is written with.
        var bundleID: String { "com.example.\(rawValue)" }
        /// Top-level folders of the example that are not part of the template (the same list as
        /// CompanionTemplatePlugin's).
        var excludedFolders: [String] { self == .notes ? ["web"] : [] }
        /// The file whose `serverAddress` `--server` rewrites, if the template has one.
        var serverFile: String? { self == .companion ? "Sources/CompanionCore/CompanionDefaults.swift" : nil }

        /// Whether `relativePath` is part of the template (not a build product, not excluded).
        func contains(_ relativePath: String) -> Bool {
            guard !CompanionTemplate.isBuildProduct(relativePath) else { return false }
            let first = relativePath.split(separator: "/").first.map(String.init) ?? ""
            return !excludedFolders.contains(first)
        }
    }

    /// The templates of the running tool, each sorted by path; empty in a tool built without them.
    @TaskLocal static var current: [Kind: [File]] = [:]

    /// The files of generated `(path, base64)` entries, sorted by path.
    static func decode(_ entries: [(path: String, base64: String)]) throws -> [File] {
        try entries.map { entry in
            guard let data = Data(base64Encoded: entry.base64) else {
                throw CompanionError.template("\(entry.path) is not valid base64")
            }
            return File(path: entry.path, contents: Array(data))
        }
        .sorted { $0.path < $1.path }
    }

    /// Directories and files that are build products, never part of the template
    /// (the same rule as CompanionTemplatePlugin).
    static func isBuildProduct(_ relativePath: String) -> Bool {
        let components = relativePath.split(separator: "/")
        if components.contains(where: { $0 == ".build" || $0 == ".swiftpm" || $0.hasSuffix(".xcodeproj") }) {
            return true
        }
        return components.last == "Package.resolved" || components.last == ".DS_Store"
    }
}
