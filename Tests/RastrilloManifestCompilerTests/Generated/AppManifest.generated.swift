// generated from parity-manifest.json, do not edit
// swift-format-ignore-file

import Foundation
import RastrilloNative

enum GeneratedManifest {
    /// The manifest file this code was generated from.
    static let sourceName = "parity-manifest.json"
    /// The manifest, as compact JSON.
    static let json = #"{"schemaVersion":1,"app":{"name":"Parity","appIDs":["ABCDE12345.com.example.parity"]},"origins":[{"origin":"https://app.example.com","aliases":["https://www.example.com","http://localhost:8080"]},{"origin":"companion://app"}],"links":{"foreignWeb":"externalBrowser","externalSchemes":["mailto","tel"]},"capabilities":[{"id":"notes.read","description":"Read notes"},{"id":"notes.write","description":"Create and edit notes"}],"types":{"Color":{"enum":["red","green","blue"]},"ReportFormat":{"enum":["pdf","csv"]},"NoteDraft":{"fields":{"id":{"optional":"uuid"},"title":"string","body":"string","tags":{"array":"string"},"color":{"optional":"Color"},"pinned":"bool","weight":"double","revision":"int"}},"SaveResult":{"fields":{"id":"uuid","revision":"int"}}},"destinations":[{"id":"home","pattern":"/{$}","presentation":"native","titleKey":"destination.home","link":"universalLink"},{"id":"notes","pattern":"/notes/{$}","presentation":"native","titleKey":"destination.notes","capabilities":["notes.read"],"link":"universalLink"},{"id":"newNote","pattern":"/notes/new","presentation":"native","titleKey":"destination.newNote","capabilities":["notes.write"]},{"id":"note","pattern":"/notes/{id}","params":{"id":"uuid"},"presentation":"native","titleKey":"destination.note","capabilities":["notes.read"],"link":"universalLink"},{"id":"noteEdit","pattern":"/notes/{id}/edit","params":{"id":"uuid"},"presentation":"native","titleKey":"destination.noteEdit","capabilities":["notes.write"]},{"id":"noteTag","pattern":"/notes/{id}/tags/{color}","params":{"id":"uuid","color":"Color"},"presentation":"native","titleKey":"destination.noteTag"},{"id":"docs","pattern":"/docs/","presentation":"web","titleKey":"destination.docs"},{"id":"docsSearch","pattern":"/docs/search","presentation":"web","titleKey":"destination.docsSearch"},{"id":"files","pattern":"/files/{path...}","presentation":"native","titleKey":"destination.files"},{"id":"user","pattern":"/users/{userID}","params":{"userID":"int"},"presentation":"native","titleKey":"destination.user"},{"id":"userByName","pattern":"/users/by-name/{name}","presentation":"native","titleKey":"destination.userByName"},{"id":"report","pattern":"/reports/{year}/{month}","params":{"year":"int","month":"int","format":{"optional":"ReportFormat"}},"presentation":"web","titleKey":"destination.report"},{"id":"billing","pattern":"/billing/","presentation":"web","titleKey":"destination.billing","link":"externalBrowser"},{"id":"help","pattern":"/help/{topic}","presentation":"web","titleKey":"destination.help","link":"inAppBrowser"},{"id":"search","pattern":"/search","params":{"q":"string","page":{"optional":"int"}},"presentation":"native","titleKey":"destination.search"},{"id":"flag","pattern":"/flags/{enabled}","params":{"enabled":"bool"},"presentation":"native","titleKey":"destination.flag"},{"id":"ratio","pattern":"/ratio/{value}","params":{"value":"double"},"presentation":"native","titleKey":"destination.ratio"},{"id":"version","pattern":"/v/{number}","params":{"number":"int"},"presentation":"native","titleKey":"destination.version"},{"id":"versionsAll","pattern":"/v/","presentation":"web","titleKey":"destination.versionsAll"},{"id":"encoded","pattern":"/caf%C3%A9/{item}","presentation":"native","titleKey":"destination.encoded"},{"id":"settings","pattern":"/settings","presentation":"native","titleKey":"destination.settings"},{"id":"settingsSection","pattern":"/settings/{section}/{$}","presentation":"native","titleKey":"destination.settingsSection"},{"id":"signIn","pattern":"/signin","presentation":"web","titleKey":"destination.signIn"}],"session":{"signIn":"signIn","signOut":"signOut"},"commands":[{"id":"newNoteCommand","titleKey":"command.newNote","symbol":"square.and.pencil","shortcut":"cmd+n","placements":["toolbar","menu","appShortcut"],"capabilities":["notes.write"]},{"id":"deleteNote","titleKey":"command.deleteNote","symbol":"trash","shortcut":"cmd+delete","role":"destructive","placements":["contextMenu","actionMenu","menu"],"destinations":["note","noteEdit"],"capabilities":["notes.write"]},{"id":"refresh","titleKey":"command.refresh","symbol":"arrow.clockwise","shortcut":"cmd+r","placements":["toolbar","menu"]},{"id":"publishReport","titleKey":"command.publishReport","symbol":"paperplane","placements":["toolbar","menu"],"destinations":["report"],"pageAction":{"method":"POST","pattern":"/reports/{year}/{month}/publish","params":{"year":"int","month":"int"}}},{"id":"editHelp","titleKey":"command.editHelp","shortcut":"cmd+e","placements":["menu"],"destinations":["help"],"pageAction":{"method":"GET","pattern":"/help/{topic}/edit","params":{"topic":"string","lang":{"optional":"Color"}}}},{"id":"signOut","titleKey":"command.signOut","placements":["menu"],"pageAction":{"method":"POST","pattern":"/signout"}}],"bridge":{"actions":{"saveNote":{"payload":"NoteDraft","reply":"SaveResult"},"share":{"payload":{"array":"string"},"reply":"bool"}},"events":{"noteChanged":{"payload":"NoteDraft"}}}}"#
    /// The decoded manifest. It was validated when this file was generated, so decoding
    /// fails only if the RastrilloNative library is older than the generator.
    static let manifest: AppManifest = {
        do {
            return try AppManifest.decode(Array(json.utf8), source: sourceName)
        } catch {
            fatalError("\(error)")
    }
    }()
    /// The router compiled from the manifest.
    static let router = LinkRouter(manifest: manifest)
    /// The destination id of the web app's sign-in page (the manifest's `session.signIn`), or `nil`
    /// when the manifest declares no session.
    static let signInDestination: String? = "signIn"
    /// The command bound to the web app's sign-out form (`session.signOut`), or `nil`.
    static let signOutCommand: Command? = .signOut
    /// Which sign-in the web app uses (`session.kind`: `.password`, or `.auth` for Rastrillo's auth), or
    /// `nil` without a session; with `.auth`, `manifest.session?.auth` holds its paths.
    static let sessionKind: ManifestSession.Kind? = .password
}

/// A destination of the app, with its typed params.
enum Destination: Hashable, Codable, Sendable {
    /// `/{$}`
    case home
    /// `/notes/{$}`
    case notes
    /// `/notes/new`
    case newNote
    /// `/notes/{id}`
    case note(id: UUID)
    /// `/notes/{id}/edit`
    case noteEdit(id: UUID)
    /// `/notes/{id}/tags/{color}`
    case noteTag(id: UUID, color: Color)
    /// `/docs/`
    case docs
    /// `/docs/search`
    case docsSearch
    /// `/files/{path...}`
    case files(path: String)
    /// `/users/{userID}`
    case user(userID: Int)
    /// `/users/by-name/{name}`
    case userByName(name: String)
    /// `/reports/{year}/{month}`
    case report(year: Int, month: Int, format: ReportFormat?)
    /// `/billing/`
    case billing
    /// `/help/{topic}`
    case help(topic: String)
    /// `/search`
    case search(q: String, page: Int?)
    /// `/flags/{enabled}`
    case flag(enabled: Bool)
    /// `/ratio/{value}`
    case ratio(value: Double)
    /// `/v/{number}`
    case version(number: Int)
    /// `/v/`
    case versionsAll
    /// `/caf%C3%A9/{item}`
    case encoded(item: String)
    /// `/settings`
    case settings
    /// `/settings/{section}/{$}`
    case settingsSection(section: String)
    /// `/signin`
    case signIn

    /// The destination's manifest id.
    var id: String {
        switch self {
            case .home: return "home"
            case .notes: return "notes"
            case .newNote: return "newNote"
            case .note: return "note"
            case .noteEdit: return "noteEdit"
            case .noteTag: return "noteTag"
            case .docs: return "docs"
            case .docsSearch: return "docsSearch"
            case .files: return "files"
            case .user: return "user"
            case .userByName: return "userByName"
            case .report: return "report"
            case .billing: return "billing"
            case .help: return "help"
            case .search: return "search"
            case .flag: return "flag"
            case .ratio: return "ratio"
            case .version: return "version"
            case .versionsAll: return "versionsAll"
            case .encoded: return "encoded"
            case .settings: return "settings"
            case .settingsSection: return "settingsSection"
            case .signIn: return "signIn"
        }
    }

    /// The destination's manifest entry (pattern, presentation, title key, capabilities, link intent).
    var metadata: ManifestDestination {
        GeneratedManifest.manifest.destinations.first { $0.id == id }!
    }

    /// Reads a URL with the manifest's router; `nil` unless it matches a destination.
    init?(url: URL) {
        guard let match = GeneratedManifest.router.decide(url).match else { return nil }
        self.init(match: match)
    }

    /// Reads a URL string with the manifest's router; `nil` unless it matches a destination.
    init?(string: String) {
        guard let match = GeneratedManifest.router.decide(string).match else { return nil }
        self.init(match: match)
    }

    /// The destination a router match names, with its params converted to their Swift types.
    init?(match _match: LinkMatch) {
        switch _match.destination {
            case "home":
                self = .home
            case "notes":
                self = .notes
            case "newNote":
                self = .newNote
            case "note":
                guard let _raw = _match.params["id"], let _p0 = { if case .uuid(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                self = .note(id: _p0)
            case "noteEdit":
                guard let _raw = _match.params["id"], let _p0 = { if case .uuid(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                self = .noteEdit(id: _p0)
            case "noteTag":
                guard let _raw = _match.params["id"], let _p0 = { if case .uuid(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                guard let _raw = _match.params["color"], let _p1 = { if case .string(let v) = _raw { return Color(rawValue: v) } else { return nil } }() else {
                    return nil
                }
                self = .noteTag(id: _p0, color: _p1)
            case "docs":
                self = .docs
            case "docsSearch":
                self = .docsSearch
            case "files":
                guard let _raw = _match.params["path"], let _p0 = { if case .string(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                self = .files(path: _p0)
            case "user":
                guard let _raw = _match.params["userID"], let _p0 = { if case .int(let v) = _raw { return Int(v) } else { return nil } }() else {
                    return nil
                }
                self = .user(userID: _p0)
            case "userByName":
                guard let _raw = _match.params["name"], let _p0 = { if case .string(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                self = .userByName(name: _p0)
            case "report":
                guard let _raw = _match.params["year"], let _p0 = { if case .int(let v) = _raw { return Int(v) } else { return nil } }() else {
                    return nil
                }
                guard let _raw = _match.params["month"], let _p1 = { if case .int(let v) = _raw { return Int(v) } else { return nil } }() else {
                    return nil
                }
                let _p2: ReportFormat?
                if let _raw = _match.params["format"] {
                    guard let _value = { if case .string(let v) = _raw { return ReportFormat(rawValue: v) } else { return nil } }() else { return nil }
                    _p2 = _value
                } else {
                    _p2 = nil
                }
                self = .report(year: _p0, month: _p1, format: _p2)
            case "billing":
                self = .billing
            case "help":
                guard let _raw = _match.params["topic"], let _p0 = { if case .string(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                self = .help(topic: _p0)
            case "search":
                guard let _raw = _match.params["q"], let _p0 = { if case .string(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                let _p1: Int?
                if let _raw = _match.params["page"] {
                    guard let _value = { if case .int(let v) = _raw { return Int(v) } else { return nil } }() else { return nil }
                    _p1 = _value
                } else {
                    _p1 = nil
                }
                self = .search(q: _p0, page: _p1)
            case "flag":
                guard let _raw = _match.params["enabled"], let _p0 = { if case .bool(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                self = .flag(enabled: _p0)
            case "ratio":
                guard let _raw = _match.params["value"], let _p0 = { if case .double(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                self = .ratio(value: _p0)
            case "version":
                guard let _raw = _match.params["number"], let _p0 = { if case .int(let v) = _raw { return Int(v) } else { return nil } }() else {
                    return nil
                }
                self = .version(number: _p0)
            case "versionsAll":
                self = .versionsAll
            case "encoded":
                guard let _raw = _match.params["item"], let _p0 = { if case .string(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                self = .encoded(item: _p0)
            case "settings":
                self = .settings
            case "settingsSection":
                guard let _raw = _match.params["section"], let _p0 = { if case .string(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                self = .settingsSection(section: _p0)
            case "signIn":
                self = .signIn
            default: return nil
        }
    }

    /// The params as router values, by name.
    var params: [String: LinkValue] {
        switch self {
            case .home: return [:]
            case .notes: return [:]
            case .newNote: return [:]
            case .note(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["id"] = .uuid(_p0)
                return _values
            case .noteEdit(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["id"] = .uuid(_p0)
                return _values
            case .noteTag(let _p0, let _p1):
                var _values: [String: LinkValue] = [:]
                _values["id"] = .uuid(_p0)
                _values["color"] = .string(_p1.rawValue)
                return _values
            case .docs: return [:]
            case .docsSearch: return [:]
            case .files(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["path"] = .string(_p0)
                return _values
            case .user(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["userID"] = .int(Int64(_p0))
                return _values
            case .userByName(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["name"] = .string(_p0)
                return _values
            case .report(let _p0, let _p1, let _p2):
                var _values: [String: LinkValue] = [:]
                _values["year"] = .int(Int64(_p0))
                _values["month"] = .int(Int64(_p1))
                if let _p2 { _values["format"] = .string(_p2.rawValue) }
                return _values
            case .billing: return [:]
            case .help(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["topic"] = .string(_p0)
                return _values
            case .search(let _p0, let _p1):
                var _values: [String: LinkValue] = [:]
                _values["q"] = .string(_p0)
                if let _p1 { _values["page"] = .int(Int64(_p1)) }
                return _values
            case .flag(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["enabled"] = .bool(_p0)
                return _values
            case .ratio(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["value"] = .double(_p0)
                return _values
            case .version(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["number"] = .int(Int64(_p0))
                return _values
            case .versionsAll: return [:]
            case .encoded(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["item"] = .string(_p0)
                return _values
            case .settings: return [:]
            case .settingsSection(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["section"] = .string(_p0)
                return _values
            case .signIn: return [:]
        }
    }

    /// The URL of this destination on the manifest's first origin; `nil` when a path value
    /// cannot appear in a URL (empty, `.` or `..`).
    var url: URL? {
        GeneratedManifest.manifest.urlString(for: id, params: params).flatMap { URL(string: $0) }
    }
}

/// A capability declared in the manifest.
enum Capability: String, CaseIterable, Hashable, Codable, Sendable {
    /// Read notes
    case notesRead = "notes.read"
    /// Create and edit notes
    case notesWrite = "notes.write"
}

/// A command declared in the manifest; each platform picks its own controls from `metadata.placements`.
enum Command: String, CaseIterable, Hashable, Codable, Sendable {
    case newNoteCommand
    case deleteNote
    case refresh
    /// Bound to the page action `POST /reports/{year}/{month}/publish`.
    case publishReport
    /// Bound to the page action `GET /help/{topic}/edit`.
    case editHelp
    /// Bound to the page action `POST /signout`.
    case signOut

    /// The command's manifest entry (title key, symbol, shortcut, role, placements, and `pageAction`:
    /// the method and pattern of the web form or link it stands for, or `nil`).
    var metadata: ManifestCommand {
        GeneratedManifest.manifest.commands.first { $0.id == rawValue }!
    }

    /// The capabilities the command requires.
    var requiredCapabilities: Set<Capability> {
        Set(metadata.capabilities.compactMap(Capability.init(rawValue:)))
    }

    /// Whether the command applies on `destination` (a command listing no destinations applies everywhere).
    func applies(to destination: Destination?) -> Bool {
        let ids = metadata.destinations
        return ids.isEmpty || destination.map { ids.contains($0.id) } == true
    }

    /// The commands available at `destination` with `capabilities`, that may take `placement`.
    static func available(at destination: Destination?, capabilities: Set<Capability>, placement: ManifestCommand.Placement) -> [Command] {
        allCases.filter { command in
            command.metadata.placements.contains(placement) && command.applies(to: destination)
                && command.requiredCapabilities.isSubset(of: capabilities)
        }
    }
}

/// The manifest's `Color` string enum.
enum Color: String, CaseIterable, Hashable, Codable, Sendable {
    case red
    case green
    case blue
}

/// The manifest's `ReportFormat` string enum.
enum ReportFormat: String, CaseIterable, Hashable, Codable, Sendable {
    case pdf
    case csv
}

