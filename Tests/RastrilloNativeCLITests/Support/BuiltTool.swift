import Foundation
import Testing

/// The built `rastrillo-native` executable, run as a user runs it.
///
/// `swift build` and `swift test` build it next to the test bundle; a
/// test that needs it fails (never skips) when it is missing.
enum BuiltTool {
    /// What one run printed and how it exited.
    struct Run: Sendable {
        /// The exit status (a signal counts as 128 + its number).
        let status: Int32
        /// Everything written to standard output.
        let stdout: String
        /// Everything written to standard error.
        let stderr: String
    }

    /// The executable's location, searched next to the test bundle, then in
    /// the checkout's `.build/debug`.
    static func locate() throws -> URL {
        var folders: [URL] = []
        for start in [URL(fileURLWithPath: CommandLine.arguments[0]), Bundle.main.bundleURL] {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                folders.append(folder)
                folder = folder.deletingLastPathComponent()
            }
        }
        folders.append(CompanionFixture.repositoryRoot.appendingPathComponent(".build/debug"))
        for folder in folders {
            let candidate = folder.appendingPathComponent("rastrillo-native")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ToolError.notBuilt(folders.map(\.path))
    }

    /// Runs `executable` (default: the built tool) with `arguments` in `folder`
    /// and waits for it to exit; its output goes through temporary files, so
    /// no pipe can fill up and block it.
    static func run(_ arguments: [String], executable: URL? = nil, in folder: URL? = nil) throws -> Run {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("rastrillo-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let outURL = work.appendingPathComponent("stdout")
        let errURL = work.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = try executable ?? locate()
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Run(
            status: status,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    enum ToolError: Error, CustomStringConvertible {
        case notBuilt([String])

        var description: String {
            guard case .notBuilt(let folders) = self else { return "" }
            return "rastrillo-native is not built (looked in \(folders.joined(separator: ", "))); "
                + "run swift build --product rastrillo-native"
        }
    }
}
