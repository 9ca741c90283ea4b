// generated from bridge-fixture.json, do not edit
// swift-format-ignore-file

import Foundation
import RastrilloNative

enum GeneratedManifest {
    /// The manifest file this code was generated from.
    static let sourceName = "bridge-fixture.json"
    /// The manifest, as compact JSON.
    static let json = #"{"schemaVersion":1,"app":{"name":"Bridge fixture","appIDs":["ABCDE12345.com.example.bridge"]},"origins":[{"origin":"https://app.example.com","aliases":["https://www.example.com","http://localhost:8080"]}],"types":{"Color":{"enum":["red","green","blue"]},"SyncState":{"enum":["idle","syncing","failed"]},"Attachment":{"fields":{"name":"string","bytes":"int"}},"NoteDraft":{"fields":{"id":{"optional":"uuid"},"title":"string","body":"string","tags":{"array":"string"},"color":{"optional":"Color"},"pinned":"bool","weight":"double","revision":"int","attachments":{"array":"Attachment"}}},"SaveResult":{"fields":{"id":"uuid","revision":"int","warnings":{"array":"string"}}},"ReportRequest":{"fields":{"from":"string","count":{"optional":"int"}}},"Shadowing":{"fields":{"node":"string","value":"int","field":"bool","writer":{"optional":"string"},"text":"double","encode":"string"}}},"destinations":[{"id":"home","pattern":"/{$}","presentation":"native","titleKey":"destination.home"},{"id":"editor","pattern":"/notes/{id}/edit","params":{"id":"uuid"},"presentation":"web","titleKey":"destination.editor"}],"bridge":{"actions":{"saveNote":{"payload":"NoteDraft","reply":"SaveResult"},"share":{"payload":{"array":"string"},"reply":"bool"},"ping":{"payload":{"optional":"string"},"reply":"string"},"exportReport":{"payload":"ReportRequest","reply":"string"}},"events":{"noteChanged":{"payload":"NoteDraft"},"syncStateChanged":{"payload":"SyncState"}}}}"#
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
    static let signInDestination: String? = nil
    /// The command bound to the web app's sign-out form (`session.signOut`), or `nil`.
    static let signOutCommand: Command? = nil
    /// Which sign-in the web app uses (`session.kind`: `.password`, or `.auth` for Rastrillo's auth), or
    /// `nil` without a session; with `.auth`, `manifest.session?.auth` holds its paths.
    static let sessionKind: ManifestSession.Kind? = nil
}

/// A destination of the app, with its typed params.
enum Destination: Hashable, Codable, Sendable {
    /// `/{$}`
    case home
    /// `/notes/{id}/edit`
    case editor(id: UUID)

    /// The destination's manifest id.
    var id: String {
        switch self {
            case .home: return "home"
            case .editor: return "editor"
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
            case "editor":
                guard let _raw = _match.params["id"], let _p0 = { if case .uuid(let v) = _raw { return v } else { return nil } }() else {
                    return nil
                }
                self = .editor(id: _p0)
            default: return nil
        }
    }

    /// The params as router values, by name.
    var params: [String: LinkValue] {
        switch self {
            case .home: return [:]
            case .editor(let _p0):
                var _values: [String: LinkValue] = [:]
                _values["id"] = .uuid(_p0)
                return _values
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
    case none = ""
}

/// A command declared in the manifest; each platform picks its own controls from `metadata.placements`.
enum Command: String, CaseIterable, Hashable, Codable, Sendable {
    case none = ""

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

/// The manifest's `SyncState` string enum.
enum SyncState: String, CaseIterable, Hashable, Codable, Sendable {
    case idle
    case syncing
    case failed
}

