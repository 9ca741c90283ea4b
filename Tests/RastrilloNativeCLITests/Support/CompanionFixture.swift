import Foundation

@testable import RastrilloNativeCLI

/// Companions written to temporary folders for `companion` tests.
enum CompanionFixture {
    /// The repository checkout these tests run from.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let revision = "0123456789abcdef0123456789abcdef01234567"

    /// An example as read from disk (build products and excluded folders left out), sorted by
    /// path: the template `companion new --from` embeds, for tests that run the commands in-process.
    static func templateOnDisk(_ kind: CompanionTemplate.Kind = .companion) throws -> [CompanionTemplate.File] {
        let root = repositoryRoot.appendingPathComponent(kind.folder)
        var files: [CompanionTemplate.File] = []
        for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) where kind.contains(path) {
            let url = root.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            files.append(CompanionTemplate.File(path: path, contents: Array(try Data(contentsOf: url))))
        }
        return files.sorted { $0.path < $1.path }
    }

    static let temporaryPrefix = "companion-tests-"

    /// A fresh, empty temporary folder. Remove it where it is made:
    /// `defer { CompanionFixture.removeTemporary(folder) }`, so a failing test removes it too.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(temporaryPrefix)\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes the folder ``temporaryFolder()`` made that holds `url` (`url`
    /// itself or a folder inside it, such as the `App` of ``pinned(mutate:)``).
    static func removeTemporary(_ url: URL) {
        var folder = url.standardizedFileURL
        while !folder.lastPathComponent.hasPrefix(temporaryPrefix) {
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else { return }
            folder = parent
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A release-ready companion (pinned package, owned bundle ID) whose
    /// project.yml is then passed through `mutate`.
    static func pinned(mutate: (String) -> String = { $0 }) throws -> URL {
        let folder = try temporaryFolder().appendingPathComponent("App")
        do {
            try writePinned(to: folder, mutate: mutate)
        } catch {
            removeTemporary(folder)
            throw error
        }
        return folder
    }

    private static func writePinned(to folder: URL, mutate: (String) -> String) throws {
        let scaffold = CompanionScaffold(
            appName: "Companion", bundleID: "org.acme.companion",
            package: .remote(url: "https://github.com/rastrilloorg/rastrillo-native.git", revision: revision),
            serverAddress: nil)
        var files = try scaffold.render(templateOnDisk())
        files = files.map { file in
            guard file.path == "project.yml" else { return file }
            var file = file
            file.contents = Array(mutate(String(decoding: file.contents, as: UTF8.self)).utf8)
            return file
        }
        try CompanionScaffold.write(files, to: folder, force: false)
    }

    /// The 1-based line of `text` that contains `marker`.
    static func line(of marker: String, in folder: URL) throws -> Int {
        let text = try String(contentsOf: folder.appendingPathComponent("project.yml"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(marker) }) else {
            throw FixtureError.markerMissing(marker)
        }
        return index + 1
    }

    enum FixtureError: Error {
        case markerMissing(String)
    }

    /// Runs the checker on `folder`.
    static func check(_ folder: URL, release: Bool = false) -> [CompanionDiagnostic] {
        var checker = CompanionChecker(folder: folder, displayFolder: "App")
        let diagnostics = checker.run()
        return release ? diagnostics.map(\.escalated) : diagnostics
    }
}
