import Foundation
import RastrilloJSON

/// `app-manifest.overlay.json`: the team's hand edits to a derived manifest, merged last and
/// kept across reruns (derive never writes it).
///
/// ```json
/// {
///   "app": {"appIDs": ["ABCDE12345.com.example.notes"]},
///   "links": {"foreignWeb": "inAppBrowser"},
///   "destinations": {"bookmarks": {"link": "universalLink"}},
///   "commands": {"editBookmarkCommand": {"shortcut": "cmd+e"}, "bulkBookmarks": null},
///   "addCommands": [{"id": "deleteSelected", "titleKey": "command.deleteSelected", "...": "..."}]
/// }
/// ```
///
/// `app`, `links` and `session` are merged key by key (a `null` value removes the key);
/// `origins`, `capabilities` and `bridge` replace the derived value; `types` adds or replaces
/// named types; `destinations` and `commands` patch derived entries by id, key by key (`null`
/// for the whole entry removes it); `addDestinations` and `addCommands` append whole entries.
/// Every problem names a JSON pointer into the overlay.
enum ManifestOverlay {
    /// The overlay's file name, looked for beside the manifest derive writes.
    static let fileName = "app-manifest.overlay.json"
    /// The keys an overlay may have.
    static let keys = [
        "app", "origins", "links", "capabilities", "types", "session", "bridge", "destinations", "commands",
        "addDestinations", "addCommands",
    ]

    /// `manifest` with the overlay at `url` merged in, and manifest pointer → overlay place for
    /// every value the overlay set (validation errors name the overlay, not the manifest).
    static func apply(_ url: URL, to manifest: DerivedJSON, report: inout DeriveReport) throws(DeriveError) -> (
        manifest: DerivedJSON, provenance: [String: String]
    ) {
        let path = url.path
        let attributes = try? FileManager.default.attributesOfItem(atPath: (path as NSString).resolvingSymlinksInPath)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw DeriveError(file: path, problem: "not a regular file; the overlay must be a JSON file")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= RastrilloAppFiles.maxFileBytes else {
            throw DeriveError(file: path, problem: "cannot be read, or over \(RastrilloAppFiles.maxFileBytes) bytes")
        }
        return try apply(Array(data), source: path, to: manifest, report: &report)
    }

    /// `manifest` with the overlay `bytes` (from `source`) merged in.
    static func apply(_ bytes: [UInt8], source: String, to manifest: DerivedJSON, report: inout DeriveReport)
        throws(DeriveError) -> (manifest: DerivedJSON, provenance: [String: String])
    {
        let root: JSONNode
        do {
            root = try JSONReader(options: .init(maxBytes: RastrilloAppFiles.maxFileBytes, maxDepth: 32)).read(bytes)
        } catch {
            throw DeriveError(file: source, problem: "\(error)")
        }
        guard case .object(let object) = root.value else {
            throw DeriveError(file: source + ":/", problem: "expected a JSON object of overlay keys")
        }
        var merger = Merger(source: source, manifest: manifest)
        for member in object.members {
            try merger.apply(member.key, DerivedJSON(member.value.value))
        }
        for line in merger.lines { report.add(.overlay, line.subject, line.detail) }
        return (merger.manifest, merger.provenance)
    }

    private struct Merger {
        let source: String
        var manifest: DerivedJSON
        var provenance: [String: String] = [:]
        var lines: [(subject: String, detail: String)] = []

        init(source: String, manifest: DerivedJSON) {
            self.source = source
            self.manifest = manifest
        }

        func fail(_ pointer: String, _ problem: String) -> DeriveError {
            DeriveError(file: source + ":" + pointer, problem: problem)
        }

        mutating func apply(_ key: String, _ value: DerivedJSON) throws(DeriveError) {
            let pointer = "/" + key
            switch key {
            case "app", "links", "session":
                guard let members = value.members else {
                    if key == "session", value == .null {
                        manifest = manifest.setting("session", to: nil)
                        lines.append(("session", "removed (\(pointer))"))
                        return
                    }
                    throw fail(pointer, "expected an object of \(key) keys (null removes one)")
                }
                var current = manifest[key] ?? .object([])
                for member in members {
                    current = current.setting(member.key, to: member.value == .null ? nil : member.value)
                    provenance["/\(key)/\(member.key)"] = source + ":" + pointer + "/" + member.key
                    lines.append(
                        ("\(key).\(member.key)", member.value == .null ? "removed" : "set (\(pointer)/\(member.key))"))
                }
                manifest = insert(key, current)
            case "origins", "capabilities", "bridge":
                guard value != .null else { throw fail(pointer, "expected a value in the manifest's \(key) shape") }
                manifest = insert(key, value)
                provenance["/" + key] = source + ":" + pointer
                lines.append((key, "replaced (\(pointer))"))
            case "types":
                guard let members = value.members else { throw fail(pointer, "expected an object of named types") }
                var current = manifest["types"] ?? .object([])
                for member in members {
                    current = current.setting(member.key, to: member.value == .null ? nil : member.value)
                    provenance["/types/" + member.key] = source + ":" + pointer + "/" + member.key
                    lines.append(
                        ("type \(member.key)", member.value == .null ? "removed" : "set (\(pointer)/\(member.key))"))
                }
                manifest = insert("types", current)
            case "destinations", "commands":
                try patch(key, value)
            case "addDestinations", "addCommands":
                let target = key == "addDestinations" ? "destinations" : "commands"
                guard case .array(let added) = value else {
                    throw fail(pointer, "expected an array of whole \(target)")
                }
                guard case .array(var entries) = manifest[target] ?? .array([]) else { return }
                for (index, entry) in added.enumerated() {
                    guard let id = entry["id"]?.stringValue else {
                        throw fail(pointer + "/\(index)", "expected an object with an \"id\"")
                    }
                    provenance["/\(target)/\(entries.count)"] = source + ":" + pointer + "/\(index)"
                    entries.append(entry)
                    lines.append(("\(target.dropLast()) \(id)", "added (\(pointer)/\(index))"))
                }
                manifest = insert(target, .array(entries))
            default:
                throw fail(
                    pointer, "unknown overlay key; the overlay takes \(ManifestOverlay.keys.joined(separator: ", "))")
            }
        }

        private mutating func patch(_ target: String, _ value: DerivedJSON) throws(DeriveError) {
            let pointer = "/" + target
            guard let patches = value.members else {
                throw fail(pointer, "expected an object of derived \(target) ids to patches (null removes one)")
            }
            guard case .array(var entries) = manifest[target] ?? .array([]) else { return }
            for patch in patches {
                let at = pointer + "/" + patch.key
                guard let index = entries.firstIndex(where: { $0["id"]?.stringValue == patch.key }) else {
                    let ids = entries.compactMap { $0["id"]?.stringValue }.joined(separator: ", ")
                    throw fail(
                        at,
                        "no derived \(target.dropLast()) '\(patch.key)' (derived: \(ids)); the app may have dropped it: "
                            + "remove this patch, or add a whole entry under add\(target.prefix(1).uppercased() + target.dropFirst())"
                    )
                }
                if patch.value == .null {
                    entries.remove(at: index)
                    lines.append(("\(target.dropLast()) \(patch.key)", "removed (\(at))"))
                    continue
                }
                guard let members = patch.value.members else {
                    throw fail(at, "expected an object of keys to set (null removes a key), or null to remove it")
                }
                var entry = entries[index]
                for member in members {
                    guard member.key != "id" else {
                        throw fail(at + "/id", "an id cannot be patched; add a new entry instead")
                    }
                    entry = entry.setting(member.key, to: member.value == .null ? nil : member.value)
                    provenance["/\(target)/\(index)/\(member.key)"] = source + ":" + at + "/" + member.key
                }
                entries[index] = entry
                lines.append(
                    (
                        "\(target.dropLast()) \(patch.key)",
                        "patched: \(members.map(\.key).joined(separator: ", ")) (\(at))"
                    ))
            }
            manifest = insert(target, .array(entries))
        }

        /// The manifest with top-level `key` set; a new key goes before `destinations`, in the format's order.
        private func insert(_ key: String, _ value: DerivedJSON) -> DerivedJSON {
            guard var members = manifest.members else { return manifest }
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].value = value
                return .object(members)
            }
            let order = [
                "schemaVersion", "app", "origins", "links", "capabilities", "types", "session", "destinations",
                "commands", "bridge",
            ]
            let rank = order.firstIndex(of: key) ?? order.count
            let at = members.firstIndex { (order.firstIndex(of: $0.key) ?? order.count) > rank } ?? members.count
            members.insert((key, value), at: at)
            return .object(members)
        }
    }
}
