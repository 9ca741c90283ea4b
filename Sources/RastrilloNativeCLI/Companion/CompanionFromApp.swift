import Foundation
import RastrilloManifestCompiler
import RastrilloNative

/// `companion new --from-app`: the notes template (``CompanionTemplate/Kind/notes``) carrying a
/// manifest derived from a Rastrillo app (``DerivedApp``).
///
/// The notes template keeps every choice about the app's shape in one file,
/// `Sources/NotesCore/CompanionLayout.swift` (start, sidebar, the page-commands menu's title);
/// everything else is manifest-generic. So a derived companion is the template with these files
/// written whole: the manifest, the layout, the String Catalog, `page-actions.js` and a README;
/// the associated domains of `project.yml` set for the manifest; and the notes-only tests
/// (``notesOnlyFiles``) left out. The manifest walk, the layout and catalog tests stay and walk
/// the derived manifest.
struct CompanionFromApp {
    /// What the companion opens on, lists in its sidebar and titles its menu of page commands.
    struct Layout: Equatable, Sendable {
        /// The start destination's id: the first list destination.
        var start: String
        /// The sidebar's destination ids, in `gen/manifest.json` order.
        var sidebar: [String]
        /// The String Catalog key of the page-commands menu.
        var menuTitleKey: String
        /// The English text of ``menuTitleKey`` when it is not a key of the derived strings.
        var menuTitle: String?
    }

    /// What was derived.
    let derived: DerivedApp
    /// The app's folder, as `manifest derive` takes it when run from the companion's folder.
    let appPath: String
    /// The overlay that was merged, as `manifest derive --overlay` takes it from the companion's
    /// folder; `nil` when there was none.
    let overlayPath: String?
    /// The deployed origin (`--origin`).
    let origin: String

    /// The derived manifest, in the template.
    static let manifestPath = "Sources/NotesCore/app-manifest.json"
    /// The layout file the template reads its start, sidebar and menu title from.
    static let layoutPath = "Sources/NotesCore/CompanionLayout.swift"
    /// The String Catalog.
    static let catalogPath = "Sources/Resources/Localizable.xcstrings"
    /// The page-actions script generated from the manifest (bundled by `project.yml`).
    static let pageActionsPath = "Generated/page-actions.js"
    /// The README (the template's is the notes example's own).
    static let readmePath = "README.md"
    /// The template's tests that name the notes app's destinations, commands and pages; the
    /// others (the manifest walk, ``layoutPath``'s and the catalog's) hold for any manifest.
    static let notesOnlyFiles: Set<String> = [
        "Tests/NotesCoreTests/NotesPresentationTests.swift",
        "Tests/NotesCoreTests/NotesSignInLinkTests.swift",
        "Tests/NotesCoreTests/NotesStackTests.swift",
    ]
    /// The menu title key when the app has several lists (one menu holds every resource's commands).
    static let actionsMenuKey = "menu.actions"
    /// The template's first lines of `project.yml`, which name the notes web app.
    static let projectHeaderAnchor = """
        # XcodeGen spec of the notes companion: one SwiftUI app for iOS 17+ and macOS 14+ around the
        # notes web app (examples/notes/web). See README.md.

        """
    /// The template's associated-domains block of `project.yml`, replaced for the derived manifest.
    static let associatedDomainsAnchor = """
            # Universal links: one applinks: entry per https origin of the manifest.
            entitlements:
              path: Notes.entitlements
              properties:
                com.apple.developer.associated-domains:
                  - applinks:notes.example.com

        """

    /// The layout of `derived`: the sidebar is its list destinations that take no required params,
    /// the start the first of them. An app without such a list starts on its first destination of
    /// that kind (not sign-in); the menu is titled like the one list, or "Actions" for several.
    static func layout(of derived: DerivedApp) throws(CompanionError) -> Layout {
        let manifest = derived.manifest
        func usable(_ destination: ManifestDestination) -> Bool {
            destination.presentation == .web && destination.id != manifest.session?.signIn
                && destination.params.allSatisfy { if case .optional = $0.type { true } else { false } }
        }
        var sidebar = derived.listDestinations.compactMap { id in manifest.destinations.first { $0.id == id } }
            .filter(usable)
        if sidebar.isEmpty, let first = manifest.destinations.first(where: usable) { sidebar = [first] }
        guard let start = sidebar.first else {
            throw .fromApp(
                "the app has no page the companion can open on (a web destination without required params, "
                    + "not sign-in); add one in \(ManifestOverlay.fileName)")
        }
        guard !manifest.commands.isEmpty else {
            throw .fromApp(
                "the app has no forms or links the companion can offer as commands (the notes template needs "
                    + "at least one); add one in \(ManifestOverlay.fileName)")
        }
        if sidebar.count == 1 {
            return Layout(start: start.id, sidebar: [start.id], menuTitleKey: start.titleKey, menuTitle: nil)
        }
        let english = derived.strings["en"]?[actionsMenuKey] == nil ? "Actions" : nil
        return Layout(
            start: start.id, sidebar: sidebar.map(\.id), menuTitleKey: actionsMenuKey, menuTitle: english)
    }

    /// The companion's files: `files` (the notes template after ``CompanionScaffold/render(_:)``)
    /// with the derived files written in and the notes-only ones left out.
    func render(_ files: [CompanionTemplate.File], appName: String) throws -> [CompanionTemplate.File] {
        let layout = try Self.layout(of: derived)
        var byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0) })
        for path in [
            Self.manifestPath, Self.layoutPath, Self.catalogPath, Self.pageActionsPath, Self.readmePath, "project.yml",
        ] + Self.notesOnlyFiles.sorted() where byPath[path] == nil {
            throw CompanionError.template("the notes template has no \(path)")
        }
        for path in Self.notesOnlyFiles { byPath[path] = nil }
        let notesManifest = try AppManifest.decode(
            byPath[Self.manifestPath]?.contents ?? [], source: "the notes template's \(Self.manifestPath)")
        let catalog = try catalog(
            template: byPath[Self.catalogPath]?.contents ?? [], notesManifest: notesManifest,
            layoutFile: byPath[Self.layoutPath]?.contents ?? [], layout: layout, appName: appName)
        byPath[Self.manifestPath]?.contents = derived.manifestJSON
        byPath[Self.layoutPath]?.contents = Array(Self.layoutSwift(layout, manifest: derived.manifest).utf8)
        byPath[Self.catalogPath]?.contents = catalog.bytes
        byPath[Self.pageActionsPath]?.contents = Array(try pageActions().utf8)
        byPath[Self.readmePath]?.contents = Array(readme(appName: appName, layout: layout, locales: catalog).utf8)
        var project = String(decoding: byPath["project.yml"]?.contents ?? [], as: UTF8.self)
        project = try CompanionScaffold.replace(
            Self.associatedDomainsAnchor, with: Self.associatedDomains(of: derived.manifest, appName: appName),
            in: project, file: "project.yml")
        project = try CompanionScaffold.replace(
            Self.projectHeaderAnchor,
            with: "# XcodeGen spec of \(appName): one SwiftUI app for iOS 17+ and macOS 14+ around the Rastrillo\n"
                + "# app it was derived from (companion new --from-app). See README.md.\n",
            in: project, file: "project.yml")
        byPath["project.yml"]?.contents = Array(project.utf8)
        return byPath.values.sorted { $0.path < $1.path }
    }

    /// The String Catalog: the template's keys the generic code shows (every key but the titles and
    /// confirmations of `notesManifest`, the template's manifest, and the title of the menu
    /// `layoutFile`, the template's layout, names), `app.title` as the app's name, then every
    /// derived key in every locale the app ships.
    func catalog(
        template: [UInt8], notesManifest: AppManifest, layoutFile: [UInt8], layout: Layout, appName: String
    ) throws -> StringCatalog {
        var catalog = try StringCatalog.read(template, file: Self.catalogPath)
        let layoutText = String(decoding: layoutFile, as: UTF8.self)
        guard let menuKey = layoutText.firstMatch(of: #/static let pageCommandsMenuTitleKey = "([^"]+)"/#)?.output.1
        else { throw CompanionError.template("\(Self.layoutPath) names no pageCommandsMenuTitleKey") }
        var notesKeys = Set(notesManifest.destinations.map(\.titleKey) + notesManifest.commands.map(\.titleKey))
        for command in notesManifest.commands where command.role == .destructive {
            notesKeys.insert(command.titleKey + ".confirmation")
        }
        notesKeys.insert(String(menuKey))
        for key in notesKeys { catalog.strings[key] = nil }
        catalog.strings["app.title"] = [catalog.sourceLanguage: appName]
        if let title = layout.menuTitle { catalog.strings[layout.menuTitleKey] = [catalog.sourceLanguage: title] }
        catalog.add(byLocale: derived.strings)
        return catalog
    }

    /// `CompanionLayout.swift` for `layout`: the template's file, with the derived destinations as
    /// values of the generated `Destination` (optional params given as `nil`).
    static func layoutSwift(_ layout: Layout, manifest: AppManifest) -> String {
        func value(_ id: String) -> String {
            guard let destination = manifest.destinations.first(where: { $0.id == id }), !destination.params.isEmpty
            else { return "." + id }
            // The generated case's labels are the param names (`inout` is the one a call escapes).
            let arguments = destination.params.map { ($0.name == "inout" ? "`inout`" : $0.name) + ": nil" }
            return ".\(id)(\(arguments.joined(separator: ", ")))"
        }
        let values = layout.sidebar.map(value)
        let inline = "    static let sidebarDestinations: [Destination] = [\(values.joined(separator: ", "))]"
        let sidebar =
            values.count == 1 && inline.count <= 120
            ? inline
            : "    static let sidebarDestinations: [Destination] = [\n"
                + values.map { "        \($0),\n" }.joined() + "    ]"
        return """
            /// What the companion shows first and lists in its sidebar, and the title of the menu that holds
            /// its page commands: the three choices about the app's shape that the manifest does not make.
            ///
            /// Written by `rastrillo-native companion new --from-app` from the Rastrillo app's list
            /// destinations, in `gen/manifest.json` order (README.md); every other file reads it through
            /// ``NotesModel``. Edit it to open on another screen or list others in the sidebar.
            enum CompanionLayout {
                /// The destination the app starts with, and the one sign-out returns to: the first list.
                static let start = Destination\(value(layout.start))

                /// The sidebar's destinations: the app's lists, in `gen/manifest.json` order.
            \(sidebar)

                /// The String Catalog key of the menu bar's menu of page commands (``MenuSection/pageCommands``).
                static let pageCommandsMenuTitleKey = \(quoted(layout.menuTitleKey))
            }

            """
    }

    /// `text` as a Swift string literal.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `page-actions.js` for the derived manifest, as `manifest build --only page-actions` writes it.
    func pageActions() throws -> String {
        let compiler: ManifestCompiler
        do {
            compiler = try ManifestCompiler.compile(derived.manifestJSON, sourceName: "app-manifest.json")
        } catch {
            throw CompanionError.fromApp("the derived manifest does not compile: \(error)")
        }
        guard let script = compiler.files(only: ["page-actions"]).first(where: { $0.name == "page-actions.js" })
        else {
            throw CompanionError.fromApp(
                "no command of the derived manifest is bound to a page action, so the page-actions script is "
                    + "empty; bind one in \(ManifestOverlay.fileName)")
        }
        return script.contents
    }

    /// The associated-domains block of `project.yml` for `manifest`: `applinks:` for each host of
    /// its universal links and `webcredentials:` for its `auth` sign-in (what `companion check`
    /// requires), or nothing when it needs neither.
    static func associatedDomains(of manifest: AppManifest, appName: String) -> String {
        let entries =
            CompanionChecker.universalLinkHosts(of: manifest).map { "applinks:" + $0 }
            + CompanionChecker.webCredentialHosts(of: manifest).map { "webcredentials:" + $0 }
        guard !entries.isEmpty else { return "" }
        return """
                # Associated domains: applinks: per https origin of the manifest's universal links,
                # webcredentials: for its auth sign-in (companion check compares them with the manifest).
                entitlements:
                  path: \(appName).entitlements
                  properties:
                    com.apple.developer.associated-domains:

            """ + entries.map { "          - \"\($0)\"\n" }.joined()
    }

    /// The companion's README: where it came from, what was derived, and how to derive it again.
    func readme(appName: String, layout: Layout, locales catalog: StringCatalog) -> String {
        let english = derived.strings["en"] ?? [:]
        func title(_ id: String) -> String {
            let key = derived.manifest.destinations.first { $0.id == id }?.titleKey ?? id
            return "`\(id)` (\(english[key] ?? key))"
        }
        let locales = (["en"] + derived.strings.keys.filter { $0 != "en" }.sorted()).joined(separator: ", ")
        var derive = "rastrillo-native manifest derive \(SafeOutput.shellQuoted(appPath)) \\\n"
        derive += "    --origin \(SafeOutput.shellQuoted(origin)) --name \(appName) \\\n"
        if let overlayPath { derive += "    --overlay \(SafeOutput.shellQuoted(overlayPath)) \\\n" }
        derive += "    --out \(Self.manifestPath)"
        return """
            # \(appName)

            A native companion (SwiftUI, iOS 17+ and macOS 14+) for a Rastrillo app:

            - the app: `\(appPath)` (from this folder)
            - its origin: \(origin)

            `rastrillo-native companion new --from-app` wrote it from RastrilloNative's notes companion
            (`examples/notes`) with a manifest derived from the app's committed files
            (`gen/manifest.json`, `gen/router.go`, `locales/`): the app's pages are its screens, the
            app's forms and links its commands.

            | Path | What it is |
            |---|---|
            | `\(Self.manifestPath)` | the derived manifest: \(derived.manifest.destinations.count) destinations, \(derived.manifest.commands.count) commands |
            | `\(Self.layoutPath)` | the start, \(title(layout.start)); the sidebar, \(layout.sidebar.map(title).joined(separator: ", ")); the page-commands menu's title key, `\(layout.menuTitleKey)` |
            | `\(Self.catalogPath)` | every title the companion shows, in \(locales) |
            | `\(Self.pageActionsPath)` | the script that reports the page's bound forms and links, from the manifest |
            | `Sources/NotesCore/` | the model and every decision (the notes companion's, for any manifest) |
            | `Tests/NotesCoreTests/` | a walk of every destination and command of the manifest, the layout, the String Catalog |
            | `Sources/*.swift`, `project.yml` | the SwiftUI app and its XcodeGen spec |
            | `BrowserHost/` | the notes browser harness's native side (RastrilloNative's `tools/web-screen-harness`) |

            ## Check and test

            ```sh
            rastrillo-native companion check .     # add --release before shipping
            swift test                             # the walk of every destination and command
            xcodegen generate && open \(appName).xcodeproj   # on a Mac
            ```

            ## Derive it again after the app changes

            From this folder:

            ```sh
            \(derive)
            rastrillo-native manifest build \(Self.manifestPath) --only page-actions --out Generated
            ```

            Hand edits to the manifest go in the app's `\(ManifestOverlay.fileName)`, merged last
            (docs/from-rastrillo-app.md in RastrilloNative). `\(Self.layoutPath)` and the String Catalog
            are not derived again: add the titles of new destinations and commands to the catalog
            (`swift test` names every key it lacks) and new lists to the sidebar.

            """
    }
}
