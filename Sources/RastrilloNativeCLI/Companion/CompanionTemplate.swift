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

    /// The template of the running tool, sorted by path; nil in a tool built without it.
    @TaskLocal static var current: [File]?

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
