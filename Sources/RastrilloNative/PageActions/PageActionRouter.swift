/// Reads the URL of a page's form or link as a ``ManifestPageAction`` of the manifest: the command
/// it stands for and the command's typed params.
///
/// The reading is the ``LinkRouter``'s own: the same strict URL reader, exact internal origins
/// (aliases included), Go 1.22 ServeMux precedence and typed params. Each method's bindings are
/// compiled as a route table of their own, so a `GET` binding never matches a form and a `POST`
/// binding never matches a link.
///
/// ```swift
/// let actions = PageActionRouter(manifest: manifest)
/// actions.match(.post, "https://notes.example.com/bookmarks/3/publish")
/// // PageActionMatch(command: "publishBookmark", params: ["id": .int(3)])
/// ```
public struct PageActionRouter: Sendable {
    /// The app's manifest.
    public let manifest: AppManifest
    private let routers: [ManifestPageAction.Method: LinkRouter]
    /// The commands of each route, by the route's id (its first command's id).
    private let commandsByRoute: [String: [ManifestCommand]]
    /// Each bound field's parser, by command id and field name.
    private let fieldKinds: [String: [(name: String, kind: LinkValue.Kind)]]

    /// The commands bound to one route: one method and pattern. Several commands share a route
    /// only when each names its own submit button (the validator refuses anything else).
    public struct Group: Sendable {
        /// The first command's id: the route's destination id in its table.
        public let id: String
        /// The route's commands, in manifest order.
        public let commands: [ManifestCommand]
    }

    /// The manifest's bound commands grouped by route (method and pattern text), in manifest
    /// order: the route tables the router (and the generated `page-actions.js`) compile.
    public static func groups(of manifest: AppManifest) -> [Group] {
        var order: [String] = []
        var members: [String: [ManifestCommand]] = [:]
        for command in manifest.commands {
            guard let action = command.pageAction else { continue }
            let key = action.method.rawValue + " " + action.pattern.text
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(command)
        }
        return order.map { key in Group(id: members[key]![0].id, commands: members[key]!) }
    }

    /// Compiles every command's page action, by method.
    public init(manifest: AppManifest) {
        self.manifest = manifest
        let groups = Self.groups(of: manifest)
        var routers: [ManifestPageAction.Method: LinkRouter] = [:]
        for method in ManifestPageAction.Method.allCases {
            routers[method] = LinkRouter(manifest: Self.bindings(of: method, in: manifest, groups: groups))
        }
        self.routers = routers
        commandsByRoute = Dictionary(groups.map { ($0.id, $0.commands) }, uniquingKeysWith: { first, _ in first })
        var kinds: [String: [(name: String, kind: LinkValue.Kind)]] = [:]
        for command in manifest.commands {
            guard let fields = command.pageAction?.fields, !fields.isEmpty else { continue }
            kinds[command.id] = fields.map { ($0.name, LinkValue.Kind($0.type, in: manifest)) }
        }
        fieldKinds = kinds
    }

    /// Whether any command is bound to a page action.
    public var isEmpty: Bool { !manifest.commands.contains { $0.pageAction != nil } }

    /// The command whose page action `method`, `url`, `submitter` and `fields` match, with its
    /// params (the URL's, then the bound fields' values typed as declared); `nil` when none does:
    /// another origin or path, params or field values that do not parse as their types, a URL the
    /// router refuses, a submit button no command of the route names (when its commands name
    /// their buttons), or fields other than exactly the ones the command binds.
    ///
    /// - Parameters:
    ///   - method: the offer's method.
    ///   - url: the form's action or the link's URL.
    ///   - submitter: the submit button's `name` and `value`, when it has a name.
    ///   - fields: the bound fields' values, as the page would send them.
    public func match(
        _ method: ManifestPageAction.Method, _ url: String, submitter: ManifestPageAction.Submitter? = nil,
        fields: [String: String] = [:]
    ) -> PageActionMatch? {
        guard let router = routers[method], case .web(let match?) = router.decide(url),
            let commands = commandsByRoute[match.destination]
        else { return nil }
        let command: ManifestCommand?
        if commands.count == 1, commands[0].pageAction?.submitter == nil {
            command = commands[0]
        } else {
            command = submitter.flatMap { submitter in commands.first { $0.pageAction?.submitter == submitter } }
        }
        guard let command else { return nil }
        let kinds = fieldKinds[command.id] ?? []
        guard fields.count == kinds.count else { return nil }
        if kinds.isEmpty { return PageActionMatch(command: command.id, params: match.params) }
        var params: [String: LinkValue] = [:]
        for (name, value) in match.params { params[name] = value }
        for (name, kind) in kinds {
            guard let text = fields[name], let value = kind.parse(text) else { return nil }
            params[name] = value
        }
        return PageActionMatch(command: command.id, params: LinkParams(params))
    }

    /// The bindings of one method as a manifest whose destinations are the bound routes: the
    /// manifest's origins and link policy, one web destination per route (its first command's id,
    /// its pattern and params), so ``LinkRouter`` reads them with exactly its rules.
    static func bindings(of method: ManifestPageAction.Method, in manifest: AppManifest, groups: [Group]) -> AppManifest
    {
        let destinations = groups.compactMap { group -> ManifestDestination? in
            let command = group.commands[0]
            guard let action = command.pageAction, action.method == method else { return nil }
            return ManifestDestination(
                id: group.id, pattern: action.pattern, params: action.params, presentation: .web,
                titleKey: command.titleKey, capabilities: command.capabilities, link: .inApp)
        }
        return AppManifest(
            schemaVersion: manifest.schemaVersion, app: manifest.app, origins: manifest.origins, links: manifest.links,
            capabilities: manifest.capabilities, types: manifest.types, destinations: destinations, commands: [],
            bridge: .empty, session: nil)
    }
}

/// A form or link read as a bound command.
public struct PageActionMatch: Sendable, Hashable {
    /// The command's id.
    public let command: String
    /// The command's params, typed as its page action declares them.
    public let params: LinkParams

    /// Creates a match.
    public init(command: String, params: LinkParams) {
        self.command = command
        self.params = params
    }
}
