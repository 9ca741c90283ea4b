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

    /// Compiles every command's page action, by method.
    public init(manifest: AppManifest) {
        self.manifest = manifest
        var routers: [ManifestPageAction.Method: LinkRouter] = [:]
        for method in ManifestPageAction.Method.allCases {
            routers[method] = LinkRouter(manifest: Self.bindings(of: method, in: manifest))
        }
        self.routers = routers
    }

    /// Whether any command is bound to a page action.
    public var isEmpty: Bool { !manifest.commands.contains { $0.pageAction != nil } }

    /// The command whose page action `method` and `url` match, with its params; `nil` when none
    /// does (another origin, another path, params that do not parse as their types, or a URL the
    /// router refuses).
    public func match(_ method: ManifestPageAction.Method, _ url: String) -> PageActionMatch? {
        guard let router = routers[method], case .web(let match?) = router.decide(url) else { return nil }
        return PageActionMatch(command: match.destination, params: match.params)
    }

    /// The bindings of one method as a manifest whose destinations are the bound commands: the
    /// manifest's origins and link policy, one web destination per command (its id, pattern and
    /// params), so ``LinkRouter`` reads them with exactly its rules.
    static func bindings(of method: ManifestPageAction.Method, in manifest: AppManifest) -> AppManifest {
        let destinations = manifest.commands.compactMap { command -> ManifestDestination? in
            guard let action = command.pageAction, action.method == method else { return nil }
            return ManifestDestination(
                id: command.id, pattern: action.pattern, params: action.params, presentation: .web,
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
