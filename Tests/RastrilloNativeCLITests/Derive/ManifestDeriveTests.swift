import Foundation
import RastrilloNative
import Testing

@testable import RastrilloNativeCLI

/// `manifest derive` on hand-written apps in Rastrillo's shapes: golden manifests and reports,
/// determinism, coverage of every route, the bad inputs, the overlay and `--check`.
@Suite("manifest derive")
struct ManifestDeriveTests {
    @Test("each app derives its golden manifest and report, byte for byte", arguments: DeriveFixture.apps)
    func golden(_ name: String) throws {
        let derived = try DeriveFixture.derive(name)
        let manifest = try Data(contentsOf: DeriveFixture.golden(name, "app-manifest.json"))
        let report = try String(contentsOf: DeriveFixture.golden(name, "report.txt"), encoding: .utf8)
        #expect(String(decoding: derived.manifestJSON, as: UTF8.self) == String(decoding: manifest, as: UTF8.self))
        #expect(derived.report.text == report)
    }

    @Test("a rerun derives the same bytes, and the manifest passes the validator", arguments: DeriveFixture.apps)
    func deterministic(_ name: String) throws {
        let first = try DeriveFixture.derive(name)
        let second = try DeriveFixture.derive(name)
        #expect(first.manifestJSON == second.manifestJSON)
        #expect(first.report == second.report)
        let manifest = try AppManifest.decode(first.manifestJSON, source: name)
        #expect(manifest.destinations.map(\.id) == first.manifest.destinations.map(\.id))
    }

    @Test(
        "every GET of gen/router.go is a destination or listed; every POST a command or listed",
        arguments: DeriveFixture.apps)
    func coverage(_ name: String) throws {
        let derived = try DeriveFixture.derive(name)
        let listed = Set(derived.report.items(.notMapped).map(\.subject))
        for route in try DeriveFixture.routerRoutes(name) {
            let subject = "route \(route.method) \(route.pattern)"
            switch route.method {
            case "GET":
                let isDestination = derived.manifest.destinations.contains { $0.pattern.description == route.pattern }
                #expect(isDestination != listed.contains(subject), "\(name): \(subject) is mapped exactly once")
            case "POST":
                let isCommand = derived.manifest.commands.contains {
                    $0.pageAction?.method == .post && $0.pageAction?.pattern.description == route.pattern
                }
                #expect(isCommand != listed.contains(subject), "\(name): \(subject) is mapped exactly once")
            default:
                #expect(listed.contains(subject), "\(name): \(subject) is listed as not mapped")
            }
        }
    }

    @Test("the list destinations are the resources' lists in gen/manifest.json order")
    func listsInOrder() throws {
        #expect(try DeriveFixture.derive("tickets").listDestinations == ["announcements", "ticketTypes"])
        #expect(try DeriveFixture.derive("notes").listDestinations == ["bookmarks"])
        #expect(try DeriveFixture.derive("routes-only").listDestinations == [])
    }

    @Test("strings hold every title key in English, and each locale the app ships")
    func strings() throws {
        let derived = try DeriveFixture.derive("notes")
        let keys = Set(derived.manifest.destinations.map(\.titleKey) + derived.manifest.commands.map(\.titleKey))
        let english = try #require(derived.strings["en"])
        #expect(keys.isSubset(of: Set(english.keys)))
        #expect(derived.strings.keys.sorted() == ["en", "es"])
        let delete = try #require(derived.manifest.commands.first { $0.role == .destructive })
        #expect(english[delete.titleKey + ".confirmation"] != nil)
        #expect(english.values.allSatisfy { !$0.isEmpty })
    }
}

/// Bad input: one line naming the file and what to do, and nothing written.
@Suite("manifest derive: bad input")
struct ManifestDeriveBadInputTests {
    static let cases: [(name: String, file: String, says: String)] = [
        ("toml-without-gen", "toml-without-gen/gen/manifest.json", "rastrillo generate"),
        ("not-json", "not-json/gen/manifest.json", "not valid JSON"),
        ("wrong-shape", "wrong-shape/gen/manifest.json", "expected a JSON array"),
        ("colliding-ids", "colliding-ids/gen/router.go", "derives the destination id"),
        ("keyword-name", "keyword-name/gen/router.go", "keyword"),
        ("bad-locale", "bad-locale/gen/locales/en.toml", "string"),
        ("no-router", "no-router/gen/router.go", "rastrillo generate"),
    ]

    @Test("each bad app is refused in one line naming its file", arguments: cases.map(\.name))
    func refused(_ name: String) throws {
        let expected = try #require(Self.cases.first { $0.name == name })
        let error = try #require(throws: DeriveError.self) { try DeriveFixture.derive(name) }
        #expect(error.file.hasPrefix(expected.file), "\(error)")
        #expect(error.description.contains(expected.says), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test("the CLI writes nothing for a bad app, and says why on stderr", arguments: cases.map(\.name))
    func writesNothing(_ name: String) throws {
        let folder = try CompanionFixture.temporaryFolder()
        defer { CompanionFixture.removeTemporary(folder) }
        let out = folder.appendingPathComponent("app-manifest.json")
        let output = CapturedOutput()
        let status = CLI.main(
            [
                "manifest", "derive", DeriveFixture.folder(name).path, "--origin", "https://x.example.com", "--out",
                out.path,
            ],
            io: output.io)
        #expect(status == CLIExit.failure)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(output.stderr.hasPrefix("error: "))
        #expect(output.stdout.isEmpty)
    }

    @Test("no --origin, a missing folder, and a malformed origin are refused")
    func inputs() throws {
        let output = CapturedOutput()
        let notes = DeriveFixture.folder("notes").path
        #expect(CLI.main(["manifest", "derive", notes], io: output.io) == CLIExit.usage)
        #expect(output.stderr.contains("--origin is required"))
        let missing = CapturedOutput()
        #expect(
            CLI.main(["manifest", "derive", "/nonexistent/app", "--origin", "https://a.example.com"], io: missing.io)
                == CLIExit.failure)
        #expect(
            missing.stderr
                == "error: /nonexistent/app: no such folder; pass the folder of your Rastrillo app (the one holding gen/router.go)"
        )
        let slash = CapturedOutput()
        #expect(
            CLI.main(["manifest", "derive", notes, "--origin", "https://a.example.com/"], io: slash.io)
                == CLIExit.failure)
        #expect(slash.stderr.hasPrefix("error: --origin 'https://a.example.com/': "))
    }
}

/// The overlay: merged last, validated with pointers into it, never written, kept across reruns.
@Suite("manifest derive: overlay")
struct ManifestDeriveOverlayTests {
    static func write(_ text: String) throws -> URL {
        let folder = try CompanionFixture.temporaryFolder()
        let url = folder.appendingPathComponent(ManifestOverlay.fileName)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("patches, removals and additions land in the manifest; the report says each")
    func merges() throws {
        let overlay = try Self.write(
            """
            {"app": {"appIDs": ["ABCDE12345.com.example.notes"]},
             "destinations": {"bookmarks": {"link": "universalLink"}},
             "commands": {"editBookmarkCommand": {"shortcut": "cmd+e"}, "bulkBookmarks": null},
             "addCommands": [{"id": "deleteSelected", "titleKey": "command.deleteSelected", "role": "destructive",
               "placements": ["menu"], "destinations": ["bookmarks"],
               "pageAction": {"method": "POST", "pattern": "/bookmarks/bulk",
                              "submitter": {"name": "action", "value": "delete"}}}]}
            """)
        defer { CompanionFixture.removeTemporary(overlay) }
        let before = try Data(contentsOf: overlay)
        let derived = try DeriveFixture.derive("notes", overlay: overlay)
        let manifest = derived.manifest
        #expect(manifest.app.appIDs == ["ABCDE12345.com.example.notes"])
        #expect(manifest.destinations.first { $0.id == "bookmarks" }?.link == .universalLink)
        #expect(manifest.commands.first { $0.id == "editBookmarkCommand" }?.shortcut?.description == "cmd+e")
        #expect(!manifest.commands.contains { $0.id == "bulkBookmarks" })
        #expect(manifest.commands.last?.id == "deleteSelected")
        #expect(
            derived.report.items(.overlay).map(\.subject) == [
                "app.appIDs", "destination bookmarks", "command editBookmarkCommand", "command bulkBookmarks",
                "command deleteSelected",
            ])
        #expect(!derived.report.items(.needsYou).contains { $0.subject == "app.appIDs" })
        #expect(try Data(contentsOf: overlay) == before)
        #expect(try DeriveFixture.derive("notes", overlay: overlay).manifestJSON == derived.manifestJSON)
    }

    @Test(
        "a bad overlay is refused with a pointer into it",
        arguments: [
            (#"{"comands": {}}"#, "/comands", "unknown overlay key"),
            (#"{"commands": {"nope": {"symbol": "x"}}}"#, "/commands/nope", "no derived command 'nope'"),
            (
                #"{"commands": {"editBookmarkCommand": {"shortcut": "cmd+c"}}}"#,
                "/commands/editBookmarkCommand/shortcut", "Copy"
            ),
            (#"{"destinations": {"bookmarks": {"id": "x"}}}"#, "/destinations/bookmarks/id", "cannot be patched"),
            (#"{"addCommands": [{"titleKey": "x"}]}"#, "/addCommands/0", "\"id\""),
            (#"[1]"#, "/", "expected a JSON object"),
        ])
    func refused(_ text: String, _ pointer: String, _ says: String) throws {
        let overlay = try Self.write(text)
        defer { CompanionFixture.removeTemporary(overlay) }
        let error = try #require(throws: DeriveError.self) { try DeriveFixture.derive("notes", overlay: overlay) }
        #expect(error.file == overlay.path + ":" + pointer, "\(error)")
        #expect(error.problem.contains(says), "\(error)")
    }

    @Test("--out finds the overlay beside it; --check passes, then fails once the app changes")
    func checkDrift() throws {
        let app = try DeriveFixture.copy("notes")
        defer { CompanionFixture.removeTemporary(app) }
        let out = app.deletingLastPathComponent().appendingPathComponent("app-manifest.json")
        let overlay = app.deletingLastPathComponent().appendingPathComponent(ManifestOverlay.fileName)
        try Data(#"{"links": {"foreignWeb": "inAppBrowser"}}"#.utf8).write(to: overlay)
        let args = ["manifest", "derive", app.path, "--origin", "https://notes.example.com", "--out", out.path]
        let wrote = CapturedOutput()
        #expect(CLI.main(args, io: wrote.io) == CLIExit.success)
        #expect(wrote.stdout.contains("overlay     links.foreignWeb"))
        #expect(try AppManifest.decode(Array(Data(contentsOf: out)), source: "out").links.foreignWeb == .inAppBrowser)
        #expect(CLI.main(args + ["--check"], io: CapturedOutput().io) == CLIExit.success)
        let router = app.appendingPathComponent("gen/router.go")
        var text = try String(contentsOf: router, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "\n}", with: "\n\tmux.HandleFunc(\"POST /bookmarks/{id}/archive\", archive.Handle)\n}")
        try Data(text.utf8).write(to: router)
        let drift = CapturedOutput()
        #expect(CLI.main(args + ["--check"], io: drift.io) == CLIExit.failure)
        #expect(drift.stderr.contains("differs from what"))
    }
}

/// `--catalog`: a rerun brings the String Catalog the texts the app now ships, and never
/// overwrites one the catalog has.
@Suite("manifest derive --catalog")
struct ManifestDeriveCatalogTests {
    static func setUp() throws -> (app: URL, out: URL, catalog: URL, args: [String]) {
        let app = try DeriveFixture.copy("notes")
        let folder = app.deletingLastPathComponent()
        let out = folder.appendingPathComponent("app-manifest.json")
        let catalog = folder.appendingPathComponent("Localizable.xcstrings")
        let args = [
            "manifest", "derive", app.path, "--origin", "https://notes.example.com", "--out", out.path, "--catalog",
            catalog.path,
        ]
        return (app, out, catalog, args)
    }

    @Test("adds every text the catalog lacks, keeps the team's, and --check then passes")
    func addsAndKeeps() throws {
        let (app, _, catalog, args) = try Self.setUp()
        defer { CompanionFixture.removeTemporary(app) }
        let derived = try DeriveFixture.derive("notes")
        let english = try #require(derived.strings["en"])
        let edited = try #require(english.keys.sorted().first)
        let handWritten = "Ours: " + (english[edited] ?? "")
        try Data(StringCatalog(strings: [edited: ["en": handWritten], "app.title": ["en": "Notes"]]).bytes)
            .write(to: catalog)
        let wrote = CapturedOutput()
        #expect(CLI.main(args, io: wrote.io) == CLIExit.success, "\(wrote.stderr)")
        let merged = try StringCatalog.read(Array(Data(contentsOf: catalog)), file: "catalog")
        #expect(merged.strings[edited]?["en"] == handWritten, "the team's text is kept")
        #expect(merged.strings["app.title"] == ["en": "Notes"], "a key no app file names stays")
        for (locale, texts) in derived.strings {
            for (key, text) in texts where key != edited {
                #expect(merged.strings[key]?[locale] == text, "\(key) (\(locale))")
            }
        }
        let textCount = derived.strings.values.map(\.count).reduce(0, +)
        #expect(wrote.stdout.contains("catalog: \(textCount - 1) text(s) added, 1 kept where the app's words differ"))
        #expect(wrote.stdout.contains("catalog  kept \(edited) (en): the catalog's \"\(handWritten)\""))
        let check = CapturedOutput()
        #expect(CLI.main(args + ["--check"], io: check.io) == CLIExit.success, "\(check.stderr)")
        #expect(check.stdout.contains("current (every text the app ships)"))
    }

    @Test("--check fails on a catalog that lacks a text the app ships, and writes nothing")
    func checkFailsOnAMissingText() throws {
        let (app, _, catalog, args) = try Self.setUp()
        defer { CompanionFixture.removeTemporary(app) }
        #expect(CLI.main(args.filter { $0 != "--catalog" && $0 != catalog.path }, io: CapturedOutput().io) == 0)
        try Data(StringCatalog().bytes).write(to: catalog)
        let before = try Data(contentsOf: catalog)
        let check = CapturedOutput()
        #expect(CLI.main(args + ["--check"], io: check.io) == CLIExit.failure)
        #expect(check.stderr.contains("\(catalog.path) lacks"), "\(check.stderr)")
        #expect(check.stderr.contains("--catalog"))
        #expect(try Data(contentsOf: catalog) == before)
    }

    @Test(
        "a missing, folder or unreadable catalog is one error naming it, and nothing is written",
        arguments: ["missing", "folder", "not-json", "plural"])
    func badCatalog(_ kind: String) throws {
        let (app, out, catalog, args) = try Self.setUp()
        defer { CompanionFixture.removeTemporary(app) }
        switch kind {
        case "folder": try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: false)
        case "not-json": try Data("{".utf8).write(to: catalog)
        case "plural":
            try Data(
                #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"variations":{}}}}},"version":"1.0"}"#
                    .utf8
            ).write(to: catalog)
        default: break
        }
        let run = CapturedOutput()
        #expect(CLI.main(args, io: run.io) == CLIExit.failure)
        #expect(run.stderr.hasPrefix("error: \(catalog.path)"), "\(run.stderr)")
        #expect(!run.stderr.contains("bug in rastrillo-native"))
        #expect(!FileManager.default.fileExists(atPath: out.path), "the manifest is not written either")
    }

    @Test("--catalog without --out is a usage error")
    func needsOut() throws {
        let notes = DeriveFixture.folder("notes").path
        let run = CapturedOutput()
        #expect(
            CLI.main(
                [
                    "manifest", "derive", notes, "--origin", "https://notes.example.com", "--catalog",
                    "/tmp/x.xcstrings",
                ],
                io: run.io) == CLIExit.usage)
        #expect(run.stderr.contains("--catalog needs --out"))
    }
}
