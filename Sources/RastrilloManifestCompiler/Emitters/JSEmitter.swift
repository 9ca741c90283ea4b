import RastrilloJSON
import RastrilloNative

/// Emits the ES module (route table data, the routing runtime, URL builders,
/// commands, capabilities) and its TypeScript declarations. The bridge module
/// comes from the bridge emitter.
struct JSEmitter {
    let manifest: AppManifest
    let header: String

    /// The module: `Runtime/app-manifest.js` with its slots filled.
    func module() -> String {
        var exports = CodeWriter(indent: "  ")
        exports.line("/** Destination ids. */")
        exports.line("export const destinations = Object.freeze(\(jsonArray(manifest.destinations.map(\.id))));")
        exports.line()
        for destination in manifest.destinations {
            let name = destination.id + "Path"
            exports.line(
                "/** Path of `\(destination.id)` (\(CodeText.comment(destination.pattern.text))); null when a value cannot appear in a path. */"
            )
            exports.line(
                "export const \(name) = (params = {}) => pathFor(\(JSONString.quoted(destination.id)), params);")
        }
        exports.line()
        exports.line("/** Capabilities: id → description. */")
        let capabilities = manifest.capabilities.map {
            "\(JSONString.quoted($0.id)): \(JSONString.quoted($0.description))"
        }
        exports.line("export const capabilities = Object.freeze({\(capabilities.joined(separator: ", "))});")
        exports.line()
        exports.line("/** Commands with their metadata; each platform picks its own controls from `placements`. */")
        exports.block("export const commands = Object.freeze([", close: "]);") { w in
            for command in manifest.commands {
                var fields = [
                    "id: \(JSONString.quoted(command.id))", "titleKey: \(JSONString.quoted(command.titleKey))",
                    "symbol: \(command.symbol.map(JSONString.quoted) ?? "null")",
                    "shortcut: \(command.shortcut.map { JSONString.quoted($0.description) } ?? "null")",
                    "role: \(command.role.map { JSONString.quoted($0.rawValue) } ?? "null")",
                ]
                fields.append("placements: \(jsonArray(command.placements.map(\.rawValue)))")
                fields.append("destinations: \(jsonArray(command.destinations))")
                fields.append("capabilities: \(jsonArray(command.capabilities))")
                fields.append("pageAction: \(pageActionData(command.pageAction))")
                w.line("Object.freeze({\(fields.joined(separator: ", "))}),")
            }
        }
        exports.line()
        exports.line("/** How the web app signs people in (the manifest's `session`), or null without one. */")
        exports.line("export const session = \(sessionData());")
        return RuntimeTemplate.appManifestJS.filling([
            "header": "// \(header)\n",
            "manifest": "const MANIFEST = \(manifestData());\n",
            "exports": exports.text,
        ])
    }

    /// The manifest's `session` as a frozen object (`auth` frozen too), or `null`.
    func sessionData() -> String {
        guard let session = manifest.session else { return "null" }
        var auth = "null"
        if let paths = session.auth {
            let servers = paths.keymailServers.map { "Object.freeze(\(jsonArray($0)))" } ?? "null"
            auth =
                "Object.freeze({signedInPath: \(JSONString.quoted(paths.signedInPath)), "
                + "callbackPath: \(JSONString.quoted(paths.callbackPath)), "
                + "magicLinkPath: \(JSONString.quoted(paths.magicLinkPath)), "
                + "secondFactorPath: \(JSONString.quoted(paths.secondFactorPath)), "
                + "keymailServers: \(servers), ephemeralSession: \(paths.ephemeralSession)})"
        }
        return "Object.freeze({kind: \(JSONString.quoted(session.kind.rawValue)), "
            + "signIn: \(JSONString.quoted(session.signIn)), "
            + "signOut: \(session.signOut.map(JSONString.quoted) ?? "null"), auth: \(auth)})"
    }

    /// A command's `pageAction` as a frozen `{method, pattern}` object, or `null`.
    func pageActionData(_ action: ManifestPageAction?) -> String {
        guard let action else { return "null" }
        return "Object.freeze({method: \(JSONString.quoted(action.method.rawValue)), "
            + "pattern: \(JSONString.quoted(action.pattern.text))})"
    }

    /// The route data the runtime reads, as a JS object literal (valid JSON).
    func manifestData() -> String { routeTableData(manifest.destinations.map(RouteTableEntry.init)) }

    /// One destination of a route table: the manifest's own, or a command bound to a page action
    /// (``PageActionsEmitter``).
    struct RouteTableEntry {
        let id: String
        let pattern: PathPattern
        let params: [ManifestDestination.Param]
        let presentation: String
        let link: String

        init(_ destination: ManifestDestination) {
            self.init(
                id: destination.id, pattern: destination.pattern, params: destination.params,
                presentation: destination.presentation.rawValue, link: destination.link.rawValue)
        }

        init(id: String, pattern: PathPattern, params: [ManifestDestination.Param], presentation: String, link: String)
        {
            self.id = id
            self.pattern = pattern
            self.params = params
            self.presentation = presentation
            self.link = link
        }
    }

    /// The route data for `entries` with the manifest's origins, link policy and enums.
    func routeTableData(_ entries: [RouteTableEntry]) -> String {
        let origins = manifest.internalOrigins.map {
            "[\(JSONString.quoted($0.scheme)), \(JSONString.quoted($0.host)), \($0.port)]"
        }
        var enums: [String] = []
        for type in manifest.types {
            if case .stringEnum(let cases) = type.kind {
                enums.append("\(JSONString.quoted(type.name)): \(jsonArray(cases))")
            }
        }
        let destinations = entries.map { destination -> String in
            let segments = destination.pattern.segments.map { segment -> String in
                switch segment {
                case .literal(let text): return "[\"l\", \(JSONString.quoted(text))]"
                case .wildcard(let name): return "[\"w\", \(JSONString.quoted(name))]"
                case .rest(let name): return "[\"r\", \(name.map(JSONString.quoted) ?? "null")]"
                case .end: return "[\"e\", null]"
                }
            }
            let params = destination.params.map {
                "{\"name\": \(JSONString.quoted($0.name)), \"type\": \(typeData($0.type)), \"inPath\": \($0.inPath)}"
            }
            return
                "    {\"id\": \(JSONString.quoted(destination.id)), \"segments\": [\(segments.joined(separator: ", "))], "
                + "\"params\": [\(params.joined(separator: ", "))], "
                + "\"presentation\": \(JSONString.quoted(destination.presentation)), "
                + "\"link\": \(JSONString.quoted(destination.link))}"
        }
        let primary = manifest.origins.first.map { JSONString.quoted($0.primary.description) } ?? "\"\""
        return "{\n  \"origins\": [\(origins.joined(separator: ", "))],\n"
            + "  \"primaryOrigin\": \(primary),\n"
            + "  \"externalSchemes\": \(jsonArray(manifest.links.externalSchemes)),\n"
            + "  \"foreignWeb\": \(JSONString.quoted(manifest.links.foreignWeb.rawValue)),\n"
            + "  \"enums\": {\(enums.joined(separator: ", "))},\n"
            + "  \"destinations\": [\n\(destinations.joined(separator: ",\n"))\n  ]\n}"
    }

    func typeData(_ type: ManifestType) -> String {
        switch type {
        case .array(let element): return "{\"array\": \(typeData(element))}"
        case .optional(let wrapped): return "{\"optional\": \(typeData(wrapped))}"
        default: return JSONString.quoted(type.description)
        }
    }

    func jsonArray(_ items: [String]) -> String { "[" + items.map(JSONString.quoted).joined(separator: ", ") + "]" }

    // MARK: Declarations

    func tsType(_ type: ManifestType) -> String {
        switch type {
        case .string, .uuid: return "string"
        case .int, .double: return "number"
        case .bool: return "boolean"
        case .named(let name): return name
        case .array(let element): return "Array<\(tsType(element))>"
        case .optional(let wrapped): return "\(tsType(wrapped)) | null"
        }
    }

    /// The declarations: `Runtime/app-manifest.d.ts` with its slots filled.
    func declarations() -> String {
        var enums = ""
        for type in manifest.types {
            switch type.kind {
            case .stringEnum(let cases):
                enums += "export type \(type.name) = \(cases.map(JSONString.quoted).joined(separator: " | "));\n"
            case .object:
                continue  // bridge payload types: written by the bridge emitter
            }
        }
        var params = ""
        var paths = ""
        for destination in manifest.destinations {
            let fields = destination.params.map { param -> String in
                if case .optional = param.type { return "\(param.name)?: \(tsType(param.type))" }
                return "\(param.name): \(tsType(param.type))"
            }
            params += "  \(destination.id): {\(fields.joined(separator: "; "))};\n"
            paths +=
                "export declare const \(destination.id)Path: (params: DestinationParams[\(JSONString.quoted(destination.id))]) => string | null;\n"
        }
        let capabilityIDs = manifest.capabilities.map { JSONString.quoted($0.id) }
        let commandIDs = manifest.commands.map { JSONString.quoted($0.id) }
        return RuntimeTemplate.appManifestDTS.filling([
            "header": "// \(header)\n",
            "enums": enums,
            "destinationParams": params,
            "destinationPaths": paths,
            "capabilityID": "export type CapabilityID = \(union(capabilityIDs));\n",
            "commandID": "  id: \(union(commandIDs));\n",
        ])
    }

    /// A TypeScript union of `items`, `never` when there are none.
    func union(_ items: [String]) -> String { items.isEmpty ? "never" : items.joined(separator: " | ") }
}
