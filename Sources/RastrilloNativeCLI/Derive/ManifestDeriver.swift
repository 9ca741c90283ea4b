import Foundation
import RastrilloJSON
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
    /// How messages name the app's folder (as the person typed it).
    var displayPath: String?
}

/// Why nothing could be derived: one line naming the file and what to do. Nothing is written.
struct DeriveError: Error, CustomStringConvertible, Equatable {
    /// The file or input the problem is in.
    var file: String
    /// What is wrong and what to do.
    var problem: String

    var description: String { "\(file): \(problem)" }
}

/// Derives an app manifest from a Rastrillo app's committed files (`gen/manifest.json`,
/// `gen/router.go`, `gen/locales/en.toml`, `locales/*.toml`, the app's Go imports and
/// hand-mounted routes), following docs/from-rastrillo-app.md item by item.
///
/// Route shapes come from `gen/router.go` only: a resource's pages are the GET routes under
/// its `route`, its commands the links and forms those pages render. Nothing is guessed
/// silently: every item is in the report as derived, defaulted or needs-you, and every route
/// that is neither a destination nor a command is listed with why.
enum ManifestDeriver {
    /// Reads the app's files (never runs Go or the app) and derives its manifest.
    static func derive(_ input: DeriveInput) throws(DeriveError) -> DerivedApp {
        let display = input.displayPath ?? input.appDirectory.path
        let files = try RastrilloAppFiles.read(input.appDirectory, display: display)
        var builder = DeriveBuilder(files: files, display: display)
        try builder.build(origin: input.origin, name: input.name)
        var manifest = builder.manifestJSON()
        var provenance = builder.provenance
        if let overlay = input.overlay {
            let before = builder.report.items.count
            let merged = try ManifestOverlay.apply(overlay, to: manifest, report: &builder.report)
            manifest = merged.manifest
            // What the overlay settles is no longer the team's to do.
            let settled = builder.report.items[before...].map(\.subject)
            builder.report.items.removeAll { item in
                item.status == .needsYou && settled.contains { $0 == item.subject || $0.hasPrefix(item.subject + ".") }
            }
            provenance.merge(merged.provenance) { _, overlay in overlay }
        }
        let text = DeriveBuilder.canonical(manifest).manifestText
        let bytes = Array(text.utf8)
        let decoded: AppManifest
        do {
            decoded = try AppManifest.decode(bytes, source: "app-manifest.json")
        } catch {
            throw builder.explain(error, provenance: provenance)
        }
        builder.report.add(
            .derived, "manifest",
            "\(decoded.destinations.count) destinations, \(decoded.commands.count) commands; valid (manifest check)")
        return DerivedApp(
            appName: builder.appName, manifestJSON: bytes, manifest: decoded,
            listDestinations: builder.listIDs.filter { id in decoded.destinations.contains { $0.id == id } },
            strings: builder.strings(for: decoded), report: builder.report)
    }
}

/// The state of one derivation: the entries built so far, where each came from, the report.
struct DeriveBuilder {
    /// One destination or command with the file and line it came from.
    struct Entry {
        var id: String
        var json: DerivedJSON
        var source: String
    }

    let files: RastrilloAppFiles
    let display: String
    var report = DeriveReport()
    var appName = ""
    var origin = ""
    var destinations: [Entry] = []
    var commands: [Entry] = []
    var types: [(name: String, json: DerivedJSON, source: String)] = []
    var session: DerivedJSON?
    var listIDs: [String] = []
    /// English defaults for keys the app's catalogs lack.
    var defaults: [String: String] = [:]
    /// Confirmation message keys of destructive commands → the app key whose text they show.
    var confirmations: [String: String] = [:]
    /// Manifest pointer prefix → where it came from (for validation errors).
    var provenance: [String: String] = [:]

    init(files: RastrilloAppFiles, display: String) {
        self.files = files
        self.display = display
    }

    // MARK: Building

    mutating func build(origin: String, name: String?) throws(DeriveError) {
        self.origin = origin
        appName = try resolvedName(name)
        var claimed = Set<Int>()  // indexes of files.routes mapped
        let byDepth = files.resources.enumerated().sorted {
            segments($0.element.route).count > segments($1.element.route).count
        }
        var routesOf: [Int: [(index: Int, route: RastrilloAppFiles.Route, suffix: [String])]] = [:]
        for (index, route) in files.routes.enumerated() {
            let parts = segments(route.pattern)
            for (resourceIndex, resource) in byDepth {
                let base = segments(resource.route)
                if parts.count >= base.count, Array(parts.prefix(base.count)) == base {
                    routesOf[resourceIndex, default: []].append((index, route, Array(parts.dropFirst(base.count))))
                    break
                }
            }
        }
        for (resourceIndex, resource) in files.resources.enumerated() {
            try resourceEntries(resource, at: resourceIndex, routes: routesOf[resourceIndex] ?? [], claimed: &claimed)
        }
        for (index, route) in files.routes.enumerated() where !claimed.contains(index) {
            try otherRoute(route)
        }
        let newCommands = commands.indices.filter {
            commands[$0].id.hasPrefix("new") && commands[$0].id.hasSuffix("Command")
        }
        if files.resources.count == 1, let only = newCommands.first, newCommands.count == 1 {
            commands[only].json = commands[only].json.setting("shortcut", to: .string("cmd+n"))
            report.add(.defaulted, "command \(commands[only].id) shortcut", "cmd+n: the app has one resource")
        }
        try sessionEntries()
        localeCommand()
        handRouteLines()
        for line in files.dynamicRegistrations {
            report.add(.notMapped, "registration \(line)", "its path is not a string literal, so it cannot be read")
        }
        if files.unscannedGoFiles > 0 {
            report.add(
                .needsYou, "Go files",
                "\(files.unscannedGoFiles) files past the first \(RastrilloAppFiles.maxGoFiles) were not scanned "
                    + "for sign-in imports and hand routes")
        }
        try checkDuplicates()
        report.add(
            .needsYou, "app.appIDs",
            "not in the app's files: universal links need your team ID + bundle ID; add app.appIDs in the overlay")
        report.add(
            .defaulted, "capabilities", "none (Rastrillo declares none); add them in the overlay if the app uses any")
        report.add(.defaulted, "links", "Rastrillo's defaults: other sites open in the browser, no external schemes")
    }

    private func resolvedName(_ name: String?) throws(DeriveError) -> String {
        if let name { return name }
        guard let module = files.module, let last = module.split(separator: "/").last else {
            throw DeriveError(
                file: display + "/go.mod", problem: "no module line to name the app from; pass --name AppName")
        }
        let words = DeriveNaming.words(String(last))
        let candidate = DeriveNaming.upperCamel(words)
        guard let first = candidate.first, first.isLetter, candidate.allSatisfy({ $0.isLetter || $0.isNumber })
        else {
            throw DeriveError(
                file: display + "/go.mod",
                problem: "the module '\(module)' gives no app name of letters and digits; pass --name AppName")
        }
        return candidate
    }

    private mutating func resourceEntries(
        _ resource: RastrilloResource, at index: Int,
        routes: [(index: Int, route: RastrilloAppFiles.Route, suffix: [String])], claimed: inout Set<Int>
    ) throws(DeriveError) {
        let words = DeriveNaming.words(resource.name)
        let singular = DeriveNaming.singular(words)
        let plural = DeriveNaming.upperCamel(words)
        let one = DeriveNaming.upperCamel(singular)
        let listID = DeriveNaming.lowerCamel(words)
        // A name with no trailing `s` is its own singular: the show page takes `Item` so it
        // cannot take the list's id.
        let showID = DeriveNaming.lowerCamel(singular == words ? words + ["item"] : singular)
        let newID = "new" + one
        let editID = "edit" + one
        let confirmID = "confirmDelete" + one
        let key = "resource.\(resource.name)"
        let location = "gen/manifest.json /\(index) (\(resource.name))"
        var hasList = false
        var hasEdit = false
        var hasConfirm = false
        var deleteCommand: Int?
        for (routeIndex, route, suffix) in routes {
            let source = "gen/router.go:\(route.line) (\(route.method ?? "any") \(route.pattern))"
            let line = "route \(route.method ?? "ANY") \(route.pattern)"
            guard let method = route.method, method == "GET" || method == "POST" else {
                report.add(
                    .notMapped, line,
                    "\(source): only GET pages and POST forms have page actions; a companion cannot send this")
                claimed.insert(routeIndex)
                continue
            }
            claimed.insert(routeIndex)
            let isID = suffix.first == "{id}"
            switch (method, suffix) {
            case ("GET", []):
                hasList = true
                listIDs.append(listID)
                var params: [(String, DerivedJSON)] = []
                if resource.search { params.append(("q", .object([("optional", .string("string"))]))) }
                params.append(("page", .object([("optional", .string("int"))])))
                for filter in resource.filters {
                    let typeName = plural + DeriveNaming.upperCamel(DeriveNaming.words(filter.field))
                    let query = DeriveNaming.snake(filter.field)
                    let values = filter.values.joined(separator: ", ")
                    if !filter.values.isEmpty, filter.values.allSatisfy(DeriveNaming.isEnumValue),
                        Set(filter.values).count == filter.values.count
                    {
                        types.append((typeName, .object([("enum", .strings(filter.values))]), location))
                        params.append((query, .object([("optional", .string(typeName))])))
                        report.add(.derived, "type \(typeName)", "the list's \(filter.field) filter: \(values)")
                    } else {
                        params.append((query, .object([("optional", .string("string"))])))
                        report.add(
                            .defaulted, "param \(listID).\(query)",
                            "typed string: the \(filter.field) filter's values (\(values)) are not all lowerCamel, "
                                + "which the manifest's enums require")
                    }
                }
                addDestination(
                    listID, pattern: route.pattern, params: params, titleKey: key + ".name",
                    english: DeriveNaming.sentence(words), source: source,
                    what: "the \(resource.name) list" + (resource.search ? " (q, page)" : " (page)"))
            case ("POST", []):
                report.add(.notMapped, line, "\(source): the new form's create submit; never a command")
            case ("GET", ["new"]):
                addDestination(
                    newID, pattern: route.pattern, params: [], titleKey: "destination." + newID,
                    english: "New " + singular.joined(separator: " "), source: source, what: "the new-record form")
                addCommand(
                    newID + "Command", titleKey: "ui.new", english: "New", verb: "new",
                    placements: ["toolbar", "menu"],
                    destinations: routes.contains { $0.suffix.isEmpty && $0.route.method == "GET" } ? [listID] : [],
                    method: "GET", pattern: route.pattern, params: [], source: source,
                    what: "the list page's New link")
            case ("GET", ["{id}"]):
                addDestination(
                    showID, pattern: route.pattern, params: [("id", .string("int"))], titleKey: "destination." + showID,
                    english: DeriveNaming.sentence(singular), source: source, what: "the show page")
            case ("GET", ["{id}", "edit"]):
                hasEdit = true
                addDestination(
                    editID, pattern: route.pattern, params: [("id", .string("int"))], titleKey: "destination." + editID,
                    english: "Edit " + singular.joined(separator: " "), source: source, what: "the edit form")
                addCommand(
                    editID + "Command", titleKey: "ui.edit", english: "Edit", verb: "edit",
                    placements: ["toolbar", "menu", "actionMenu"],
                    destinations: routes.contains { $0.suffix == ["{id}"] && $0.route.method == "GET" } ? [showID] : [],
                    method: "GET", pattern: route.pattern, params: [("id", .string("int"))], source: source,
                    what: "the show page's Edit link")
            case ("POST", ["{id}", "edit-basics"]), ("POST", ["{id}", "edit-advanced"]):
                report.add(.notMapped, line, "\(source): the edit form's save submit; never a command")
            case ("GET", ["{id}", "delete"]):
                hasConfirm = true
                addDestination(
                    confirmID, pattern: route.pattern, params: [("id", .string("int"))],
                    titleKey: key + ".delete.title", english: "Delete " + singular.joined(separator: " "),
                    source: source, what: "the delete confirmation page")
            case ("POST", ["{id}", "delete"]):
                deleteCommand = commands.count
                let titleKey = key + ".delete.title"
                confirmations[titleKey + ".confirmation"] = key + ".delete.confirm"
                defaults[titleKey + ".confirmation"] = "This \(singular.joined(separator: " ")) will be deleted."
                addCommand(
                    "delete" + one, titleKey: titleKey, english: "Delete " + singular.joined(separator: " "),
                    verb: "delete", placements: ["menu", "actionMenu", "contextMenu"], destinations: [],
                    method: "POST", pattern: route.pattern, params: [("id", .string("int"))], source: source,
                    what: "the confirm page's Delete form; destructive, with the native confirmation",
                    destructive: true)
            default:
                let rest = suffix.dropFirst(isID ? 1 : 0)
                let restWords = rest.flatMap { segmentWords($0) }
                let params = pathParams(route.pattern)
                if method == "GET" {
                    let id = DeriveNaming.lowerCamel((isID ? singular : words) + restWords)
                    addDestination(
                        id, pattern: route.pattern, params: params, titleKey: "destination." + id,
                        english: DeriveNaming.sentence((isID ? singular : words) + restWords), source: source,
                        what: "a hand page of \(resource.name)")
                } else {
                    guard let verb = restWords.first else { continue }
                    let id = DeriveNaming.lowerCamel(restWords + (isID ? singular : words))
                    let destructive = DeriveNaming.destructiveVerbs.contains(verb)
                    let titleKey = "command." + DeriveNaming.lowerCamel(restWords)
                    let targets =
                        isID
                        ? [showID, editID].filter { page in
                            routes.contains {
                                $0.route.method == "GET" && $0.suffix == (page == showID ? ["{id}"] : ["{id}", "edit"])
                            }
                        } : (routes.contains { $0.suffix.isEmpty && $0.route.method == "GET" } ? [listID] : [])
                    if destructive {
                        confirmations[titleKey + ".confirmation"] = ""
                        defaults[titleKey + ".confirmation"] =
                            "This \(singular.joined(separator: " ")) will be \(verb)d."
                    }
                    addCommand(
                        id, titleKey: titleKey, english: DeriveNaming.sentence(restWords), verb: verb,
                        placements: ["menu", "actionMenu"], destinations: targets, method: "POST",
                        pattern: route.pattern, params: params, source: source,
                        what: "a hand form of \(resource.name)", destructive: destructive)
                    report.add(
                        .defaulted, "command \(id) pages",
                        targets.isEmpty
                            ? "shown on every screen (no page of \(resource.name) to scope it to)"
                            : "shown on \(targets.joined(separator: ", ")): the pages that show "
                                + (isID ? "one \(singular.joined(separator: " "))" : "the list")
                                + "; it is enabled only where the page renders its form")
                    if destructive {
                        report.add(
                            .needsYou, "command \(id) role",
                            "destructive by its name (\(verb)), with a native confirmation; check it")
                    }
                    if !isID {
                        report.add(
                            .needsYou, "command \(id)",
                            "a form of the list page: if it has several submit buttons (a bulk bar), replace it "
                                + "with one command per button (pageAction.submitter) in the overlay")
                    }
                }
            }
        }
        if let deleteCommand {
            let targets = hasConfirm ? [confirmID] : []
            var extra: [String] = []
            let form = "templates/\(resource.name)/form.html"
            if hasEdit, let bytes = try? files.bytes(form, display: display),
                let text = UTF8Text.string(bytes), text.contains("/delete\"")
            {
                extra = [editID]
                report.add(.derived, "command delete\(one) pages", "\(form) posts delete too (an ejected form)")
            }
            commands[deleteCommand].json = commands[deleteCommand].json.setting(
                "destinations", to: .strings(extra + targets))
        }
        if !hasList {
            report.add(
                .needsYou, "resource \(resource.name)",
                "gen/router.go has no GET \(resource.route): no list destination, so it is not in the sidebar")
        }
    }

    private mutating func otherRoute(_ route: RastrilloAppFiles.Route) throws(DeriveError) {
        let source = "gen/router.go:\(route.line) (\(route.method ?? "any") \(route.pattern))"
        let line = "route \(route.method ?? "ANY") \(route.pattern)"
        guard let method = route.method, method == "GET" || method == "POST" else {
            report.add(
                .notMapped, line, "\(source): only GET pages and POST forms have page actions")
            return
        }
        let literalWords = segments(route.pattern).flatMap { segmentWords($0) }
        let params = pathParams(route.pattern)
        if method == "GET" {
            // Params name the page too (`/posts/{id}` → `postsById`), so a public page never takes
            // the id of a resource's list.
            let names = params.map(\.0)
            let byWords = names.isEmpty ? [] : ["by"] + names.flatMap { ["and"] + DeriveNaming.words($0) }.dropFirst()
            let words = (literalWords.isEmpty && names.isEmpty ? ["home"] : literalWords) + byWords
            let id = DeriveNaming.lowerCamel(words)
            addDestination(
                id, pattern: route.pattern, params: params, titleKey: "destination." + id,
                english: DeriveNaming.sentence(words), source: source, what: "a hand page")
        } else {
            guard !literalWords.isEmpty else {
                report.add(.notMapped, line, "\(source): a form posting to the root; name it in the overlay")
                return
            }
            let id = DeriveNaming.lowerCamel(literalWords)
            addCommand(
                id, titleKey: "command." + id, english: DeriveNaming.sentence(literalWords),
                verb: literalWords.last ?? "", placements: ["menu"], destinations: [], method: "POST",
                pattern: route.pattern, params: params, source: source, what: "a hand form")
            report.add(.defaulted, "command \(id) pages", "shown on every screen; enabled where a page renders it")
        }
    }

    private mutating func sessionEntries() throws(DeriveError) {
        let password = files.imports.first { $0.key.hasSuffix("/rastrillo/password") }
        let auth = files.imports.first { $0.key.hasSuffix("/rastrillo/auth") }
        let all = files.routes + files.handRoutes
        let signIn = all.first { $0.pattern == "/signin" && ($0.method == "GET" || $0.method == nil) }
        let signOut = all.first { $0.pattern == "/signout" && ($0.method == "POST" || $0.method == nil) }
        guard let kind = auth ?? password else {
            report.add(
                .needsYou, "session",
                "none: no Go file imports Rastrillo's password or auth package; if the app signs people in, "
                    + "add session (signIn, signOut) in the overlay")
            return
        }
        let kindName = auth != nil ? "auth" : "password"
        guard let signIn, let signOut else {
            report.add(
                .needsYou, "session",
                "none: \(kind.value) imports \(kind.key), but no GET /signin and POST /signout route literal "
                    + "was found; add session in the overlay")
            return
        }
        addDestination(
            "signIn", pattern: "/signin", params: [], titleKey: "destination.signIn", english: "Sign in",
            source: "\(signIn.file):\(signIn.line)", what: "the sign-in page")
        addCommand(
            "signOut", titleKey: "command.signOut", english: "Sign out", verb: "signout", placements: ["menu"],
            destinations: [], method: "POST", pattern: "/signout", params: [],
            source: "\(signOut.file):\(signOut.line)",
            what: "the sign-out form")
        var object: [(key: String, value: DerivedJSON)] = []
        if kindName == "auth" { object.append(("kind", .string("auth"))) }
        object += [("signIn", .string("signIn")), ("signOut", .string("signOut"))]
        session = .object(object)
        report.add(
            .derived, "session",
            "\(kindName): \(kind.value) imports \(kind.key); GET /signin at \(signIn.file):\(signIn.line), "
                + "POST /signout at \(signOut.file):\(signOut.line)")
        if kindName == "auth" {
            report.add(
                .defaulted, "session.auth",
                "Rastrillo's default paths and any keymail server; set session.auth in the overlay if the app's "
                    + "auth.Config changes them")
        }
    }

    private mutating func localeCommand() {
        let others = files.catalogs.keys.filter { $0 != "en" }.sorted()
        guard !others.isEmpty else { return }
        addCommand(
            "switchLanguage", titleKey: "command.language", english: "Language", verb: "language",
            placements: ["menu"], destinations: [], method: "POST", pattern: "/_locale", params: [],
            fields: [("locale", .string("string"))], source: "locales/",
            what: "Rastrillo's locale switch (POST /_locale), one choice per language the page offers")
        report.add(
            .defaulted, "command switchLanguage",
            "the app ships locales/ for \(others.joined(separator: ", ")); enabled where a page renders the locale menu"
        )
    }

    private mutating func handRouteLines() {
        let session = self.session != nil
        for route in files.handRoutes {
            let line = "route \(route.method ?? "ANY") \(route.pattern)"
            if session,
                (route.pattern == "/signin" && route.method == "GET")
                    || (route.pattern == "/signout" && route.method == "POST")
            {
                continue
            }
            if session, route.pattern == "/signin" || route.pattern.hasPrefix("/signin/") {
                report.add(
                    .notMapped, line, "\(route.file):\(route.line): the sign-in page's own form; the page submits it")
                continue
            }
            report.add(
                .notMapped, line,
                "\(route.file):\(route.line), mounted by hand (not in gen/router.go); add it in the overlay if the "
                    + "companion should show it")
        }
    }

    // MARK: Entries

    private mutating func addDestination(
        _ id: String, pattern: String, params: [(String, DerivedJSON)], titleKey: String, english: String,
        source: String, what: String
    ) {
        var json: [(key: String, value: DerivedJSON)] = [("id", .string(id)), ("pattern", .string(pattern))]
        if !params.isEmpty { json.append(("params", .object(params.map { ($0.0, $0.1) }))) }
        json += [("presentation", .string("web")), ("titleKey", .string(titleKey))]
        destinations.append(Entry(id: id, json: .object(json), source: source))
        report.add(.derived, "destination \(id)", "\(what), \(source)")
        title(titleKey, english: english, for: "destination \(id)")
    }

    private mutating func addCommand(
        _ id: String, titleKey: String, english: String, verb: String, placements: [String], destinations: [String],
        method: String, pattern: String, params: [(String, DerivedJSON)], fields: [(String, DerivedJSON)] = [],
        source: String, what: String, destructive: Bool = false
    ) {
        var json: [(key: String, value: DerivedJSON)] = [("id", .string(id)), ("titleKey", .string(titleKey))]
        if let symbol = DeriveNaming.symbols[verb.lowercased()] {
            json.append(("symbol", .string(symbol)))
        } else {
            report.add(
                .defaulted, "command \(id) symbol", "none: '\(verb)' is not in the verb table; set one in the overlay")
        }
        if destructive { json.append(("role", .string("destructive"))) }
        json.append(("placements", .strings(placements)))
        if !destinations.isEmpty { json.append(("destinations", .strings(destinations))) }
        var action: [(key: String, value: DerivedJSON)] = [("method", .string(method)), ("pattern", .string(pattern))]
        if !params.isEmpty { action.append(("params", .object(params.map { ($0.0, $0.1) }))) }
        if !fields.isEmpty { action.append(("fields", .object(fields.map { ($0.0, $0.1) }))) }
        json.append(("pageAction", .object(action)))
        commands.append(Entry(id: id, json: .object(json), source: source))
        report.add(.derived, "command \(id)", "\(what), \(source)")
        title(titleKey, english: english, for: "command \(id)")
    }

    /// Records where `key`'s English comes from: the app's catalogs, or the default `english`.
    private mutating func title(_ key: String, english: String, for subject: String) {
        if text(of: key, in: "en") != nil { return }
        if defaults[key] == nil {
            report.add(.defaulted, "title \(key)", "the app has no such key; English '\(english)' (\(subject))")
        }
        defaults[key] = defaults[key] ?? english
    }

    /// The app's text for `key` in `code`: its `locales/<code>.toml`, then for English the
    /// generated `gen/locales/en.toml` (Rastrillo's lookup order).
    func text(of key: String, in code: String) -> String? {
        if let text = files.catalogs[code]?[key] { return text }
        return code == "en" ? files.baseCatalog[key] : nil
    }

    // MARK: Checks

    private mutating func checkDuplicates() throws(DeriveError) {
        for (entries, what) in [(destinations, "destination"), (commands, "command")] {
            var seen: [String: String] = [:]
            for entry in entries {
                if let earlier = seen[entry.id] {
                    throw DeriveError(
                        file: display + "/" + (entry.source.split(separator: " ").first.map(String.init) ?? ""),
                        problem: "derives the \(what) id '\(entry.id)', which \(earlier) derives too; rename one "
                            + "resource or route in the app (ids come from names: docs/from-rastrillo-app.md)")
                }
                seen[entry.id] = entry.source
            }
        }
    }

    /// A validation failure of the derived manifest, said of the app file or overlay entry that
    /// made the offending value.
    func explain(_ error: ManifestError, provenance: [String: String]) -> DeriveError {
        guard let issue = error.issues.first else { return DeriveError(file: display, problem: error.description) }
        let more = error.issues.count > 1 ? " (and \(error.issues.count - 1) more)" : ""
        var best = ""
        for prefix in provenance.keys
        where (issue.pointer == prefix || issue.pointer.hasPrefix(prefix + "/")) && prefix.count > best.count {
            best = prefix
        }
        let origin = provenance[best] ?? "the derived manifest"
        let hint =
            issue.pointer.hasSuffix("/id") && !origin.contains(ManifestOverlay.fileName)
            ? "; ids come from resource names and route paths: rename it in the app, or see "
                + "docs/from-rastrillo-app.md" : ""
        return DeriveError(
            file: origin,
            problem: "\(issue.message) (at \(issue.pointer) of the derived manifest)\(hint)\(more)")
    }

    // MARK: Output

    /// The key order of docs/app-manifest.md, at the top level and in each destination and command.
    static let topOrder = [
        "schemaVersion", "app", "origins", "links", "capabilities", "types", "session", "destinations", "commands",
        "bridge",
    ]
    static let destinationOrder = ["id", "pattern", "params", "presentation", "titleKey", "capabilities", "link"]
    static let commandOrder = [
        "id", "titleKey", "symbol", "shortcut", "role", "placements", "destinations", "capabilities", "pageAction",
    ]

    /// `manifest` with every key in its documented place, so hand edits merged from the overlay
    /// land where a person would write them.
    static func canonical(_ manifest: DerivedJSON) -> DerivedJSON {
        var top = manifest.ordered(topOrder)
        for (key, order) in [("destinations", destinationOrder), ("commands", commandOrder)] {
            if case .array(let entries)? = top[key] {
                top = top.setting(key, to: .array(entries.map { $0.ordered(order) }))
            }
        }
        return top
    }

    /// The manifest, in the fixed order of docs/app-manifest.md.
    mutating func manifestJSON() -> DerivedJSON {
        var top: [(key: String, value: DerivedJSON)] = [
            ("schemaVersion", .int(1)),
            ("app", .object([("name", .string(appName))])),
            ("origins", .array([.object([("origin", .string(origin))])])),
        ]
        provenance["/app/name"] = display + "/go.mod"
        provenance["/origins"] = "--origin '\(origin)'"
        if !types.isEmpty {
            top.append(("types", .object(types.map { ($0.name, $0.json) })))
            for type in types { provenance["/types/\(type.name)"] = display + "/" + type.source }
        }
        if let session { top.append(("session", session)) }
        top.append(("destinations", .array(destinations.map(\.json))))
        top.append(("commands", .array(commands.map(\.json))))
        for (index, entry) in destinations.enumerated() {
            provenance["/destinations/\(index)"] = display + "/" + entry.source
        }
        for (index, entry) in commands.enumerated() { provenance["/commands/\(index)"] = display + "/" + entry.source }
        return .object(top)
    }

    /// Every key the companion shows, per locale (see ``DerivedApp/strings``).
    func strings(for manifest: AppManifest) -> [String: [String: String]] {
        var keys = Set(manifest.destinations.map(\.titleKey) + manifest.commands.map(\.titleKey))
        for command in manifest.commands where command.role == .destructive {
            keys.insert(command.titleKey + ".confirmation")
        }
        var result: [String: [String: String]] = [:]
        for code in ["en"] + files.catalogs.keys.filter({ $0 != "en" }).sorted() {
            var table: [String: String] = [:]
            for key in keys {
                let source = confirmations[key].flatMap { $0.isEmpty ? nil : $0 } ?? key
                if let text = text(of: source, in: code) ?? text(of: key, in: code) {
                    table[key] = text
                } else if code == "en" {
                    table[key] = defaults[key] ?? key
                }
            }
            result[code] = table
        }
        return result
    }

    // MARK: Paths

    private func segments(_ pattern: String) -> [String] {
        pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    private func segmentWords(_ segment: String) -> [String] {
        segment.hasPrefix("{") ? [] : DeriveNaming.words(segment)
    }

    private func pathParams(_ pattern: String) -> [(String, DerivedJSON)] {
        segments(pattern).compactMap { segment in
            guard segment.hasPrefix("{"), segment.hasSuffix("}"), segment != "{$}" else { return nil }
            var name = String(segment.dropFirst().dropLast())
            if name.hasSuffix("...") { name.removeLast(3) }
            return (name, .string(name == "id" ? "int" : "string"))
        }
    }
}
