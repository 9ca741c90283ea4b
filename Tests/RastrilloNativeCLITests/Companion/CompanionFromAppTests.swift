import Foundation
import RastrilloManifestCompiler
import RastrilloNative
import Testing

@testable import RastrilloNativeCLI

/// `companion new --from-app`: the notes template carrying a hand-built ``DerivedApp`` (so the
/// tests do not depend on the deriver), the String Catalog builder, and the options.
@Suite("companion new --from-app")
struct CompanionFromAppTests {
    /// A blog with two lists (posts, with an optional page, and tags) and one destructive command.
    static let manifestJSON = """
        {
          "schemaVersion": 1,
          "app": {"name": "Blog"},
          "origins": [{"origin": "https://blog.example.com"}],
          "destinations": [
            {"id": "posts", "pattern": "/posts", "params": {"page": {"optional": "int"}}, "presentation": "web",
             "titleKey": "resource.posts.name"},
            {"id": "post", "pattern": "/posts/{id}", "params": {"id": "int"}, "presentation": "web",
             "titleKey": "resource.posts.one"},
            {"id": "tags", "pattern": "/tags", "presentation": "web", "titleKey": "resource.tags.name"}
          ],
          "commands": [
            {"id": "deletePost", "titleKey": "resource.posts.delete", "role": "destructive", "placements": ["menu"],
             "destinations": ["post"],
             "pageAction": {"method": "POST", "pattern": "/posts/{id}/delete", "params": {"id": "int"}}}
          ]
        }

        """

    /// The derived strings: English holds every key, Spanish some.
    static let strings: [String: [String: String]] = [
        "en": [
            "resource.posts.name": "Posts", "resource.posts.one": "Post", "resource.tags.name": "Tags",
            "resource.posts.delete": "Delete post",
            "resource.posts.delete.confirmation": "Delete this post? This cannot be undone.",
        ],
        "es": ["resource.posts.name": "Entradas", "resource.tags.name": "Etiquetas"],
    ]

    /// The blog as the deriver would hand it over, with `lists` as its list destinations.
    static func derived(
        _ json: String = manifestJSON, lists: [String] = ["posts", "tags"],
        strings: [String: [String: String]] = strings
    ) throws -> DerivedApp {
        let bytes = Array(json.utf8)
        return DerivedApp(
            appName: "Blog", manifestJSON: bytes, manifest: try AppManifest.decode(bytes, source: "app-manifest.json"),
            listDestinations: lists, strings: strings, report: DeriveReport())
    }

    /// The companion's files for `derived`, pinned, by path.
    static func rendered(_ derived: DerivedApp) throws -> [String: [UInt8]] {
        let scaffold = CompanionScaffold(
            appName: "Blog", bundleID: "org.acme.blog",
            package: .remote(url: "https://github.com/acme/rastrillo-native.git", revision: CompanionFixture.revision),
            serverAddress: nil, kind: .notes)
        let fromApp = CompanionFromApp(
            derived: derived, appPath: "../blog", overlayPath: nil, origin: "https://blog.example.com")
        let files = try fromApp.render(scaffold.render(CompanionFixture.templateOnDisk(.notes)), appName: "Blog")
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    @Test("the layout starts on the first list, lists both in order, and titles the menu Actions")
    func layoutFile() throws {
        let files = try Self.rendered(try Self.derived())
        let layout = try #require(files[CompanionFromApp.layoutPath])
        #expect(
            String(decoding: layout, as: UTF8.self) == """
                /// What the companion shows first and lists in its sidebar, and the title of the menu that holds
                /// its page commands: the three choices about the app's shape that the manifest does not make.
                ///
                /// Written by `rastrillo-native companion new --from-app` from the Rastrillo app's list
                /// destinations, in `gen/manifest.json` order (README.md); every other file reads it through
                /// ``NotesModel``. Edit it to open on another screen or list others in the sidebar.
                enum CompanionLayout {
                    /// The destination the app starts with, and the one sign-out returns to: the first list.
                    static let start = Destination.posts(page: nil)

                    /// The sidebar's destinations: the app's lists, in `gen/manifest.json` order.
                    static let sidebarDestinations: [Destination] = [
                        .posts(page: nil),
                        .tags,
                    ]

                    /// The String Catalog key of the menu bar's menu of page commands (``MenuSection/pageCommands``).
                    static let pageCommandsMenuTitleKey = "menu.actions"
                }

                """)
    }

    @Test("one list: the sidebar is it, inline, and the menu is titled like it")
    func oneList() throws {
        let derived = try Self.derived(lists: ["posts"])
        let layout = try CompanionFromApp.layout(of: derived)
        #expect(
            layout
                == .init(start: "posts", sidebar: ["posts"], menuTitleKey: "resource.posts.name", menuTitle: nil))
        let text = CompanionFromApp.layoutSwift(layout, manifest: derived.manifest)
        #expect(text.contains("    static let sidebarDestinations: [Destination] = [.posts(page: nil)]\n"))
    }

    @Test("no list: the start is the first destination without required params; no command is refused")
    func noList() throws {
        #expect(
            try CompanionFromApp.layout(of: try Self.derived(lists: []))
                == .init(start: "posts", sidebar: ["posts"], menuTitleKey: "resource.posts.name", menuTitle: nil))
        let commands = try #require(Self.manifestJSON.range(of: #""commands": ["#))
        let bare = Self.manifestJSON[..<commands.lowerBound] + "\"commands\": []\n}\n"
        #expect(throws: CompanionError.self) { try CompanionFromApp.layout(of: try Self.derived(String(bare))) }
        let onlyShow = Self.manifestJSON.replacingOccurrences(of: #"{"optional": "int"}"#, with: #""int""#)
            .replacingOccurrences(
                of: #"{"id": "tags", "pattern": "/tags", "presentation": "web", "titleKey": "resource.tags.name"}"#,
                with: #"{"id": "tags", "pattern": "/tags/{id}", "params": {"id": "int"}, "presentation": "web", "#
                    + #""titleKey": "resource.tags.name"}"#)
        #expect(
            throws: CompanionError.fromApp(
                "the app has no page the companion can open on (a web destination without required params, not "
                    + "sign-in); add one in app-manifest.overlay.json")
        ) { try CompanionFromApp.layout(of: try Self.derived(onlyShow)) }
    }

    @Test("the String Catalog: the template's generic keys, the app's name, every derived key in each locale")
    func catalog() throws {
        let files = try Self.rendered(try Self.derived())
        let catalog = try StringCatalog.read(try #require(files[CompanionFromApp.catalogPath]), file: "catalog")
        let template = try CompanionFixture.templateOnDisk(.notes)
        let notes = try StringCatalog.read(
            try #require(template.first { $0.path == CompanionFromApp.catalogPath }?.contents), file: "template")
        let notesManifest = try AppManifest.decode(
            try #require(template.first { $0.path == CompanionFromApp.manifestPath }?.contents), source: "notes")
        var notesOnly = Set(notesManifest.destinations.map(\.titleKey) + notesManifest.commands.map(\.titleKey))
        notesOnly.formUnion(["command.delete.confirmation", "command.deleteSelected.confirmation", "menu.bookmark"])
        let generic = Set(notes.strings.keys).subtracting(notesOnly)
        #expect(generic.contains("webScreen.loading") && generic.contains("signIn.paste.help"))
        #expect(!generic.contains { $0.hasPrefix("destination.") || $0.hasPrefix("command.") })
        #expect(Set(catalog.strings.keys) == generic.union(Self.strings["en"]!.keys).union(["menu.actions"]))
        #expect(catalog.strings["app.title"] == ["en": "Blog"])
        #expect(catalog.strings["menu.actions"] == ["en": "Actions"])
        #expect(catalog.strings["resource.posts.name"] == ["en": "Posts", "es": "Entradas"])
        #expect(catalog.strings["resource.tags.name"] == ["en": "Tags", "es": "Etiquetas"])
        #expect(catalog.strings["resource.posts.one"] == ["en": "Post"])
        #expect(catalog.strings["resource.posts.delete"] == ["en": "Delete post"])
        #expect(
            catalog.strings["resource.posts.delete.confirmation"] == ["en": "Delete this post? This cannot be undone."])
        #expect(catalog.strings["webScreen.loading"] == notes.strings["webScreen.loading"])
        #expect(catalog.locales == ["en", "es"])
        #expect(catalog.sourceLanguage == "en")
    }

    @Test("the other files: the manifest, its page-actions script, a README, project.yml; notes-only tests left out")
    func otherFiles() throws {
        let derived = try Self.derived()
        let files = try Self.rendered(derived)
        let scaffold = CompanionScaffold(
            appName: "Blog", bundleID: "org.acme.blog",
            package: .remote(url: "https://github.com/acme/rastrillo-native.git", revision: CompanionFixture.revision),
            serverAddress: nil, kind: .notes)
        let template = Dictionary(
            uniqueKeysWithValues: try scaffold.render(CompanionFixture.templateOnDisk(.notes)).map {
                ($0.path, $0.contents)
            })
        #expect(Set(files.keys) == Set(template.keys).subtracting(CompanionFromApp.notesOnlyFiles))
        let changed = Set(files.keys).filter { files[$0] != template[$0] }
        #expect(
            changed == [
                CompanionFromApp.manifestPath, CompanionFromApp.layoutPath, CompanionFromApp.catalogPath,
                CompanionFromApp.pageActionsPath, CompanionFromApp.readmePath, "project.yml",
            ])
        #expect(files.keys.contains("Tests/NotesCoreTests/ManifestWalkTests.swift"))
        #expect(files.keys.contains("Tests/NotesCoreTests/CompanionLayoutTests.swift"))
        #expect(files[CompanionFromApp.manifestPath] == derived.manifestJSON)
        let script = try ManifestCompiler.compile(derived.manifestJSON, sourceName: "app-manifest.json")
            .files(only: ["page-actions"])
        #expect(files[CompanionFromApp.pageActionsPath] == Array(try #require(script.first).contents.utf8))
        let project = String(decoding: try #require(files["project.yml"]), as: UTF8.self)
        #expect(project.hasPrefix("# XcodeGen spec of Blog: one SwiftUI app for iOS 17+ and macOS 14+ around"))
        #expect(!project.contains("entitlements"), "no universal links, no auth sign-in: no associated domains")
        let readme = String(decoding: try #require(files[CompanionFromApp.readmePath]), as: UTF8.self)
        #expect(
            readme.contains(
                """
                rastrillo-native manifest derive ../blog \\
                    --origin https://blog.example.com --name Blog \\
                    --out Sources/NotesCore/app-manifest.json
                rastrillo-native manifest build Sources/NotesCore/app-manifest.json --only page-actions --out Generated

                """))
        #expect(readme.contains("in en, es |"))
    }

    @Test("associated domains follow the manifest: applinks for universal links, webcredentials for auth")
    func associatedDomains() throws {
        let json = Self.manifestJSON.replacingOccurrences(
            of: #""titleKey": "resource.tags.name"}"#,
            with: #""titleKey": "resource.tags.name", "link": "universalLink"}"#
        ).replacingOccurrences(
            of: #""origins": [{"origin": "https://blog.example.com"}],"#,
            with: #""app": {"name": "Blog", "appIDs": ["ABCDE12345.org.acme.blog"]}, "#
                + #""origins": [{"origin": "https://blog.example.com"}],"#
        ).replacingOccurrences(of: #""app": {"name": "Blog"},"#, with: "")
        let auth = json.replacingOccurrences(
            of: "\"destinations\": [\n",
            with: #""session": {"kind": "auth", "signIn": "signIn", "signOut": "signOut"}, "destinations": ["#
                + #"{"id": "signIn", "pattern": "/signin", "presentation": "web", "titleKey": "destination.signIn"},"#
                + "\n"
        ).replacingOccurrences(
            of: "\"commands\": [\n",
            with: #""commands": [{"id": "signOut", "titleKey": "command.signOut", "placements": ["menu"], "#
                + #""pageAction": {"method": "POST", "pattern": "/signout"}},"# + "\n")
        let applinks = #"          - "applinks:blog.example.com""# + "\n"
        let webcredentials = #"          - "webcredentials:blog.example.com""# + "\n"
        for (manifest, entries) in [(json, applinks), (auth, applinks + webcredentials)] {
            let files = try Self.rendered(try Self.derived(manifest))
            let project = String(decoding: try #require(files["project.yml"]), as: UTF8.self)
            #expect(
                project.contains(
                    """
                        entitlements:
                          path: Blog.entitlements
                          properties:
                            com.apple.developer.associated-domains:
                    \(entries)    settings:

                    """), "\(project)")
            let folder = try CompanionFixture.temporaryFolder().appendingPathComponent("Blog")
            defer { CompanionFixture.removeTemporary(folder) }
            try CompanionScaffold.write(
                files.map { CompanionTemplate.File(path: $0.key, contents: $0.value) }, to: folder, force: false)
            #expect(CompanionFixture.check(folder, release: true) == [])
        }
    }

    @Test("the derived companion passes companion check --release")
    func checks() throws {
        let files = try Self.rendered(try Self.derived())
        let folder = try CompanionFixture.temporaryFolder().appendingPathComponent("Blog")
        defer { CompanionFixture.removeTemporary(folder) }
        try CompanionScaffold.write(
            files.map { CompanionTemplate.File(path: $0.key, contents: $0.value) }, to: folder, force: false)
        #expect(CompanionFixture.check(folder, release: true) == [])
    }

    // MARK: The String Catalog builder

    @Test("a catalog is written as Xcode writes it: sorted keys, two spaces, \" : \", no final newline")
    func catalogBytes() throws {
        var catalog = StringCatalog(strings: ["b.key": ["en": "B \"quoted\"\n/ñ"]])
        catalog.add(byLocale: ["es": ["a.key": "A es"], "en": ["a.key": "A"]])
        let text = String(decoding: catalog.bytes, as: UTF8.self)
        #expect(
            text == """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "a.key" : {
                      "extractionState" : "manual",
                      "localizations" : {
                        "en" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "A"
                          }
                        },
                        "es" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "A es"
                          }
                        }
                      }
                    },
                    "b.key" : {
                      "extractionState" : "manual",
                      "localizations" : {
                        "en" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "B \\"quoted\\"\\n/ñ"
                          }
                        }
                      }
                    }
                  },
                  "version" : "1.0"
                }
                """)
        #expect(try StringCatalog.read(catalog.bytes, file: "x") == catalog)
        let empty = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}"
        #expect(StringCatalog(strings: [:]).bytes == Array(empty.utf8))
        #expect(StringCatalog.quoted("\u{1}\t") == #""\u0001\t""#)
    }

    @Test("a catalog with anything but plain translated strings is refused, naming the key")
    func catalogRefusals() {
        let plural = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"n.items": {"localizations": {"en": {
              "variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "1 item"}}}}}}}}}
            """
        #expect(throws: CompanionError.self) { try StringCatalog.read(Array(plural.utf8), file: "x") }
        do {
            _ = try StringCatalog.read(Array(plural.utf8), file: "x")
        } catch {
            #expect(error.description.contains("the 'en' text of 'n.items' is not one translated stringUnit"))
        }
        #expect(throws: CompanionError.self) { try StringCatalog.read(Array("[]".utf8), file: "x") }
    }

    // MARK: The command

    private func run(_ arguments: [String]) throws -> (Int32, CapturedOutput) {
        let io = CapturedOutput()
        let status: Int32
        do {
            let parsed = try CLIParser.parse(arguments, for: CompanionCommand.New.configuration)
            status = try CompanionCommand.runNew(
                parsed, io: io.output, checkout: { CompanionFixture.repositoryRoot },
                templates: [.notes: try CompanionFixture.templateOnDisk(.notes)])
        } catch let error as CLIUsageError {
            io.output.error("error: \(error.message)")
            status = 2
        } catch {
            io.output.error("error: \(error)")
            status = 1
        }
        return (status, io)
    }

    static let optionCases: [([String], String)] = [
        (["--from-app", "app"], "--from-app needs --origin <url>"),
        (["--origin", "https://a.example"], "--origin is for --from-app <APP_DIR>"),
        (
            ["--from-app", "app", "--origin", "https://a.example", "--from", "notes"],
            "--from and --from-app are exclusive"
        ),
        (
            ["--from-app", "app", "--origin", "https://a.example", "--server", "https://a.example"],
            "--server: a companion derived with --from-app takes its server from --origin"
        ),
    ]

    @Test("--origin goes with --from-app, which excludes --from and --server", arguments: optionCases)
    func options(arguments: [String], message: String) throws {
        let folder = try CompanionFixture.temporaryFolder().appendingPathComponent("X")
        defer { CompanionFixture.removeTemporary(folder) }
        let (status, io) = try run([folder.path, "--name", "App", "--bundle-id", "org.acme.app"] + arguments)
        #expect(status == 2)
        #expect(io.stderr.hasPrefix("error: \(message)"), "\(io.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("a derive error is one error line, and nothing is written")
    func deriveError() throws {
        let work = try CompanionFixture.temporaryFolder()
        defer { CompanionFixture.removeTemporary(work) }
        let app = work.appendingPathComponent("empty-app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let folder = work.appendingPathComponent("X")
        let (status, io) = try run([
            folder.path, "--name", "App", "--bundle-id", "org.acme.app", "--from-app", app.path, "--origin",
            "https://a.example",
        ])
        #expect(status == 1)
        #expect(io.stderr.hasPrefix("error: "), "\(io.stderr)")
        #expect(io.stderr.split(separator: "\n").count == 1, "\(io.stderr)")
        #expect(io.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
