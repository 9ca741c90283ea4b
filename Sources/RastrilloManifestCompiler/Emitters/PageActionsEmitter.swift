import RastrilloJSON
import RastrilloNative

/// Emits `page-actions.js`, the classic script the WebKit adapter injects into web screens to find
/// the page's forms and links that match a command's page action (`Runtime/page-actions.js` with
/// its slots filled).
///
/// Its router is the app-manifest module's routing runtime, compiled once per method over a table
/// whose destinations are the commands bound to that method: exactly the synthetic manifest
/// `PageActionRouter` hands `LinkRouter` (the manifest's origins and link policy, one web
/// destination per bound command with its pattern and params), so the script and native read a URL
/// the same way.
struct PageActionsEmitter {
    let manifest: AppManifest
    let header: String

    /// The runtime template, `Runtime/page-actions.js`.
    static var template: RuntimeTemplate { .pageActionsJS }

    /// The app-manifest module's routing runtime: the fixed text of `Runtime/app-manifest.js`
    /// between its `manifest` and `exports` slots, as the body of a function. Its `export function`
    /// lines become plain functions, the only change.
    static var routerRuntime: String {
        let parts = RuntimeTemplate.appManifestJS.parts
        guard let start = parts.firstIndex(of: .slot("manifest")), let end = parts.firstIndex(of: .slot("exports")),
            start < end
        else { preconditionFailure("Runtime/app-manifest.js has no manifest and exports slots in that order") }
        let source = parts[(start + 1)..<end].map { part -> String in
            guard case .text(let text) = part else {
                preconditionFailure("Runtime/app-manifest.js has a slot inside its routing runtime")
            }
            return text
        }.joined()
        let body = source.replacingOccurrences(of: "\nexport function ", with: "\nfunction ")
        precondition(
            !body.hasPrefix("export ") && !body.contains("\nexport "),
            "the routing runtime exports something other than functions; page-actions.js cannot wrap it")
        return body.hasSuffix("\n") ? body : body + "\n"
    }

    /// Whether the manifest binds any command to a page action (only then is the script written).
    var isNeeded: Bool { manifest.commands.contains { $0.pageAction != nil } }

    func script() -> String {
        let js = JSEmitter(manifest: manifest, header: header)
        var tables: [String] = []
        let groups = PageActionRouter.groups(of: manifest)
        for method in ManifestPageAction.Method.allCases {
            // One route per pattern: commands that share it (told apart by their submit button)
            // are one destination, named by the first; `SCOPE` tells them apart.
            let entries = groups.compactMap { group -> JSEmitter.RouteTableEntry? in
                guard let action = group.commands[0].pageAction, action.method == method else { return nil }
                return .init(
                    id: group.id, pattern: action.pattern, params: action.params, presentation: "web", link: "inApp")
            }
            let data = entries.isEmpty ? "null" : js.routeTableData(entries)
            tables.append("\(method.rawValue): \(data)")
        }
        tables.append("PAGE: \(js.manifestData())")
        // Each route's commands: their ids, destinations, path params (the scope native keeps to),
        // submit buttons and bound fields.
        let scope = groups.map { group -> String in
            let specs = group.commands.compactMap { command -> String? in
                guard let action = command.pageAction else { return nil }
                let destinations = command.destinations.map(JSONString.quoted).joined(separator: ", ")
                let pathParams = action.params.filter(\.inPath).map { JSONString.quoted($0.name) }
                    .joined(separator: ", ")
                let submitter =
                    action.submitter.map {
                        "{name: \(JSONString.quoted($0.name)), value: \(JSONString.quoted($0.value))}"
                    } ?? "null"
                let fields = action.fields.map { JSONString.quoted($0.name) }.joined(separator: ", ")
                return "{command: \(JSONString.quoted(command.id)), destinations: [\(destinations)], "
                    + "pathParams: [\(pathParams)], submitter: \(submitter), fields: [\(fields)]}"
            }
            return "\(JSONString.quoted(group.id)): [\(specs.joined(separator: ", "))]"
        }
        let hasFields = manifest.commands.contains { !($0.pageAction?.fields.isEmpty ?? true) }
        let protocolData = [
            "handler: \(JSONString.quoted(PageActionProtocol.handlerName))",
            "global: \(JSONString.quoted(PageActionProtocol.scriptGlobal))",
            "version: \(PageActionProtocol.version)", "maxOffers: \(PageActionProtocol.maxOffers)",
            "maxURLBytes: \(PageActionProtocol.maxURLBytes)", "maxReportBytes: \(PageActionProtocol.maxReportBytes)",
            "maxFieldBytes: \(PageActionProtocol.maxFieldBytes)",
        ]
        return Self.template.filling([
            "header": "// \(header)\n",
            "protocol": Self.indented(
                "const PROTOCOL = Object.freeze({\(protocolData.joined(separator: ", "))});\n", 1),
            "tables": Self.indented(
                "const TABLES = Object.freeze({\n\(tables.joined(separator: ",\n"))\n});\n"
                    + "const SCOPE = Object.freeze({\n\(scope.joined(separator: ",\n"))\n});\n"
                    + "const HAS_FIELDS = \(hasFields);\n", 1),
            "router": Self.indented(Self.routerRuntime, 2),
        ])
    }

    /// `text` with each non-empty line indented `levels` times two spaces (the script's nesting).
    static func indented(_ text: String, _ levels: Int) -> String {
        let prefix = String(repeating: "  ", count: levels)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "" : prefix + $0
        }.joined(separator: "\n")
    }
}

extension ManifestEmitter {
    /// `page-actions.js`, the script that reports the page's forms and links bound to commands
    /// (only when some command has a `pageAction`).
    public static let pageActions = ManifestEmitter(
        name: "page-actions", summary: "page-actions.js (when a command has a pageAction)"
    ) { compiler, _ in
        let emitter = PageActionsEmitter(manifest: compiler.manifest, header: compiler.header)
        guard emitter.isNeeded else { return [] }
        return [.init(name: "page-actions.js", contents: emitter.script())]
    }
}
