import Foundation
import RastrilloManifestCompiler
import RastrilloNative
import Testing

/// Emitter outputs that need no other language to check.
@Suite("Emitters: AASA and Hotwire")
struct EmitterTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func compiler() throws -> ManifestCompiler {
        let data = try Data(contentsOf: root.appendingPathComponent("Tests/ManifestParity/parity-manifest.json"))
        return try ManifestCompiler.compile(Array(data), sourceName: "parity-manifest.json")
    }

    static func json(_ file: ManifestCompiler.File) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(file.contents.utf8)) as? [String: Any])
    }

    @Test("AASA: excludes for overlapping destinations come before the includes that would cover them")
    func aasaOrder() throws {
        let file = try #require(try Self.compiler().files(only: ["aasa"]).first)
        let root = try Self.json(file)
        #expect(root["_generated"] as? String == "generated from parity-manifest.json, do not edit")
        let details = try #require((root["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
        #expect(details.first?["appIDs"] as? [String] == ["ABCDE12345.com.example.parity"])
        let components = try #require(details.first?["components"] as? [[String: Any]])
        let paths = components.map { "\($0["exclude"] as? Bool == true ? "-" : "+")\($0["/"] as! String)" }
        #expect(paths == ["-/notes/new", "-/notes/*/edit", "-/notes/*/tags/*", "+/", "+/notes/", "+/notes/*"])
    }

    @Test("AASA: --app-id replaces the manifest's app IDs")
    func aasaAppIDs() throws {
        let files = try Self.compiler().files(
            only: ["aasa"], options: .init(appIDs: ["ZZZZZ99999.a.b", "YYYYY88888.c"]))
        let root = try Self.json(try #require(files.first))
        let details = (root["applinks"] as? [String: Any])?["details"] as? [[String: Any]]
        #expect(details?.first?["appIDs"] as? [String] == ["ZZZZZ99999.a.b", "YYYYY88888.c"])
    }

    @Test("Hotwire: rules go from least to most specific, with anchored regexes that match their own paths")
    func hotwire() throws {
        let file = try #require(try Self.compiler().files(only: ["hotwire"]).first)
        let rules = try #require(try Self.json(file)["rules"] as? [[String: Any]])
        let ids = rules.map { ($0["properties"] as? [String: String])?["rastrillo_destination"] ?? "" }
        #expect(ids.count == 23)
        #expect(ids.firstIndex(of: "docs")! < ids.firstIndex(of: "docsSearch")!)
        #expect(ids.firstIndex(of: "note")! < ids.firstIndex(of: "newNote")!)
        #expect(ids.firstIndex(of: "versionsAll")! < ids.firstIndex(of: "version")!)
        func regex(_ id: String) throws -> NSRegularExpression {
            let rule = try #require(
                rules.first { ($0["properties"] as? [String: String])?["rastrillo_destination"] == id })
            return try NSRegularExpression(pattern: try #require((rule["patterns"] as? [String])?.first))
        }
        func matches(_ id: String, _ path: String) throws -> Bool {
            try regex(id).firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
        }
        #expect(try matches("note", "/notes/6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f"))
        #expect(try !matches("note", "/notes/1/edit"))
        #expect(try matches("docs", "/docs/a/b?x=1"))
        #expect(try matches("settingsSection", "/settings/general/"))
        #expect(try !matches("settingsSection", "/settings/general/x"))
        let native = try #require(
            rules.first { ($0["properties"] as? [String: String])?["rastrillo_destination"] == "note" })
        #expect((native["properties"] as? [String: String])?["view_controller"] == "note")
    }

    @Test("every output is deterministic and headed")
    func headers() throws {
        let first = try Self.compiler().files()
        let second = try Self.compiler().files()
        #expect(first == second)
        #expect(
            first.map(\.name) == [
                "AppManifest.bridge.swift", "AppManifest.generated.swift", "app-manifest.d.ts", "app-manifest.js",
                "app_manifest_gen.go", "apple-app-site-association", "bridge.d.ts", "bridge.js", "page-actions.js",
                "path-configuration.json",
            ])
        for file in first {
            #expect(file.contents.contains("generated from parity-manifest.json, do not edit"), "\(file.name)")
        }
    }
}
