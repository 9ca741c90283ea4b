/// The compiled route table a ``LinkRouter`` matches paths with: a segment
/// trie plus, per destination, its param specs, built once from the manifest.
///
/// A lookup walks the request's segments trying, at each level, the literal
/// child, then the single wildcard child, then the subtree wildcard, exactly
/// as ServeMux's routing tree does; a destination whose params do not parse as
/// their types does not match, and the walk backtracks to the next candidate.
///
/// The trie is flat: nodes, literal edges and destination lists live in
/// arrays, a node's literal edges are found through a small hash table over
/// their UTF-8 bytes and compared byte for byte (Go and JavaScript compare
/// strings by bytes too), and no string is made for a segment unless it
/// becomes a param.
/// Immutable after `init`, so sharing one instance across threads is safe.
final class RouteTable: Sendable {
    /// One trie node; 32-bit fields keep a node in half a cache line.
    struct Node: Sendable {
        /// The node's literal edges as an open-addressing hash table:
        /// `slots[slotStart...slotStart + slotMask]` hold edge indices (or -1); `slotMask` is the
        /// table size minus one (a power of two), -1 when the node has no literal edge.
        var slotStart: Int32 = 0
        var slotMask: Int32 = -1
        /// The `{name}` child, or -1.
        var wildcard: Int32 = -1
        /// The `{$}` child, or -1.
        var end: Int32 = -1
        /// Destinations whose pattern ends here: `terminals[terminalStart..<terminalStart + terminalCount]`.
        var terminalStart: Int32 = 0
        var terminalCount: Int32 = 0
        /// Destinations with a subtree wildcard at this depth: `rests[restStart..<restStart + restCount]`.
        var restStart: Int32 = 0
        var restCount: Int32 = 0
    }

    struct Edge: Sendable {
        /// The literal's UTF-8 bytes: `keys[keyStart..<keyStart + keyLength]`.
        var keyStart: Int32
        var keyLength: Int32
        var child: Int32
    }

    struct Rest: Sendable {
        var destination: Int
        /// Whether the subtree wildcard is named (its value is then a param).
        var named: Bool
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

    /// The query as the lookup needs it: parsed once, and only when a candidate has query params.
    enum Query {
        case parsed([(String, String)])
        case unparsed(String?)

        mutating func items() -> [(String, String)] {
            switch self {
            case .parsed(let items): return items
            case .unparsed(let raw):
                // The router parses queries with escapes up front (refusing bad ones), so this
                // parse of an escape-free query cannot fail.
                let items = (try? QueryItems.parse(raw).get()) ?? []
                self = .parsed(items)
                return items
            }
        }
    }

    let nodes: [Node]
    let edges: [Edge]
    let keys: [UInt8]
    /// Every node's hash table of literal edges (edge indices, -1 for an empty slot).
    let slots: [Int32]
    let terminals: [Int]
    let rests: [Rest]
    /// Every destination's param specs, one after another; destination `d`'s are
    /// `params[paramStart[d]..<paramStart[d + 1]]` (flat, so a lookup touches one array).
    let params: [ParamSpec]
    let paramStart: [Int32]

    init(manifest: AppManifest) {
        var builder = Builder()
        for (index, destination) in manifest.destinations.enumerated() {
            builder.insert(destination.pattern, index)
        }
        (nodes, edges, keys, slots, terminals, rests) = builder.flatten()
        var params: [ParamSpec] = []
        var paramStart: [Int32] = [0]
        for destination in manifest.destinations {
            for param in destination.params {
                var type = param.type
                var optional = false
                if case .optional(let wrapped) = type {
                    type = wrapped
                    optional = true
                }
                params.append(
                    ParamSpec(
                        name: param.name, kind: LinkValue.Kind(type, in: manifest), optional: optional,
                        inPath: param.inPath))
            }
            paramStart.append(Int32(params.count))
        }
        self.params = params
        self.paramStart = paramStart
    }

    /// The most specific destination matching `path` (and `query`) whose values parse, with ServeMux's
    /// `/tree` → `/tree/` redirect applied when the path has no exact match.
    func match(_ path: RequestPath, query: inout Query) -> Match? {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: path.count + 1) { values in
            var lookup = Lookup(table: self, values: values, query: query)
            defer { query = lookup.query }
            let found = lookup.walk(0, 0, path)
            if found?.exact != true, !path.endsWithSlash, path.count > 0 {
                lookup.valueCount = 0
                if let redirected = lookup.walk(0, 0, path.withTrailingSlash()), redirected.exact {
                    return redirected
                }
            }
            return found
        }
    }

    /// A param value found during the walk: a segment's bytes, or a subtree remainder.
    enum Value {
        case segment(RequestPath.Segment)
        case remainder(from: Int)
    }

    /// One lookup's state: the values captured so far and the query.
    struct Lookup {
        let table: RouteTable
        let values: UnsafeMutableBufferPointer<Value>
        var valueCount = 0
        var query: Query

        init(table: RouteTable, values: UnsafeMutableBufferPointer<Value>, query: Query) {
            self.table = table
            self.values = values
            self.query = query
        }

        mutating func walk(_ nodeIndex: Int, _ index: Int, _ path: RequestPath) -> Match? {
            let node = table.nodes[nodeIndex]
            if index == path.count {
                for offset in 0..<Int(node.terminalCount) {
                    let destination = table.terminals[Int(node.terminalStart) + offset]
                    if let params = typedParams(destination, path) {
                        return Match(destination: destination, params: params, exact: true)
                    }
                }
                return nil
            }
            if index < path.segments.count {
                let segment = path.segments[index]
                let bytes = UnsafeBufferPointer(rebasing: path.bytes[segment.start..<segment.end])
                if let child = table.literalChild(nodeIndex, bytes), let found = walk(child, index + 1, path) {
                    return found
                }
                if node.wildcard >= 0 {
                    values[valueCount] = .segment(segment)
                    valueCount += 1
                    if let found = walk(Int(node.wildcard), index + 1, path) { return found }
                    valueCount -= 1
                }
            } else if node.end >= 0, let found = walk(Int(node.end), index + 1, path) {
                return found
            }
            guard node.restCount > 0 else { return nil }
            let exact = index == path.segments.count
            for offset in 0..<Int(node.restCount) {
                let rest = table.rests[Int(node.restStart) + offset]
                if rest.named {
                    values[valueCount] = .remainder(from: index)
                    valueCount += 1
                }
                if let params = typedParams(rest.destination, path) {
                    return Match(destination: rest.destination, params: params, exact: exact)
                }
                if rest.named { valueCount -= 1 }
            }
            return nil
        }

        /// Typed params for destination `index`, or `nil` when a value does not parse or a required one is missing.
        mutating func typedParams(_ index: Int, _ path: RequestPath) -> [String: LinkValue]? {
            let first = Int(table.paramStart[index])
            let end = Int(table.paramStart[index + 1])
            if first == end { return [:] }
            var result: [String: LinkValue] = [:]
            result.reserveCapacity(end - first)
            var position = 0
            for specIndex in first..<end {
                let spec = table.params[specIndex]
                if spec.inPath {
                    guard position < valueCount else { return nil }
                    let parsed: LinkValue?
                    switch values[position] {
                    case .segment(let segment):
                        parsed = spec.kind.parse(UnsafeBufferPointer(rebasing: path.bytes[segment.start..<segment.end]))
                    case .remainder(let from): parsed = spec.kind.parse(path.remainder(from: from))
                    }
                    guard let parsed else { return nil }
                    result[spec.name] = parsed
                    position += 1
                } else if let raw = query.items().first(where: { $0.0.utf8.elementsEqual(spec.name.utf8) })?.1 {
                    guard let value = spec.kind.parse(raw) else { return nil }
                    result[spec.name] = value
                } else if !spec.optional {
                    return nil
                }
            }
            return result
        }
    }

    /// The child of `node` for the literal segment `bytes`: one hash of the bytes, then a
    /// probe of the node's table comparing lengths and bytes.
    func literalChild(_ node: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = Int(nodes[node].slotMask)
        guard mask >= 0 else { return nil }
        let base = Int(nodes[node].slotStart)
        var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
        return keys.withUnsafeBufferPointer { keys in
            while true {
                let index = Int(slots[base + slot])
                if index < 0 { return nil }
                let edge = edges[index]
                let start = Int(edge.keyStart)
                if Int(edge.keyLength) == bytes.count, bytes.elementsEqual(keys[start..<start + bytes.count]) {
                    return Int(edge.child)
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// FNV-1a over the bytes (the table is built from the manifest, so its keys are not chosen
    /// by whoever sends a URL; a crafted segment can only miss).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash ^ (hash >> 29)
    }

    /// Builds the trie with nested collections, then flattens it.
    struct Builder {
        struct BuildNode {
            var literals: [[UInt8]: Int] = [:]
            var wildcard = -1
            var end = -1
            var terminal: [Int] = []
            var rest: [Rest] = []
        }

        var nodes = [BuildNode()]

        mutating func insert(_ pattern: PathPattern, _ destination: Int) {
            var current = 0
            for segment in pattern.segments {
                switch segment {
                case .literal(let text):
                    let key = Array(text.utf8)
                    if let next = nodes[current].literals[key] {
                        current = next
                    } else {
                        nodes.append(BuildNode())
                        nodes[current].literals[key] = nodes.count - 1
                        current = nodes.count - 1
                    }
                case .wildcard:
                    if nodes[current].wildcard < 0 {
                        nodes.append(BuildNode())
                        nodes[current].wildcard = nodes.count - 1
                    }
                    current = nodes[current].wildcard
                case .end:
                    if nodes[current].end < 0 {
                        nodes.append(BuildNode())
                        nodes[current].end = nodes.count - 1
                    }
                    current = nodes[current].end
                case .rest(let name):
                    nodes[current].rest.append(Rest(destination: destination, named: name != nil))
                    return
                }
            }
            nodes[current].terminal.append(destination)
        }

        func flatten() -> ([Node], [Edge], [UInt8], [Int32], [Int], [Rest]) {
            var flat: [Node] = []
            var edges: [Edge] = []
            var keys: [UInt8] = []
            var slots: [Int32] = []
            var terminals: [Int] = []
            var rests: [Rest] = []
            flat.reserveCapacity(nodes.count)
            for node in nodes {
                var out = Node(wildcard: Int32(node.wildcard), end: Int32(node.end))
                // Sorted only so the same manifest always lays out the same table.
                let sorted = node.literals.sorted { $0.key.lexicographicallyPrecedes($1.key) }
                if !sorted.isEmpty {
                    // At most half full, so a probe ends quickly at an empty slot.
                    var size = 2
                    while size < sorted.count * 2 { size *= 2 }
                    out.slotStart = Int32(slots.count)
                    out.slotMask = Int32(size - 1)
                    slots.append(contentsOf: repeatElement(-1, count: size))
                    for (key, child) in sorted {
                        let index = Int32(edges.count)
                        edges.append(
                            Edge(keyStart: Int32(keys.count), keyLength: Int32(key.count), child: Int32(child)))
                        keys.append(contentsOf: key)
                        var slot =
                            key.withUnsafeBufferPointer { Int(truncatingIfNeeded: RouteTable.hash($0)) } & (size - 1)
                        while slots[Int(out.slotStart) + slot] >= 0 { slot = (slot + 1) & (size - 1) }
                        slots[Int(out.slotStart) + slot] = index
                    }
                }
                out.terminalStart = Int32(terminals.count)
                out.terminalCount = Int32(node.terminal.count)
                terminals.append(contentsOf: node.terminal)
                out.restStart = Int32(rests.count)
                out.restCount = Int32(node.rest.count)
                rests.append(contentsOf: node.rest)
                flat.append(out)
            }
            return (flat, edges, keys, slots, terminals, rests)
        }
    }
}
