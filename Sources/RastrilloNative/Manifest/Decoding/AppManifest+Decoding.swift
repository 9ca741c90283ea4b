import RastrilloJSON

extension AppManifest {
    /// Reads and fully validates a manifest from its JSON bytes.
    ///
    /// The JSON must be strict (no duplicate keys, exact UTF-8); unknown keys are
    /// refused; then ids, references, patterns (ServeMux conflicts), shortcuts,
    /// App Shortcut count and the AASA size are checked. Nothing is returned
    /// unless everything passes.
    ///
    /// - Parameters:
    ///   - bytes: the manifest file's bytes.
    ///   - source: a file path or URL, used in error messages.
    /// - Throws: ``ManifestError`` listing every problem found.
    public static func decode(_ bytes: some Collection<UInt8>, source: String) throws(ManifestError) -> AppManifest {
        try decode(try readJSON(bytes, source: source), source: source)
    }

    /// Reads manifest bytes as strict JSON (at most 8 MiB, nested at most 32 deep)
    /// without interpreting them; the compiler keeps the node to embed it.
    ///
    /// - Throws: ``ManifestError`` with one `invalidJSON` issue.
    public static func readJSON(_ bytes: some Collection<UInt8>, source: String) throws(ManifestError) -> JSONNode {
        do {
            return try JSONReader(options: .init(maxBytes: 8 << 20, maxDepth: 32)).read(bytes)
        } catch {
            let issue = ManifestIssue(
                kind: .invalidJSON, pointer: error.pointer, line: error.position.line, column: error.position.column,
                message: "not strict JSON: \(error.description)")
            throw ManifestError(source: source, issues: [issue])
        }
    }

    /// Reads and fully validates a manifest from an already parsed JSON document.
    ///
    /// - Throws: ``ManifestError`` listing every problem found.
    public static func decode(_ root: JSONNode, source: String) throws(ManifestError) -> AppManifest {
        var decoding = ManifestDecoding()
        let manifest = decoding.manifest(root)
        if let manifest, decoding.reader.issues.isEmpty {
            var validation = ManifestValidation(manifest: manifest, locations: decoding.locations, root: root)
            validation.run()
            if validation.reader.issues.isEmpty { return manifest }
            throw ManifestError(source: source, issues: validation.reader.issues)
        }
        throw ManifestError(source: source, issues: decoding.reader.issues)
    }
}

/// Where each decoded entry was written, so later checks can point at it.
struct ManifestLocations {
    struct Location {
        let pointer: String
        let position: JSONPosition?
    }
    var destinations: [Location] = []
    var patterns: [Location] = []
    var commands: [Location] = []
    var shortcuts: [Location?] = []
    var capabilities: [Location] = []
    var types: [Location] = []
    var bridgeActions: [Location] = []
    var bridgeEvents: [Location] = []
    /// Each command's `pageAction`, `nil` for an unbound command (parallel to ``commands``).
    var pageActions: [Location?] = []
    var session = Location(pointer: "/session", position: nil)
    var sessionAuth = Location(pointer: "/session/auth", position: nil)
    var appIDs = Location(pointer: "/app/appIDs", position: nil)
}

/// One pass over the JSON document that builds the model and reports shape problems.
struct ManifestDecoding {
    var reader = ManifestReader()
    var locations = ManifestLocations()

    mutating func manifest(_ root: JSONNode) -> AppManifest? {
        guard
            let object = reader.object(
                root, "", required: ["schemaVersion", "app", "origins", "destinations"],
                optional: ["$schema", "links", "capabilities", "types", "commands", "bridge", "session"],
                what: "the manifest")
        else { return nil }
        guard let version = schemaVersion(object["schemaVersion"]) else { return nil }
        var app: AppManifest.App?
        if let node = object["app"] { app = self.app(node) }
        var origins: [ManifestOriginGroup] = []
        if let node = object["origins"] { origins = originGroups(node) }
        var links: AppManifest.LinkPolicy? = .standard
        if let node = object["links"] { links = linkPolicy(node) }
        var capabilities: [ManifestCapability] = []
        if let node = object["capabilities"] { capabilities = capabilityList(node) }
        var types: [ManifestNamedType] = []
        if let node = object["types"] { types = typeList(node) }
        var destinations: [ManifestDestination] = []
        if let node = object["destinations"] { destinations = destinationList(node) }
        var commands: [ManifestCommand] = []
        if let node = object["commands"] { commands = commandList(node) }
        var bridge = ManifestBridge.empty
        if let node = object["bridge"] { bridge = self.bridge(node) }
        let session = object["session"].flatMap { self.session($0) }
        if let schema = object["$schema"] { _ = reader.string(schema, "/$schema", what: "\"$schema\"") }
        guard let app, let links else { return nil }
        return AppManifest(
            schemaVersion: version, app: app, origins: origins, links: links, capabilities: capabilities,
            types: types, destinations: destinations, commands: commands, bridge: bridge, session: session)
    }

    mutating func schemaVersion(_ node: JSONNode?) -> Int? {
        guard let node else { return nil }
        guard case .number(let number) = node.value, let value = number.int64 else {
            reader.report(.invalidValue, "/schemaVersion", node.position, "\"schemaVersion\" must be an integer")
            return nil
        }
        guard AppManifest.supportedSchemaVersions.contains(Int(value)) else {
            let range = AppManifest.supportedSchemaVersions
            reader.report(
                .unsupportedSchemaVersion, "/schemaVersion", node.position,
                "schemaVersion \(value) is not supported; this version of RastrilloNative reads "
                    + "\(range.lowerBound)...\(range.upperBound). Update RastrilloNative or write the manifest "
                    + "for a supported version")
            return nil
        }
        return Int(value)
    }

    mutating func app(_ node: JSONNode) -> AppManifest.App? {
        guard let object = reader.object(node, "/app", required: ["name"], optional: ["appIDs"], what: "\"app\"")
        else { return nil }
        let name = reader.string(object["name"], "/app/name", what: "\"app.name\"") ?? ""
        let appIDs = reader.strings(object["appIDs"], "/app/appIDs", what: "\"app.appIDs\"")
        locations.appIDs = .init(pointer: "/app/appIDs", position: object["appIDs"]?.position)
        for (index, appID) in appIDs.enumerated() where !Self.isAppID(appID) {
            reader.report(
                .invalidValue, "/app/appIDs/\(index)", object["appIDs"]?.position,
                "app ID '\(appID)' must be a 10-character team ID, a dot and a bundle ID (ABCDE12345.com.example.app)")
        }
        return AppManifest.App(name: name, appIDs: appIDs)
    }

    static func isAppID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 10, !parts[1].isEmpty else { return false }
        let teamOK = parts[0].utf8.allSatisfy {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
        let bundleOK = parts[1].utf8.allSatisfy {
            ASCIIByte.isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
        }
        return teamOK && bundleOK
    }

    mutating func originGroups(_ node: JSONNode) -> [ManifestOriginGroup] {
        guard let items = reader.array(node, "/origins", what: "\"origins\"") else { return [] }
        if items.isEmpty {
            reader.report(.invalidValue, "/origins", node.position, "\"origins\" needs at least one origin")
        }
        var groups: [ManifestOriginGroup] = []
        for (index, item) in items.enumerated() {
            let pointer = "/origins/\(index)"
            guard
                let object = reader.object(
                    item, pointer, required: ["origin"], optional: ["aliases"], what: "an origins entry")
            else { continue }
            let primary = object["origin"].flatMap { origin($0, pointer + "/origin") }
            var aliases: [ManifestOrigin] = []
            if let items = reader.array(object["aliases"], pointer + "/aliases", what: "\"aliases\"") {
                for (aliasIndex, alias) in items.enumerated() {
                    if let origin = origin(alias, pointer + "/aliases/\(aliasIndex)") { aliases.append(origin) }
                }
            }
            if let primary { groups.append(ManifestOriginGroup(primary: primary, aliases: aliases)) }
        }
        return groups
    }

    /// An origin string, read with the router's own URL reader so both agree.
    mutating func origin(_ node: JSONNode, _ pointer: String) -> ManifestOrigin? {
        guard let text = reader.string(node, pointer, what: "an origin") else { return nil }
        switch RawURL.read(text) {
        case .failure(let refusal):
            reader.report(
                .invalidValue, pointer, node.position, "origin '\(text)' is not a valid URL: \(refusal.rawDescription)")
            return nil
        case .success(let url):
            guard !ManifestOrigin.isRefusedScheme(url.scheme) else {
                reader.report(
                    .invalidValue, pointer, node.position,
                    "origin '\(text)' has the scheme '\(url.scheme)', which can run script or name local or opaque "
                        + "content; an origin is https://host, http://host or a custom scheme with a host "
                        + "(never \(ManifestOrigin.refusedSchemes.joined(separator: ", ")))")
                return nil
            }
            guard let host = url.host else {
                reader.report(.invalidValue, pointer, node.position, "origin '\(text)' needs a host (scheme://host)")
                return nil
            }
            // RawURL keeps a custom scheme's host as written, as WHATWG URL does: an uppercase
            // letter there would make an origin that only case-exact URLs reach, so it is refused.
            guard host == host.lowercased() else {
                reader.report(
                    .invalidValue, pointer, node.position,
                    "origin '\(text)' has uppercase letters in its host; a custom scheme's host is case-sensitive "
                        + "(WHATWG URL keeps it as written), so write it in lowercase: "
                        + "'\(url.scheme)://\(host.lowercased())'")
                return nil
            }
            let port = url.port
            guard url.rawPath.isEmpty, url.rawQuery == nil, url.rawFragment == nil else {
                reader.report(
                    .invalidValue, pointer, node.position,
                    url.rawPath == "/" && url.rawQuery == nil && url.rawFragment == nil
                        ? "origin '\(text)' must be exactly scheme://host[:port]; remove the trailing '/'"
                        : "origin '\(text)' must be scheme://host[:port] only; remove the path, query or fragment")
                return nil
            }
            return ManifestOrigin(scheme: url.scheme, host: host, port: port)
        }
    }

    mutating func linkPolicy(_ node: JSONNode) -> AppManifest.LinkPolicy? {
        guard
            let object = reader.object(
                node, "/links", required: [], optional: ["foreignWeb", "externalSchemes"], what: "\"links\"")
        else { return nil }
        let foreign =
            object["foreignWeb"].map {
                reader.enumValue(
                    $0, "/links/foreignWeb", what: "\"foreignWeb\"", as: AppManifest.LinkPolicy.ForeignWeb.self)
            } ?? .externalBrowser
        let schemes = reader.strings(object["externalSchemes"], "/links/externalSchemes", what: "\"externalSchemes\"")
        for (index, scheme) in schemes.enumerated() {
            let valid =
                !scheme.isEmpty && scheme.utf8.first.map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }!
                && scheme.utf8.allSatisfy {
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                        || "+-.".utf8.contains($0)
                }
            if !valid || ManifestOrigin.isRefusedScheme(scheme) {
                reader.report(
                    .invalidValue, "/links/externalSchemes/\(index)", object["externalSchemes"]?.position,
                    "'\(scheme)' cannot be an external scheme: write a lowercase scheme such as mailto or tel "
                        + "(\(ManifestOrigin.refusedSchemes.joined(separator: ", ")) are never allowed)")
            }
        }
        guard let foreign else { return nil }
        return AppManifest.LinkPolicy(foreignWeb: foreign, externalSchemes: schemes)
    }

    mutating func capabilityList(_ node: JSONNode) -> [ManifestCapability] {
        guard let items = reader.array(node, "/capabilities", what: "\"capabilities\"") else { return [] }
        var out: [ManifestCapability] = []
        for (index, item) in items.enumerated() {
            let pointer = "/capabilities/\(index)"
            guard
                let object = reader.object(
                    item, pointer, required: ["id", "description"], what: "a capability")
            else { continue }
            guard let id = reader.string(object["id"], pointer + "/id", what: "a capability id"),
                let description = reader.string(
                    object["description"], pointer + "/description", what: "\"description\"")
            else { continue }
            if !ManifestIdentifier.isCapabilityID(id) {
                reader.report(
                    .invalidValue, pointer + "/id", object["id"]?.position,
                    "capability id '\(id)' must be lowercase words separated by dots (notes.write)")
            }
            locations.capabilities.append(.init(pointer: pointer + "/id", position: object["id"]?.position))
            out.append(ManifestCapability(id: id, description: description))
        }
        return out
    }

    mutating func typeList(_ node: JSONNode) -> [ManifestNamedType] {
        guard case .object(let object) = node.value else {
            reader.report(.invalidValue, "/types", node.position, "\"types\" must be an object of type name → type")
            return []
        }
        var out: [ManifestNamedType] = []
        for member in object.members {
            let pointer = ManifestReader.child("/types", member.key)
            if !ManifestIdentifier.isUpperCamel(member.key) || ManifestIdentifier.reservedTypeNames.contains(member.key)
            {
                reader.report(
                    .invalidValue, pointer, member.keyPosition,
                    "type name '\(member.key)' must be UpperCamel ASCII (Note, NoteSummary) and not one of "
                        + ManifestIdentifier.reservedTypeNames.sorted().joined(separator: ", "))
                continue
            }
            guard
                let definition = reader.object(
                    member.value, pointer, required: [], optional: ["enum", "fields"], what: "a type definition")
            else { continue }
            locations.types.append(.init(pointer: pointer, position: member.keyPosition))
            if let cases = definition["enum"], definition["fields"] == nil {
                let names = reader.strings(cases, pointer + "/enum", what: "\"enum\"")
                if names.isEmpty || Set(names).count != names.count
                    || !names.allSatisfy({ ManifestIdentifier.isLowerCamel($0) })
                {
                    reader.report(
                        .invalidValue, pointer + "/enum", cases.position,
                        "\"enum\" needs one or more distinct lowerCamel strings")
                }
                out.append(ManifestNamedType(name: member.key, kind: .stringEnum(names)))
            } else if let fields = definition["fields"], definition["enum"] == nil {
                guard case .object(let fieldObject) = fields.value else {
                    reader.report(.invalidValue, pointer + "/fields", fields.position, "\"fields\" must be an object")
                    continue
                }
                var list: [ManifestNamedType.Field] = []
                for field in fieldObject.members {
                    let fieldPointer = ManifestReader.child(pointer + "/fields", field.key)
                    if !ManifestIdentifier.isLowerCamel(field.key) {
                        reader.report(
                            .invalidValue, fieldPointer, field.keyPosition,
                            "field name '\(field.key)' must be a lowerCamel ASCII identifier that is not a keyword")
                    } else if ManifestIdentifier.reservedFieldNames.contains(field.key) {
                        reader.report(
                            .invalidValue, fieldPointer, field.keyPosition,
                            "field name '\(field.key)' is taken by the generated Swift type itself "
                                + "(it is Hashable); rename the field")
                    }
                    if let type = reader.type(field.value, fieldPointer) {
                        list.append(ManifestNamedType.Field(name: field.key, type: type))
                    }
                }
                out.append(ManifestNamedType(name: member.key, kind: .object(list)))
            } else {
                reader.report(
                    .invalidValue, pointer, member.value.position,
                    "a type definition needs exactly one of \"enum\" (string enum) or \"fields\" (object type)")
            }
        }
        return out
    }
}
