/// The compiled paths of a manifest: a trie of path segments that a ``LinkRouter`` walks to find
/// the destination a request path opens, with Go 1.22 ServeMux's precedence.
///
/// Each node stands for a position in the patterns and has up to four kinds of children, tried
/// in this order, which is ServeMux's order of specificity:
///
/// 1. a literal segment (`notes`), compared byte for byte, as Go compares strings (Swift's `==`
///    would equate the precomposed and decomposed forms of `é`);
/// 2. a `{name}` wildcard, taking any one segment;
/// 3. `{$}`, taking only the trailing slash;
/// 4. a subtree wildcard (`{name...}` or a trailing `/`), taking the rest of the path.
///
/// A destination whose params do not parse as their types (or lack a required query param) does
/// not match, and the walk backtracks to the next candidate. A validated manifest has no two
/// equal patterns, so a node ends at most one pattern and holds at most one subtree wildcard.
///
/// Immutable after `init`, so sharing one instance across threads is safe.
final class RouteTable: Sendable {
    /// One trie node. Children are indices into ``RouteTable/nodes``; destinations are indices
    /// into ``RouteTable/destinations``.
    struct Node: Sendable {
        /// The literal children: `edges[literals]`, sorted by ``RouteTable/order(_:_:)``.
        var literals: Range<Int> = 0..<0
        /// The `{name}` child.
        var wildcard: Int?
        /// The `{$}` child.
        var end: Int?
        /// The destination whose pattern ends at this node.
        var destination: Int?
        /// The destination whose pattern ends with a subtree wildcard at this node.
        var subtree: Int?
    }

    /// A literal child: its segment's bytes (`literalBytes[start..<start + count]`) and its node.
    struct Edge: Sendable {
        let start: Int
        let count: Int
        let child: Int
    }

    /// A successful match: the destination, its typed params, and whether the match is exact in
    /// ServeMux's sense (no subtree wildcard took a non-empty remainder).
    struct Match {
        let destination: Destination
        let params: LinkParams
        let exact: Bool
    }

    /// The nodes; the root is `nodes[0]`.
    let nodes: [Node]
    /// Every node's literal children, each node's in one sorted run.
    let edges: [Edge]
    /// The bytes of every literal segment, one after another.
    let literalBytes: [UInt8]
    /// The manifest's destinations, in manifest order.
    let destinations: [Destination]

    init(manifest: AppManifest) {
        var builder = Builder()
        for (index, destination) in manifest.destinations.enumerated() {
            builder.insert(destination.pattern, index)
        }
        destinations = manifest.destinations.map { Destination($0, in: manifest) }
        (nodes, edges, literalBytes) = builder.flatten()
    }

    /// The most specific destination matching `path` (and `query`) whose params parse; when the
    /// path does not end with `/` and has no exact match, ServeMux's redirect to `path + "/"` is
    /// followed if that matches exactly (`/docs` opens the `/docs/` destination).
    func match(_ path: RequestPath, query: inout Query) -> Match? {
        let found = walk(0, 0, path, &query)
        if found?.exact != true, !path.endsWithSlash, path.count > 0,
            let redirected = walk(0, 0, path.withTrailingSlash(), &query), redirected.exact
        {
            return redirected
        }
        return found
    }

    /// Matches `path` from segment `index` on at node `nodeIndex`. Segment `path.segments.count`,
    /// when the path ends with `/`, is the trailing slash. Once every segment is taken, only a
    /// pattern ending here matches: a subtree wildcard takes at least the trailing slash (`/docs`
    /// reaches `/docs/` only through the redirect).
    func walk(_ nodeIndex: Int, _ index: Int, _ path: RequestPath, _ query: inout Query) -> Match? {
        let node = nodes[nodeIndex]
        if index == path.count {
            guard let destination = node.destination else { return nil }
            return resolve(destination, path, &query, exact: true)
        }
        if index < path.segments.count {
            let segment = path.segments[index]
            if let child = literalChild(node, UnsafeBufferPointer(rebasing: path.bytes[segment.start..<segment.end])),
                let found = walk(child, index + 1, path, &query)
            {
                return found
            }
            if let child = node.wildcard, let found = walk(child, index + 1, path, &query) {
                return found
            }
        } else if let child = node.end, let found = walk(child, index + 1, path, &query) {
            return found
        }
        guard let destination = node.subtree else { return nil }
        return resolve(destination, path, &query, exact: index == path.segments.count)
    }

    /// The match of destination `index` if its params parse.
    func resolve(_ index: Int, _ path: RequestPath, _ query: inout Query, exact: Bool) -> Match? {
        let destination = destinations[index]
        guard let params = destination.params(path, &query) else { return nil }
        return Match(destination: destination, params: params, exact: exact)
    }

    /// The literal child of `node` for `segment`, by binary search of its sorted edges.
    func literalChild(_ node: Node, _ segment: UnsafeBufferPointer<UInt8>) -> Int? {
        literalBytes.withUnsafeBufferPointer { bytes in
            var low = node.literals.lowerBound
            var high = node.literals.upperBound
            while low < high {
                let middle = (low + high) / 2
                let edge = edges[middle]
                let order = Self.order(
                    UnsafeBufferPointer(rebasing: bytes[edge.start..<edge.start + edge.count]), segment)
                if order == 0 { return edge.child }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    /// Orders byte strings by length, then byte by byte (negative when `lhs` comes first, zero when
    /// equal). Any total order serves the binary search; this one settles most pairs by length.
    static func order(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        if lhs.count != rhs.count { return lhs.count < rhs.count ? -1 : 1 }
        for index in 0..<lhs.count where lhs[index] != rhs[index] {
            return lhs[index] < rhs[index] ? -1 : 1
        }
        return 0
    }

    /// Builds the trie with a dictionary per node, then lays it out in ``RouteTable``'s arrays.
    struct Builder {
        struct BuildNode {
            var literals: [[UInt8]: Int] = [:]
            var wildcard: Int?
            var end: Int?
            var destination: Int?
            var subtree: Int?
        }

        var nodes = [BuildNode()]

        /// Adds `pattern`, ending at `destination`.
        mutating func insert(_ pattern: PathPattern, _ destination: Int) {
            var current = 0
            for segment in pattern.segments {
                switch segment {
                case .literal(let text):
                    let key = Array(text.utf8)
                    if let child = nodes[current].literals[key] {
                        current = child
                    } else {
                        nodes.append(BuildNode())
                        nodes[current].literals[key] = nodes.count - 1
                        current = nodes.count - 1
                    }
                case .wildcard:
                    if nodes[current].wildcard == nil {
                        nodes.append(BuildNode())
                        nodes[current].wildcard = nodes.count - 1
                    }
                    current = nodes[current].wildcard!
                case .end:
                    if nodes[current].end == nil {
                        nodes.append(BuildNode())
                        nodes[current].end = nodes.count - 1
                    }
                    current = nodes[current].end!
                case .rest:
                    precondition(nodes[current].subtree == nil, "equal patterns conflict in a validated manifest")
                    nodes[current].subtree = destination
                    return
                }
            }
            precondition(nodes[current].destination == nil, "equal patterns conflict in a validated manifest")
            nodes[current].destination = destination
        }

        /// The nodes, with each node's literals moved into one sorted run of edges.
        func flatten() -> ([Node], [Edge], [UInt8]) {
            var flat: [Node] = []
            var edges: [Edge] = []
            var bytes: [UInt8] = []
            for node in nodes {
                let sorted = node.literals.sorted { lhs, rhs in
                    lhs.key.withUnsafeBufferPointer { left in
                        rhs.key.withUnsafeBufferPointer { right in RouteTable.order(left, right) < 0 }
                    }
                }
                let first = edges.count
                for (key, child) in sorted {
                    edges.append(Edge(start: bytes.count, count: key.count, child: child))
                    bytes.append(contentsOf: key)
                }
                flat.append(
                    Node(
                        literals: first..<edges.count, wildcard: node.wildcard, end: node.end,
                        destination: node.destination, subtree: node.subtree))
            }
            return (flat, edges, bytes)
        }
    }
}
