import Foundation
import RastrilloNativeCLI
import Testing

@Suite("manifest and route commands")
struct ManifestCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let manifest = root.appendingPathComponent("Tests/ManifestParity/parity-manifest.json").path

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("route prints one JSON object per URL")
    func route() {
        let output = CapturedOutput()
        let status = CLI.main(
            ["route", "--manifest", Self.manifest, "https://app.example.com/users/7", "https://a.example.com@evil/"],
            io: output.io)
        #expect(status == 0)
        #expect(
            output.out == [
                #"{"url":"https://app.example.com/users/7","decision":"native","destination":"user","params":{"userID":7},"reason":null}"#,
                #"{"url":"https://a.example.com@evil/","decision":"refused","destination":null,"params":{},"reason":"userinfo (user@ or user:password@) in the authority"}"#,
            ])
    }

    @Test("manifest check reports every problem with pointer and line:column, exit 1")
    func checkInvalid() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.json")
        try Data(
            #"""
            {"schemaVersion": 1, "app": {"name": "T"}, "origins": [{"origin": "https://a.example"}],
             "destinations": [{"id": "a", "pattern": "/x/{p}", "presentation": "native", "titleKey": "t"},
                              {"id": "b", "pattern": "/x/{q}", "presentation": "native", "titleKey": "t"}]}
            """#.utf8
        ).write(to: file)
        let output = CapturedOutput()
        #expect(CLI.main(["manifest", "check", file.path], io: output.io) == 1)
        #expect(output.error.contains("bad.json:/destinations/1/pattern (line 3, column 42)"))
        #expect(output.error.contains("Go's ServeMux would panic"))
    }

    @Test("manifest build writes files; --check passes when fresh and fails when stale")
    func buildAndCheck() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let build = CapturedOutput()
        #expect(CLI.main(["manifest", "build", Self.manifest, "--out", directory.path], io: build.io) == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(
            names == [
                "AppManifest.bridge.swift", "AppManifest.generated.swift", "app-manifest.d.ts", "app-manifest.js",
                "app_manifest_gen.go", "apple-app-site-association", "bridge.d.ts", "bridge.js", "page-actions.js",
                "path-configuration.json",
            ])
        for name in names {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(text.contains("generated from parity-manifest.json, do not edit"), "\(name)")
        }
        let fresh = CapturedOutput()
        #expect(CLI.main(["manifest", "build", Self.manifest, "--out", directory.path, "--check"], io: fresh.io) == 0)
        try Data("// edited\n".utf8).write(to: directory.appendingPathComponent("app_manifest_gen.go"))
        let stale = CapturedOutput()
        #expect(CLI.main(["manifest", "build", Self.manifest, "--out", directory.path, "--check"], io: stale.io) == 1)
        #expect(stale.error.contains("stale: ") && stale.error.contains("app_manifest_gen.go"))
        #expect(!stale.error.contains("app-manifest.js"))
    }

    @Test("builds are byte-identical run to run")
    func deterministic() throws {
        let first = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: first) }
        let second = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: second) }
        let output = CapturedOutput()
        #expect(CLI.main(["manifest", "build", Self.manifest, "--out", first.path], io: output.io) == 0)
        #expect(
            CLI.main(
                ["manifest", "build", Self.manifest, "--out", second.path, "--app-id", "ZZZZZ99999.x.y"], io: output.io)
                == 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: first.path)
        where name != "apple-app-site-association" {
            #expect(
                try Data(contentsOf: first.appendingPathComponent(name))
                    == Data(contentsOf: second.appendingPathComponent(name)), "\(name)")
        }
        let aasa = try String(contentsOf: second.appendingPathComponent("apple-app-site-association"), encoding: .utf8)
        #expect(aasa.contains("ZZZZZ99999.x.y") && !aasa.contains("ABCDE12345"))
    }

    @Test(
        "usage errors exit 2",
        arguments: [
            ["manifest"], ["manifest", "frob"], ["manifest", "build", "x.json"], ["manifest", "check"],
            ["manifest", "build", "x.json", "--out", "d", "--only", "rust"], ["route", "https://a.example/"],
            ["route", "--manifest", "x.json"],
        ])
    func usage(arguments: [String]) {
        let output = CapturedOutput()
        #expect(CLI.main(arguments, io: output.io) == 2)
        #expect(output.error.hasPrefix("error: "))
    }

    @Test("--help works for both commands")
    func help() {
        for command in ["manifest", "route"] {
            let output = CapturedOutput()
            #expect(CLI.main([command, "--help"], io: output.io) == 0)
            #expect(output.stdout.contains("USAGE: rastrillo-native \(command)"))
        }
    }
}
