import Foundation
import RastrilloNative

/// What to derive from: the app's folder and what no app file holds.
struct DeriveInput: Sendable {
    /// The Rastrillo app's folder (the one holding `gen/`).
    var appDirectory: URL
    /// The deployed origin (`--origin`), exactly `scheme://host[:port]`.
    var origin: String
    /// `--name`, if given.
    var name: String?
    /// The overlay to merge last, if any (`app-manifest.overlay.json`).
    var overlay: URL?
}

/// Why nothing could be derived: one line naming the file and what to do. Nothing is written.
struct DeriveError: Error, CustomStringConvertible, Equatable {
    /// The file or input the problem is in.
    var file: String
    /// What is wrong and what to do.
    var problem: String

    var description: String { "\(file): \(problem)" }
}

/// Derives an app manifest from a Rastrillo app's committed files.
enum ManifestDeriver {
    /// Reads the app's files (never runs Go or the app) and derives its manifest.
    static func derive(_ input: DeriveInput) throws(DeriveError) -> DerivedApp {
        throw DeriveError(file: input.appDirectory.path, problem: "derive is not implemented yet")
    }
}
