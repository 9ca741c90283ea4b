/// The compiled segment trie a ``LinkRouter`` matches paths with.
///
/// Built once from the manifest's destinations. A lookup walks the request's
/// segments trying, at each level, the literal child, then the single
/// wildcard child, then the subtree wildcard, exactly as ServeMux's routing
/// tree does; a destination whose params do not parse as their types does
/// not match, and the walk backtracks to the next candidate.
struct RouteTable: Sendable {
    struct Node: Sendable {
        var literals: [[UInt8]: Int] = [:]
        var wildcard: Int?
        /// `{$}` child.
        var end: Int?
        /// Destination indices whose pattern ends here (no more segments).
        var terminal: [Int] = []
        /// Destination indices with a subtree wildcard at this depth, and whether the wildcard is named.
        var rest: [(destination: Int, named: Bool)] = []
    }

    /// A successful path match: the destination index, captured path values and
    /// whether the match is exact in ServeMux's sense (a subtree wildcard did not
    /// swallow a non-empty remainder).
    struct PathMatch {
        let destination: Int
        let values: [String]
        let exact: Bool
    }

    private(set) var nodes: [Node] = [Node()]

    init(patterns: [PathPattern]) {
        for (index, pattern) in patterns.enumerated() { insert(pattern, index) }
    }

    private mutating func insert(_ pattern: PathPattern, _ destination: Int) {
        var current = 0
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                if let next = nodes[current].literals[Array(text.utf8)] {
                    current = next
                } else {
                    nodes.append(Node())
                    nodes[current].literals[Array(text.utf8)] = nodes.count - 1
                    current = nodes.count - 1
                }
            case .wildcard:
                current = child(current, \.wildcard)
            case .end:
                current = child(current, \.end)
            case .rest(let name):
                nodes[current].rest.append((destination, name != nil))
                return
            }
        }
        nodes[current].terminal.append(destination)
    }

    private mutating func child(_ node: Int, _ path: WritableKeyPath<Node, Int?>) -> Int {
        if let existing = nodes[node][keyPath: path] { return existing }
        nodes.append(Node())
        nodes[node][keyPath: path] = nodes.count - 1
        return nodes.count - 1
    }

    /// The most specific destination matching `path` whose values `accept` approves.
    func match(_ path: RequestPath, accept: (Int, [String]) -> Bool) -> PathMatch? {
        var values: [String] = []
        return walk(0, path.segments[...], &values, accept)
    }

    private func walk(
        _ nodeIndex: Int, _ segments: ArraySlice<RequestPath.Segment>, _ values: inout [String],
        _ accept: (Int, [String]) -> Bool
    ) -> PathMatch? {
        let node = nodes[nodeIndex]
        guard let segment = segments.first else {
            for destination in node.terminal where accept(destination, values) {
                return PathMatch(destination: destination, values: values, exact: true)
            }
            return nil
        }
        let remaining = segments.dropFirst()
        switch segment {
        case .text(let text):
            if let child = node.literals[Array(text.utf8)], let found = walk(child, remaining, &values, accept) {
                return found
            }
            if let child = node.wildcard {
                values.append(text)
                if let found = walk(child, remaining, &values, accept) { return found }
                values.removeLast()
            }
        case .trailingSlash:
            if let child = node.end, let found = walk(child, remaining, &values, accept) { return found }
        }
        if !node.rest.isEmpty {
            let restValue = segments.map { segment -> String in
                if case .text(let text) = segment { return text }
                return ""
            }.joined(separator: "/")
            let exact = segments.count == 1 && segment == .trailingSlash
            for (destination, named) in node.rest {
                if named { values.append(restValue) }
                if accept(destination, values) {
                    return PathMatch(destination: destination, values: values, exact: exact)
                }
                if named { values.removeLast() }
            }
        }
        return nil
    }
}
