/// The compiled route table a ``LinkRouter`` matches paths with: a segment
/// trie plus, per destination, its param specs, built once from the manifest.
///
/// A lookup walks the request's segments trying, at each level, the literal
/// child, then the single wildcard child, then the subtree wildcard, exactly
/// as ServeMux's routing tree does; a destination whose params do not parse as
/// their types does not match, and the walk backtracks to the next candidate.
/// Immutable after `init`, so sharing one instance across threads is safe.
final class RouteTable: Sendable {
    struct Node: Sendable {
        var literals: [UTF8Key: Int] = [:]
        var wildcard: Int?
        /// `{$}` child.
        var end: Int?
        /// Destination indices whose pattern ends here (no more segments).
        var terminal: [Int] = []
        /// Destination indices with a subtree wildcard at this depth, and whether the wildcard is named.
        var rest: [(destination: Int, named: Bool)] = []
    }

    /// How to read one param.
    struct ParamSpec: Sendable {
        let name: String
        let kind: LinkValue.Kind
        let optional: Bool
        let inPath: Bool
    }

    /// A successful match: the destination index, its typed params, and whether
    /// the match is exact in ServeMux's sense (a subtree wildcard did not swallow
    /// a non-empty remainder).
    struct Match {
        let destination: Int
        let params: [String: LinkValue]
        let exact: Bool
    }

    let nodes: [Node]
    let params: [[ParamSpec]]

    init(manifest: AppManifest) {
        var nodes = [Node()]
        for (index, destination) in manifest.destinations.enumerated() {
            Self.insert(destination.pattern, index, into: &nodes)
        }
        self.nodes = nodes
        self.params = manifest.destinations.map { destination in
            destination.params.map { param in
                var type = param.type
                var optional = false
                if case .optional(let wrapped) = type {
                    type = wrapped
                    optional = true
                }
                return ParamSpec(
                    name: param.name, kind: LinkValue.Kind(type, in: manifest), optional: optional, inPath: param.inPath
                )
            }
        }
    }

    private static func insert(_ pattern: PathPattern, _ destination: Int, into nodes: inout [Node]) {
        var current = 0
        func child(_ key: WritableKeyPath<Node, Int?>) -> Int {
            if let existing = nodes[current][keyPath: key] { return existing }
            nodes.append(Node())
            nodes[current][keyPath: key] = nodes.count - 1
            return nodes.count - 1
        }
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                let key = UTF8Key(text)
                if let next = nodes[current].literals[key] {
                    current = next
                } else {
                    nodes.append(Node())
                    nodes[current].literals[key] = nodes.count - 1
                    current = nodes.count - 1
                }
            case .wildcard: current = child(\.wildcard)
            case .end: current = child(\.end)
            case .rest(let name):
                nodes[current].rest.append((destination, name != nil))
                return
            }
        }
        nodes[current].terminal.append(destination)
    }

    /// The most specific destination matching `path` (and `query`) whose values parse, with ServeMux's
    /// `/tree` → `/tree/` redirect applied when the path has no exact match.
    func match(_ path: RequestPath, query: [(String, String)]) -> Match? {
        var values: [String] = []
        let found = walk(0, path.segments[...], &values, query)
        if found?.exact != true, !path.endsWithSlash, !path.segments.isEmpty {
            var retry: [String] = []
            if let redirected = walk(0, path.withTrailingSlash().segments[...], &retry, query), redirected.exact {
                return redirected
            }
        }
        return found
    }

    /// Typed params for destination `index`, or `nil` when a value does not parse or a required one is missing.
    func typedParams(_ index: Int, _ values: [String], _ query: [(String, String)]) -> [String: LinkValue]? {
        let specs = params[index]
        if specs.isEmpty { return [:] }
        var result: [String: LinkValue] = [:]
        result.reserveCapacity(specs.count)
        var position = 0
        for spec in specs {
            if spec.inPath {
                guard position < values.count, let value = spec.kind.parse(values[position]) else { return nil }
                result[spec.name] = value
                position += 1
            } else if let raw = query.first(where: { $0.0.utf8.elementsEqual(spec.name.utf8) })?.1 {
                guard let value = spec.kind.parse(raw) else { return nil }
                result[spec.name] = value
            } else if !spec.optional {
                return nil
            }
        }
        return result
    }

    private func walk(
        _ nodeIndex: Int, _ segments: ArraySlice<RequestPath.Segment>, _ values: inout [String],
        _ query: [(String, String)]
    ) -> Match? {
        guard let segment = segments.first else {
            for destination in nodes[nodeIndex].terminal {
                if let params = typedParams(destination, values, query) {
                    return Match(destination: destination, params: params, exact: true)
                }
            }
            return nil
        }
        let remaining = segments.dropFirst()
        switch segment {
        case .text(let text):
            if let child = nodes[nodeIndex].literals[UTF8Key(text)],
                let found = walk(child, remaining, &values, query)
            {
                return found
            }
            if let child = nodes[nodeIndex].wildcard {
                values.append(text)
                if let found = walk(child, remaining, &values, query) { return found }
                values.removeLast()
            }
        case .trailingSlash:
            if let child = nodes[nodeIndex].end, let found = walk(child, remaining, &values, query) { return found }
        }
        let rest = nodes[nodeIndex].rest
        if !rest.isEmpty {
            // The remainder is only joined into a value when a named subtree wildcard needs it.
            var restValue: String?
            let exact = segments.count == 1 && segment == .trailingSlash
            for (destination, named) in rest {
                if named {
                    let value =
                        restValue
                        ?? segments.map { segment -> String in
                            if case .text(let text) = segment { return text }
                            return ""
                        }.joined(separator: "/")
                    restValue = value
                    values.append(value)
                }
                if let params = typedParams(destination, values, query) {
                    return Match(destination: destination, params: params, exact: exact)
                }
                if named { values.removeLast() }
            }
        }
        return nil
    }
}
