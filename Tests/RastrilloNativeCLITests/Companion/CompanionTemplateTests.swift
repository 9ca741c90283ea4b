import Foundation
import Testing

@testable import RastrilloNativeCLI

@Suite("Embedded companion template")
struct CompanionTemplateTests {
    /// examples/companion on disk, without build products.
    static func filesOnDisk() throws -> [String: [UInt8]] {
        let root = CompanionFixture.repositoryRoot.appendingPathComponent("examples/companion")
        var files: [String: [UInt8]] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        for case let path as String in enumerator where !CompanionTemplate.isBuildProduct(path) {
            var isDirectory: ObjCBool = false
            let url = root.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            files[path] = Array(try Data(contentsOf: url))
        }
        return files
    }

    @Test("embedded files and examples/companion are identical in both directions")
    func identical() throws {
        let disk = try Self.filesOnDisk()
        let embedded = Dictionary(uniqueKeysWithValues: CompanionTemplate.files.map { ($0.path, $0.contents) })
        let missing = Set(disk.keys).subtracting(embedded.keys).sorted()
        let extra = Set(embedded.keys).subtracting(disk.keys).sorted()
        let changed = Set(disk.keys).intersection(embedded.keys).filter { disk[$0] != embedded[$0] }.sorted()
        #expect(missing == [], "in examples/companion but not embedded: run scripts/embed-companion-template.py")
        #expect(extra == [], "embedded but not in examples/companion: run scripts/embed-companion-template.py")
        #expect(changed == [], "changed since embedding: run scripts/embed-companion-template.py")
        #expect(disk.keys.contains("project.yml") && disk.keys.contains("Sources/Companion.swift"))
    }

    @Test("every anchor `companion new` rewrites occurs exactly once")
    func anchors() throws {
        let files = Dictionary(
            uniqueKeysWithValues: CompanionTemplate.files.map {
                ($0.path, String(decoding: $0.contents, as: UTF8.self))
            })
        let expectations: [(String, String)] = [
            ("project.yml", CompanionScaffold.Anchor.projectName),
            ("project.yml", CompanionScaffold.Anchor.targetName),
            ("project.yml", CompanionScaffold.Anchor.bundlePrefix),
            ("project.yml", CompanionScaffold.Anchor.bundleID),
            ("project.yml", CompanionScaffold.Anchor.displayName),
            ("project.yml", CompanionScaffold.Anchor.packagePath),
            ("Package.swift", CompanionScaffold.Anchor.manifestPackage),
            ("Package.swift", CompanionScaffold.Anchor.manifestProduct),
            ("Sources/CompanionCore/CompanionDefaults.swift", CompanionScaffold.Anchor.server),
        ]
        for (path, anchor) in expectations {
            let text = try #require(files[path])
            #expect(text.components(separatedBy: anchor).count == 2, "\(path): \(anchor.debugDescription)")
        }
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
