/// Finds every pair of conflicting patterns (ServeMux rules) without comparing
/// every pattern with every other.
///
/// Patterns go into a segment trie. For each pattern, a walk of the trie visits
/// only the nodes whose patterns could match a common path (same literal,
/// either side a wildcard, or a subtree wildcard), and only those candidates
/// are compared with ``PathPattern/relationship(to:)``. The work is
/// proportional to the number of overlapping pairs, not to n², and
/// ``conflicts(in:limit:)`` stops once it has found more than it will list.
public struct PatternConflictIndex: Sendable {
    /// A pair of conflicting patterns, by index into the input, `first < second`.
    public struct Conflict: Sendable, Hashable {
        /// The earlier pattern's index.
        public let first: Int
        /// The later pattern's index.
        public let second: Int
        /// `.equivalent` or `.overlaps`.
        public let relationship: PatternRelationship
    }

    final class Node {
        var literals: [[UInt8]: Node] = [:]
        var wildcard: Node?
        var end: Node?
        /// Patterns whose segment at this depth is a subtree wildcard.
        var rest: [Int] = []
        /// Patterns that end exactly here.
        var terminal: [Int] = []
    }

    /// Every conflict among `patterns`, sorted by (`first`, `second`).
    ///
    /// There can be n²/2 of them (n patterns that all conflict); validation asks for the first
    /// few with ``conflicts(in:limit:)`` instead.
    public static func conflicts(in patterns: [PathPattern]) -> [Conflict] {
        conflicts(in: patterns, limit: Int.max).found
    }

    /// The first `limit` conflicts among `patterns` in (`first`, `second`) order, and whether
    /// there is at least one more.
    ///
    /// The search stops at the conflict after the `limit`th, so the work and memory stay
    /// bounded however many pairs conflict: `found` is empty only when no two patterns conflict
    /// at all (the limit caps what is listed, never whether a conflict is detected).
    public static func conflicts(in patterns: [PathPattern], limit: Int) -> (found: [Conflict], hasMore: Bool) {
        precondition(limit >= 1, "the limit must be at least 1")
        let root = Node()
        for (index, pattern) in patterns.enumerated() { insert(pattern.segments[...], index, root) }
        var found: [Conflict] = []
        var candidates: [Int] = []
        for (index, pattern) in patterns.enumerated() {
            candidates.removeAll(keepingCapacity: true)
            collect(pattern.segments[...], root, &candidates)
            // Ascending, so the conflicts come out in (first, second) order and the first
            // `limit` are always the same ones.
            candidates.sort()
            var previous = index
            for other in candidates where other > previous {
                previous = other
                let relationship = pattern.relationship(to: patterns[other])
                guard relationship.isConflict else { continue }
                if found.count == limit { return (found, true) }
                found.append(Conflict(first: index, second: other, relationship: relationship))
            }
        }
        return (found, false)
    }

    private static func insert(_ segments: ArraySlice<PathPattern.Segment>, _ index: Int, _ node: Node) {
        guard let segment = segments.first else {
            node.terminal.append(index)
            return
        }
        let rest = segments.dropFirst()
        switch segment {
        case .literal(let text):
            let child = node.literals[Array(text.utf8)] ?? Node()
            node.literals[Array(text.utf8)] = child
            insert(rest, index, child)
        case .wildcard:
            let child = node.wildcard ?? Node()
            node.wildcard = child
            insert(rest, index, child)
        case .end:
            let child = node.end ?? Node()
            node.end = child
            insert(rest, index, child)
        case .rest:
            node.rest.append(index)
        }
    }

    /// Collects the patterns that may share a path with the pattern whose remaining segments are `segments`.
    private static func collect(_ segments: ArraySlice<PathPattern.Segment>, _ node: Node, _ out: inout [Int]) {
        guard let segment = segments.first else {
            out.append(contentsOf: node.terminal)
            return
        }
        // A subtree wildcard here matches whatever the pattern has from here on.
        out.append(contentsOf: node.rest)
        let rest = segments.dropFirst()
        switch segment {
        case .literal(let text):
            if let child = node.literals[Array(text.utf8)] { collect(rest, child, &out) }
            if let child = node.wildcard { collect(rest, child, &out) }
        case .wildcard:
            for child in node.literals.values { collect(rest, child, &out) }
            if let child = node.wildcard { collect(rest, child, &out) }
        case .end:
            if let child = node.end { collect(rest, child, &out) }
        case .rest:
            for child in node.literals.values { collectAll(child, &out) }
            if let child = node.wildcard { collectAll(child, &out) }
            if let child = node.end { collectAll(child, &out) }
        }
    }

    /// Every pattern with at least one segment below `node` (a subtree wildcard matches them all).
    private static func collectAll(_ node: Node, _ out: inout [Int]) {
        out.append(contentsOf: node.terminal)
        out.append(contentsOf: node.rest)
        for child in node.literals.values { collectAll(child, &out) }
        if let child = node.wildcard { collectAll(child, &out) }
        if let child = node.end { collectAll(child, &out) }
    }
}
