import Foundation

/// The companion example (examples/companion), embedded in the binary so a
/// copied `rastrillo-native` works without its source checkout.
///
/// The files come from `CompanionTemplate+Generated.swift`, written by
/// `scripts/embed-companion-template.py`; a test proves they are identical to
/// examples/companion in both directions.
enum CompanionTemplate {
    /// One template file.
    struct File: Equatable, Sendable {
        /// The path relative to the companion's folder, with `/` separators.
        let path: String
        /// The exact bytes.
        var contents: [UInt8]
    }

    /// Every template file, sorted by path.
    static var files: [File] {
        embeddedFiles.map { entry in
            guard let data = Data(base64Encoded: entry.base64, options: .ignoreUnknownCharacters) else {
                fatalError(
                    "CompanionTemplate+Generated.swift is corrupt at \(entry.path); rerun scripts/embed-companion-template.py"
                )
            }
            return File(path: entry.path, contents: Array(data))
        }
    }

    /// Directories and files that are build products, never part of the template
    /// (the same rule as the embedding script).
    static func isBuildProduct(_ relativePath: String) -> Bool {
        let components = relativePath.split(separator: "/")
        if components.contains(where: { $0 == ".build" || $0 == ".swiftpm" || $0.hasSuffix(".xcodeproj") }) {
            return true
        }
        return components.last == "Package.resolved" || components.last == ".DS_Store"
    }
}
