import RastrilloNative

/// The shape of an app, from its manifest: the tree of destination path patterns, each
/// destination's presentation and link intent, the commands with their placements, the
/// destinations they apply to and the web form or link they are bound to, the capabilities, and
/// the session (sign-in page, sign-out command).
///
/// ``ManifestGraphSVG`` draws it; tests read it directly. Building it is linear in the manifest's
/// size (one dictionary lookup per pattern segment), and its order is the manifest's order, so the
/// same manifest always gives the same graph.
///
/// ```swift
/// let graph = ManifestGraph(manifest: compiler.manifest)
/// graph.nodes.map(\.label)  // ["/", "servers", "{$}", "{serverID}", …]
/// ```
public struct ManifestGraph: Sendable, Hashable {
    /// One node of the path tree: a pattern segment below its parent.
    public struct Node: Sendable, Hashable {
        /// The segment as a label: `/` for the root, `servers`, `{serverID}`, `{$}`, `{path...}`,
        /// or `…` for a trailing slash that matches the rest of the path.
        public let label: String
        /// The parent's index in ``ManifestGraph/nodes`` (`nil` for the root).
        public let parent: Int?
        /// Distance from the root (the root is 0).
        public let depth: Int
        /// Indexes into ``ManifestGraph/destinations`` of the destinations whose pattern ends here.
        public internal(set) var destinations: [Int]
    }

    /// One destination, placed on the tree.
    public struct Destination: Sendable, Hashable {
        /// The destination's id.
        public let id: String
        /// Its path pattern as written.
        public let pattern: String
        /// Native or web.
        public let presentation: ManifestDestination.Presentation
        /// What a link to it does.
        public let link: ManifestDestination.LinkIntent
        /// The capabilities it needs.
        public let capabilities: [String]
        /// The index into ``ManifestGraph/nodes`` where its pattern ends.
        public let node: Int
    }

    /// One command.
    public struct Command: Sendable, Hashable {
        /// The command's id.
        public let id: String
        /// Where it appears (menu, toolbar, context menu, action menu, App Shortcut).
        public let placements: [ManifestCommand.Placement]
        /// Its keyboard shortcut as written (`cmd+r`), if any.
        public let shortcut: String?
        /// The capabilities it needs.
        public let capabilities: [String]
        /// Indexes into ``ManifestGraph/destinations`` of the destinations it applies to (none:
        /// it applies everywhere).
        public let destinations: [Int]
        /// The web form or link it is bound to, method first (`POST /bookmarks/{id}/publish`), with
        /// its submit button (`POST /bookmarks/bulk [action=delete]`) and bound fields
        /// (`POST /_locale {locale}`) when it names them; `nil` when unbound.
        public let pageAction: String?
    }

    /// How the web app signs people in (the manifest's `session`).
    public struct Session: Sendable, Hashable {
        /// The index into ``ManifestGraph/destinations`` of the sign-in page.
        public let signIn: Int
        /// The id of the command bound to the sign-out form, if any.
        public let signOut: String?
        /// Which sign-in the web app uses (`password`, or Rastrillo's `auth`).
        public var kind: ManifestSession.Kind = .password
        /// With `auth`: its paths and keymail choices.
        public var auth: ManifestAuthSignIn?
    }

    /// The app's name.
    public let appName: String
    /// The path tree in pre-order (every parent before its children, siblings in manifest order).
    public let nodes: [Node]
    /// The destinations, in manifest order.
    public let destinations: [Destination]
    /// The commands, in manifest order.
    public let commands: [Command]
    /// The capabilities: id and description.
    public let capabilities: [ManifestCapability]
    /// The session, when the manifest declares one.
    public let session: Session?

    /// Builds the graph of a validated manifest.
    public init(manifest: AppManifest) {
        // First pass: the tree in order of first appearance, children kept per parent.
        var labels: [String] = ["/"]
        var parents: [Int?] = [nil]
        var children: [[Int]] = [[]]
        var childIndex: [ChildKey: Int] = [:]
        var ends: [Int] = []
        ends.reserveCapacity(manifest.destinations.count)
        for destination in manifest.destinations {
            var current = 0
            for segment in destination.pattern.segments {
                let label = Self.label(segment)
                let key = ChildKey(parent: current, label: label)
                if let existing = childIndex[key] {
                    current = existing
                } else {
                    let index = labels.count
                    labels.append(label)
                    parents.append(current)
                    children.append([])
                    children[current].append(index)
                    childIndex[key] = index
                    current = index
                }
            }
            ends.append(current)
        }
        // Second pass: pre-order, iteratively (a deep pattern cannot exhaust the stack).
        var order: [Int] = []
        order.reserveCapacity(labels.count)
        var depthOf = [Int](repeating: 0, count: labels.count)
        var stack = [0]
        while let index = stack.popLast() {
            order.append(index)
            for child in children[index].reversed() {
                depthOf[child] = depthOf[index] + 1
                stack.append(child)
            }
        }
        var position = [Int](repeating: 0, count: labels.count)
        for (newIndex, oldIndex) in order.enumerated() { position[oldIndex] = newIndex }
        var nodes = order.map { old in
            Node(label: labels[old], parent: parents[old].map { position[$0] }, depth: depthOf[old], destinations: [])
        }
        var destinations: [Destination] = []
        destinations.reserveCapacity(manifest.destinations.count)
        var destinationIndex: [String: Int] = [:]
        for (index, destination) in manifest.destinations.enumerated() {
            let node = position[ends[index]]
            nodes[node].destinations.append(index)
            destinationIndex[destination.id] = index
            destinations.append(
                Destination(
                    id: destination.id, pattern: destination.pattern.text, presentation: destination.presentation,
                    link: destination.link, capabilities: destination.capabilities, node: node))
        }
        self.appName = manifest.app.name
        self.nodes = nodes
        self.destinations = destinations
        self.commands = manifest.commands.map { command in
            Command(
                id: command.id, placements: command.placements, shortcut: command.shortcut?.description,
                capabilities: command.capabilities,
                destinations: command.destinations.compactMap { destinationIndex[$0] },
                pageAction: command.pageAction.map { action in
                    var text = "\(action.method.rawValue) \(action.pattern.text)"
                    if let submitter = action.submitter { text += " [\(submitter)]" }
                    if !action.fields.isEmpty { text += " {" + action.fields.map(\.name).joined(separator: ", ") + "}" }
                    return text
                })
        }
        self.capabilities = manifest.capabilities
        self.session = manifest.session.flatMap { session in
            destinationIndex[session.signIn].map {
                Session(signIn: $0, signOut: session.signOut, kind: session.kind, auth: session.auth)
            }
        }
    }

    /// The tree's edges as (parent, child) indexes into ``nodes``.
    public var treeEdges: [(parent: Int, child: Int)] {
        nodes.indices.compactMap { index in nodes[index].parent.map { (parent: $0, child: index) } }
    }

    private struct ChildKey: Hashable {
        let parent: Int
        let label: String
    }

    private static func label(_ segment: PathPattern.Segment) -> String {
        switch segment {
        case .literal(let text): return text
        case .wildcard(let name): return "{\(name)}"
        case .rest(let name?): return "{\(name)...}"
        case .rest(nil): return "…"
        case .end: return "{$}"
        }
    }
}
