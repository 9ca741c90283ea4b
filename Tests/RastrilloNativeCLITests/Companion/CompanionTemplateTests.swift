import Foundation
import Testing

@testable import RastrilloNativeCLI

@Suite("Embedded companion template", .timeLimit(.minutes(2)))
struct CompanionTemplateTests {
    /// Every regular file under `folder`, by relative path.
    static func tree(_ folder: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(path)
            guard !FileManager.default.isDirectory(url) else { continue }
            files[path] = Array(try Data(contentsOf: url))
        }
        return files
    }

    @Test(
        "a copied rastrillo-native, run from another folder, writes each example with the substitutions",
        arguments: CompanionTemplate.Kind.allCases)
    func copiedBinary(_ kind: CompanionTemplate.Kind) throws {
        let work = try CompanionFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let bin = work.appendingPathComponent("bin")
        let elsewhere = work.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let tool = bin.appendingPathComponent("rastrillo-native")
        try FileManager.default.copyItem(at: try BuiltTool.locate(), to: tool)

        let run = try BuiltTool.run(
            [
                "companion", "new", "Shop", "--from", kind.rawValue, "--name", "Shop", "--bundle-id", "org.acme.shop",
                "--package-url", "https://github.com/acme/rastrillo-native.git", "--revision",
                CompanionFixture.revision,
            ] + (kind.serverFile == nil ? [] : ["--server", "https://shop.acme.org"]), executable: tool, in: elsewhere)
        #expect(run.status == 0, "\(run.stderr)")

        let scaffold = CompanionScaffold(
            appName: "Shop", bundleID: "org.acme.shop",
            package: .remote(url: "https://github.com/acme/rastrillo-native.git", revision: CompanionFixture.revision),
            serverAddress: kind.serverFile == nil ? nil : "https://shop.acme.org", kind: kind)
        let expected = Dictionary(
            uniqueKeysWithValues: try scaffold.render(CompanionFixture.templateOnDisk(kind)).map {
                ($0.path, $0.contents)
            })
        let written = try Self.tree(elsewhere.appendingPathComponent("Shop"))
        let missing = Set(expected.keys).subtracting(written.keys).sorted()
        let extra = Set(written.keys).subtracting(expected.keys).sorted()
        let changed = Set(expected.keys).intersection(written.keys).filter { expected[$0] != written[$0] }.sorted()
        let replan = "; after adding or deleting template files, touch Package.swift so SwiftPM lists them again"
        #expect(missing == [], "in \(kind.folder) but not written\(replan)")
        #expect(extra == [], "written but not in \(kind.folder)\(replan)")
        #expect(changed == [], "different from \(kind.folder) after the substitutions")
        #expect(expected.keys.contains("project.yml") && expected.keys.contains("Package.swift"))
        #expect(!expected.keys.contains { $0.hasPrefix("web/") }, "the notes example's Go web app is not template")
    }

    @Test("the manifest plugin's tool carries no template and says which tool does")
    func manifestTool() throws {
        let tool = try BuiltTool.locate().deletingLastPathComponent().appendingPathComponent("rastrillo-manifest-tool")
        let work = try CompanionFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BuiltTool.run(
            [
                "companion", "new", "App", "--name", "App", "--bundle-id", "org.acme.app", "--package-url",
                "https://github.com/acme/rastrillo-native.git", "--revision", CompanionFixture.revision,
            ], executable: tool, in: work)
        #expect(run.status == 1)
        #expect(run.stderr.contains("built without the companion template"))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("App").path))
    }

    @Test("every anchor `companion new` rewrites occurs exactly once", arguments: CompanionTemplate.Kind.allCases)
    func anchors(_ kind: CompanionTemplate.Kind) throws {
        let files = Dictionary(
            uniqueKeysWithValues: try CompanionFixture.templateOnDisk(kind).map {
                ($0.path, String(decoding: $0.contents, as: UTF8.self))
            })
        let anchors = CompanionScaffold.Anchors(kind)
        let expectations: [(String, String)] =
            [
                ("project.yml", anchors.projectName),
                ("project.yml", anchors.targetName),
                ("project.yml", anchors.bundlePrefix),
                ("project.yml", anchors.bundleID),
                ("project.yml", anchors.displayName),
                ("project.yml", anchors.packagePath),
                ("Package.swift", anchors.manifestPackage),
                ("Package.swift", anchors.manifestProduct),
            ] + (kind.serverFile.map { [($0, anchors.server)] } ?? [])
        for (path, anchor) in expectations {
            let text = try #require(files[path])
            #expect(text.components(separatedBy: anchor).count == 2, "\(path): \(anchor.debugDescription)")
        }
    }

    @Test("a corrupt embedded entry is refused with its path")
    func corrupt() {
        #expect(throws: CompanionError.self) {
            try CompanionTemplate.decode([(path: "project.yml", base64: "not base64!")])
        }
        let output = CapturedOutput()
        #expect(CLI.main(["--help"], templates: ["companion": [(path: "a.txt", base64: "%%")]], io: output.io) == 1)
        #expect(output.stderr.contains("a.txt is not valid base64"))
    }

    @Test("RastrilloNative's library products are the ones the check accepts")
    func products() throws {
        let manifest = try String(
            contentsOf: CompanionFixture.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = manifest.components(separatedBy: ".library(name: \"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
        #expect(libraries == XcodeGenKeys.rastrilloNativeProducts)
    }
}
