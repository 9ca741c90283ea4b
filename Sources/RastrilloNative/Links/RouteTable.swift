/// The compiled route table a ``LinkRouter`` matches paths with: a segment
/// trie plus, per destination, what a match decides and its param specs, built
/// once from the manifest.
///
/// A lookup walks the request's segments trying, at each level, the literal
/// child, then the single wildcard child, then the subtree wildcard, exactly
/// as ServeMux's routing tree does; a destination whose params do not parse as
/// their types does not match, and the walk backtracks to the next candidate.
///
/// The trie is flat and laid out by cache line, so that a lookup in a large
/// manifest touches few of them: a node's literal edges form a small
/// open-addressing hash table of 32-byte slots (a 64-byte-aligned table never
/// splits a slot across two lines), seeded when it is built so that, for up to 64
/// edges, every literal sits in its home slot and a lookup reads that one slot,
/// match or miss; each slot holds the edge itself — the first 16 bytes
/// of the literal (so most edges are compared without another memory access;
/// Go and JavaScript compare strings by bytes too) and a copy of the child node
/// (so following the edge reads nothing else) —; in a table whose edges lead to
/// destinations, each slot is a whole line and also holds a copy of the
/// destination its child completes (id, decision, and its param when it has one
/// path param), so a typical match reads no record; a `{name}` child that is a
/// plain leaf is matched from its parent without reading it, and an edge to a
/// node holding only a `{name}` child (`/notes/{id}/edit` at `notes`) holds a
/// copy of that child, so it is entered without reading either — or, when all
/// that follows is one short literal ending at one destination, the literal and
/// that destination's copy, so the match reads that slot alone; a node's
/// destinations and subtree wildcards sit in one list; and each destination's
/// record is followed by its param specs, on one line when they fit. No string
/// is made for a segment unless it becomes a param.
/// Immutable after `init`, so sharing one instance across threads is safe.
final class RouteTable: Sendable {
    /// One trie node in 16 bytes (four to a cache line).
    struct Node: Sendable {
        /// The node's literal edges: `edges[slotStart..<slotStart + 1 << slotBits]` (in
        /// ``RouteTable/leafEdges`` when ``hasLeafSlots``) is an open-addressing hash table
        /// (never full); `slotBits` is 0 when the node has none.
        var slotStart: Int32 = 0
        /// The `{name}` child: its index in ``RouteTable/nodes``; -1 when there is none; or, when
        /// that child is a leaf holding one destination and nothing else, `-2 - record`, so
        /// matching it reads no node.
        var wildcard: Int32 = -1
        /// `lists[listStart...]` holds, in order: the `terminalCount` destinations whose pattern
        /// ends here, the `restCount` subtree wildcards at this depth (each
        /// `record << 1 | named`), and the `{$}` child when `hasEnd`; a destination is named by the
        /// index of its ``Record``. A node whose list would be exactly one destination (most
        /// pattern ends) holds it in `listStart` itself, saving a memory access per match.
        var listStart: Int32 = 0
        /// Bits 0–4: `slotBits`; bit 5: the table is perfect (every literal sits in its home slot,
        /// so a lookup reads that slot alone); bit 6: the table is in ``RouteTable/leafEdges``
        /// rather than ``RouteTable/edges``; bit 7: whether the node has a `{$}` child.
        var bits: UInt8 = 0
        /// Mixed into every literal's hash to pick its home slot (``RouteTable/homeSlot(_:seed:slotBits:)``);
        /// chosen when the table is built so that, where it can be, the table is perfect.
        var seed: UInt8 = 0
        /// Bits 0–3: how many destinations end here; bits 4–5: how many subtree wildcards (a
        /// validated manifest has at most one of each: equal patterns conflict); bits 6 and 7, only
        /// in an ``Edge``'s copy: see ``isCompound`` and ``entersWildcard``.
        var counts: UInt8 = 0
        /// In an ``Edge``'s copy of the node: the length of the edge's literal, 255 for 255 bytes
        /// or more, 0 in an empty slot (literals are never empty). Unused in ``RouteTable/nodes``.
        var literalLength: UInt8 = 0

        var slotBits: Int { Int(bits & 0x1F) }
        var isPerfect: Bool { bits & 0x20 != 0 }
        var terminalCount: Int { Int(counts & 0x0F) }
        var restCount: Int { Int(counts >> 4 & 0x03) }
        /// In an ``Edge``'s copy: the edge's child holds nothing but a `{name}` child (`/notes/{id}/edit`
        /// at `notes`), and this is a copy of that `{name}` child instead, so following the edge and
        /// then the wildcard reads no node.
        var entersWildcard: Bool { counts & 0x80 != 0 }
        /// In an ``entersWildcard`` copy: the edge's child is `/{name}/literal` and nothing else —
        /// one `{name}` child with one literal edge (at most 8 bytes) to a node holding one
        /// destination and nothing else, as `notes` in `/notes/{id}/edit` when that is the only
        /// pattern below `notes`. The copy then holds no node but the literal (``compoundHead``,
        /// its length in `listStart`), and the slot's ``Leaf`` is that destination's copy, so the
        /// whole match reads the one slot.
        var isCompound: Bool { counts & 0x40 != 0 }
        /// In an ``isCompound`` copy: the literal's bytes, little-endian and zero-padded, kept in
        /// `slotStart` (bytes 0–3) and `wildcard` (bytes 4–7).
        var compoundHead: UInt64 {
            UInt64(UInt32(bitPattern: slotStart)) | UInt64(UInt32(bitPattern: wildcard)) << 32
        }
        var hasLeafSlots: Bool { bits & 0x40 != 0 }
        var hasEnd: Bool { bits & 0x80 != 0 }
        /// The node's table: its slots' indices in the array that holds it (empty when it has none).
        var slots: Range<Int> { Int(slotStart)..<Int(slotStart) + (slotBits > 0 ? 1 << slotBits : 0) }
        /// Whether the node holds a `{name}` child node and nothing else (no edges, destinations,
        /// subtree wildcards or `{$}`; the child not a plain leaf).
        var holdsOnlyWildcard: Bool { bits == 0 && counts == 0 && wildcard >= 0 }

        /// Whether ``listStart`` is the node's one destination rather than a position in `lists`.
        var holdsDestination: Bool { terminalCount == 1 && restCount == 0 && !hasEnd }
    }

    /// One slot of a node's literal-edge hash table: 32 bytes, so with the table 64-byte
    /// aligned a slot never straddles two cache lines. (In a table of ``LeafEdge`` slots, the
    /// first half of each.)
    struct Edge: Sendable {
        /// The child node itself (a copy of its entry in ``RouteTable/nodes``), with the literal's
        /// length in ``Node/literalLength`` (0 for an empty slot).
        var node = Node()
        /// Bytes 0..<8 of the literal, little-endian, zero-padded.
        var head: UInt64 = 0
        /// Bytes 8..<16 of the literal (zero-padded) when it has at most 16; otherwise where it
        /// is kept in ``RouteTable/keys``: its length as four little-endian bytes, then its bytes.
        var tail: UInt64 = 0

        var isEmpty: Bool { node.literalLength == 0 }
    }

    /// A slot of a table whose edges lead to destinations: the edge, then a copy of the
    /// destination its child completes — 64 bytes, one cache line, so a match ending at the
    /// child reads nothing else.
    struct LeafEdge: Sendable {
        var edge = Edge()
        var leaf = Leaf()
    }

    /// The destination an edge's child completes — the child's own destination, else the one
    /// of its `{name}` child when that is a plain leaf, else its one subtree wildcard's — copied
    /// from ``RouteTable/records`` into the edge's slot. It describes the destination's param
    /// when that is its only one and a path param.
    struct Leaf: Sendable {
        /// The destination's id.
        var name = ""
        /// The only param's type (when ``paramBits`` says there is one in the path).
        var kind = LinkValue.Kind.unsupported
        /// The destination's record, or -1 when the child completes none.
        var record: Int32 = -1
        /// The only param's name, as an index into ``RouteTable/paramNames``.
        var paramName: UInt16 = 0
        var decision = Record.Decision.web
        /// Bit 0: the destination has no params; bit 1: it has exactly one, a path param
        /// (described here); neither: read ``RouteTable/records``.
        var paramBits: UInt8 = 0
    }

    /// The first 16 bytes of `buffer[start..<end]` as ``words(_:)`` gives them, read with at most
    /// three 8-byte loads that stay inside `buffer` (a segment is usually followed or preceded by
    /// more of its path, so loads need not stop at its ends) instead of a loop per byte.
    @inline(__always) static func words(
        in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> (UInt64, UInt64) {
        let length = end - start
        guard buffer.count >= 8, let base = buffer.baseAddress else {
            return words(UnsafeBufferPointer(rebasing: buffer[start..<end]))
        }
        @inline(__always) func load(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        }
        if length >= 8 {
            let head = load(start)
            if length == 8 { return (head, 0) }
            // Bytes 8..<min(length, 16): the top bytes of the word ending at min(end, start + 16).
            let tailEnd = min(end, start + 16)
            return (head, load(tailEnd - 8) >> UInt64(8 * (16 - (tailEnd - start))))
        }
        if length == 0 { return (0, 0) }
        if start + 8 <= buffer.count {
            return (load(start) & (UInt64.max >> UInt64(8 * (8 - length))), 0)
        }
        if end >= 8 { return (load(end - 8) >> UInt64(8 * (8 - length)), 0) }
        return words(UnsafeBufferPointer(rebasing: buffer[start..<end]))
    }

    /// The first 16 bytes of a literal as two little-endian words (zero-padded), as ``Edge`` stores them.
    @inline(__always) static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        for index in 0..<min(bytes.count, 16) {
            if index < 8 {
                head |= UInt64(bytes[index]) << (8 * UInt64(index))
            } else {
                tail |= UInt64(bytes[index]) << (8 * UInt64(index - 8))
            }
        }
        return (head, tail)
    }

    /// One entry of ``RouteTable/records``: a destination (its id, what a match decides, how
    /// many param records follow it), or one of its params (name, type, where it is read).
    /// Keeping a destination's params right after it puts them in the same or the next cache line.
    struct Record: Sendable {
        enum Decision: Sendable {
            case native
            case web
            case inAppBrowser
            case external
        }

        /// The destination's id, or the param's name.
        let name: String
        /// A param's type (`.unsupported` in a destination's record).
        let kind: LinkValue.Kind
        let optional: Bool
        let inPath: Bool
        /// A destination's decision (unused in a param's record).
        let decision: Decision
        /// The number of param records following a destination's record (0 in a param's record).
        let paramCount: UInt16
    }

    /// A successful match: the destination's record index (and its copy in the edge that led
    /// to it, when there is one), its typed params, and whether the match is exact in
    /// ServeMux's sense (a subtree wildcard did not swallow a non-empty remainder).
    struct Match {
        /// The index of the destination's ``Record``.
        let record: Int
        /// The destination's copy in an edge slot, when the match used it (read its name and
        /// decision there rather than in ``RouteTable/records``).
        let leaf: UnsafePointer<Leaf>?
        let params: LinkParams
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

    let nodes: FrozenTable<Node>
    /// Every node's literal-edge hash table, one after another.
    let edges: FrozenTable<Edge>
    /// The tables of nodes with an edge to a destination (see ``LeafEdge``), one after another.
    let leafEdges: FrozenTable<LeafEdge>
    /// The bytes of literals longer than 16 bytes.
    let keys: FrozenTable<UInt8>
    /// Every node's destinations and subtree wildcards (see ``Node/listStart``).
    let lists: FrozenTable<Int32>
    /// Each destination's record followed by its params' records, in manifest order.
    let records: FrozenTable<Record>
    /// Every param name, once (``Leaf/paramName`` indexes it).
    let paramNames: FrozenTable<String>

    /// Builds the table; `leafCopies: false` copies no destination into edge slots, so every
    /// match reads ``records``, and copies a `{name}` child into no slot in place of its parent
    /// (the tests hold both ways to the same decisions).
    init(manifest: AppManifest, leafCopies: Bool = true) {
        var records: [Record] = []
        var builder = Builder()
        for destination in manifest.destinations {
            let decision: Record.Decision
            switch destination.link {
            case .externalBrowser: decision = .external
            case .inAppBrowser: decision = .inAppBrowser
            case .inApp, .universalLink: decision = destination.presentation == .native ? .native : .web
            }
            // A destination and its params share a 64-byte line when they fit in one (the table
            // is 64-byte aligned): a match then reads one line of records.
            let stride = MemoryLayout<Record>.stride
            let group = (1 + destination.params.count) * stride
            if 64 % stride == 0, group <= 64, (records.count * stride) % 64 + group > 64 {
                records.append(
                    Record(name: "", kind: .unsupported, optional: false, inPath: false, decision: .web, paramCount: 0))
            }
            builder.insert(destination.pattern, records.count)
            records.append(
                Record(
                    name: destination.id, kind: .unsupported, optional: false, inPath: false, decision: decision,
                    paramCount: UInt16(destination.params.count)))
            for param in destination.params {
                var type = param.type
                var optional = false
                if case .optional(let wrapped) = type {
                    type = wrapped
                    optional = true
                }
                records.append(
                    Record(
                        name: param.name, kind: LinkValue.Kind(type, in: manifest), optional: optional,
                        inPath: param.inPath, decision: decision, paramCount: 0))
            }
        }
        var (nodes, built, keys, lists, children) = builder.flatten()
        let paramNames = Set(manifest.destinations.flatMap { $0.params.map(\.name) }).sorted()
        // A name past the 65,536th (which no real manifest reaches) is simply not copied: its
        // destinations are matched from the records.
        let paramIndex = Dictionary(
            uniqueKeysWithValues: paramNames.enumerated().compactMap { index, name in
                UInt16(exactly: index).map { (name, $0) }
            })
        // The destination each edge's child completes, copied for the edge.
        var leaves = [Leaf?](repeating: nil, count: built.count)
        for (slot, child) in children where leafCopies {
            let node = nodes[child]
            let record: Int
            if node.holdsDestination {
                record = Int(node.listStart)
            } else if node.wildcard <= -2 {
                record = Int(-2 - node.wildcard)
            } else if node.terminalCount == 0, node.restCount == 1 {
                record = Int(lists[Int(node.listStart)] >> 1)
            } else {
                continue
            }
            let destination = records[record]
            var leaf = Leaf(name: destination.name, record: Int32(record), decision: destination.decision)
            if destination.paramCount == 0 {
                leaf.paramBits = 1
            } else if destination.paramCount == 1, records[record + 1].inPath,
                let name = paramIndex[records[record + 1].name]
            {
                leaf.paramBits = 2
                leaf.kind = records[record + 1].kind
                leaf.paramName = name
            }
            leaves[slot] = leaf
        }
        // The child each slot of `built` leads to; and, for a slot whose child is `/{name}/literal`
        // and nothing else (see `Node.isCompound`), the slot of that literal, whose destination's
        // copy the slot takes.
        var childOf = [Int](repeating: -1, count: built.count)
        for (slot, child) in children { childOf[slot] = child }
        var compound = [Int?](repeating: nil, count: built.count)
        for (slot, child) in children where leafCopies {
            guard nodes[child].holdsOnlyWildcard else { continue }
            let wildcard = nodes[Int(nodes[child].wildcard)]
            guard wildcard.counts == 0, !wildcard.hasEnd, wildcard.wildcard == -1 else { continue }
            let occupied = wildcard.slots.filter { !built[$0].isEmpty }
            guard occupied.count == 1, built[occupied[0]].node.literalLength <= 8, let leaf = leaves[occupied[0]]
            else { continue }
            let end = nodes[childOf[occupied[0]]]
            guard end.bits == 0, end.wildcard == -1, end.counts == 1 else { continue }
            compound[slot] = occupied[0]
            leaves[slot] = leaf
        }
        // Tables with a copy in any slot take 64-byte slots; the others keep 32-byte ones.
        var edges: [Edge] = []
        var leafEdges: [LeafEdge] = []
        // Where each slot of `built` went: which array, and its index there.
        var moved = [(toLeafEdges: Bool, index: Int)](repeating: (false, -1), count: built.count)
        for index in nodes.indices where nodes[index].slotBits > 0 {
            let range = nodes[index].slots
            if range.contains(where: { leaves[$0] != nil }) {
                nodes[index].slotStart = Int32(leafEdges.count)
                nodes[index].bits |= 0x40
                for old in range {
                    moved[old] = (true, leafEdges.count)
                    leafEdges.append(LeafEdge(edge: built[old], leaf: leaves[old] ?? Leaf()))
                }
            } else {
                // Tables start on a 64-byte line (two slots), so a two-slot table is one line.
                if edges.count % 2 == 1 { edges.append(Edge()) }
                nodes[index].slotStart = Int32(edges.count)
                for old in range {
                    moved[old] = (false, edges.count)
                    edges.append(built[old])
                }
            }
        }
        // Each slot holds a copy of its child, made once every node and table is final; of its
        // `{name}` child when that is all the child holds.
        for (slot, child) in children {
            var copy = nodes[child]
            if let literal = compound[slot] {
                let head = built[literal].head
                copy = Node(
                    slotStart: Int32(bitPattern: UInt32(truncatingIfNeeded: head)),
                    wildcard: Int32(bitPattern: UInt32(truncatingIfNeeded: head >> 32)),
                    listStart: Int32(built[literal].node.literalLength), counts: 0xC0)
            } else if leafCopies, copy.holdsOnlyWildcard {
                copy = nodes[Int(copy.wildcard)]
                copy.counts |= 0x80
            }
            copy.literalLength = built[slot].node.literalLength
            if moved[slot].toLeafEdges {
                leafEdges[moved[slot].index].edge.node = copy
            } else {
                edges[moved[slot].index].node = copy
            }
        }
        self.paramNames = FrozenTable(paramNames)
        self.leafEdges = FrozenTable(leafEdges)
        self.nodes = FrozenTable(nodes)
        self.edges = FrozenTable(edges)
        self.keys = FrozenTable(keys)
        self.lists = FrozenTable(lists)
        self.records = FrozenTable(records)
    }

    deinit {
        nodes.free()
        edges.free()
        leafEdges.free()
        keys.free()
        lists.free()
        records.free()
        paramNames.free()
    }

    /// The most specific destination matching `path` (and `query`) whose values parse, with ServeMux's
    /// `/tree` → `/tree/` redirect applied when the path has no exact match.
    func match(_ path: RequestPath, query: inout Query) -> Match? {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: path.count + 1) { values in
            var lookup = Lookup(table: self, values: values, query: query)
            defer { query = lookup.query }
            let root = nodes[0]
            let found = lookup.walk(root, nil, 0, path)
            if found?.exact != true, !path.endsWithSlash, path.count > 0 {
                lookup.valueCount = 0
                if let redirected = lookup.walk(root, nil, 0, path.withTrailingSlash()), redirected.exact {
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

        /// Matches `path` from segment `index` on at `node`, reached through an edge whose slot
        /// holds `via` (`nil` at the root, at a `{name}` child, and for 32-byte slots).
        mutating func walk(_ node: Node, _ via: UnsafePointer<Leaf>?, _ index: Int, _ path: RequestPath) -> Match? {
            if node.entersWildcard {
                // What the edge's child, which holds only this `{name}` child, would do: nothing at
                // the path's end, else take the segment as the wildcard's value.
                guard index < path.segments.count else { return nil }
                values[valueCount] = .segment(path.segments[index])
                valueCount += 1
                let found: Match?
                if node.isCompound {
                    // `/{name}/literal` and nothing else: a match only when the path ends with the
                    // literal (no trailing slash), completing the destination copied in the slot.
                    let next = index + 1 < path.segments.count ? path.segments[index + 1] : nil
                    if let via, let next, index + 2 == path.segments.count, !path.endsWithSlash,
                        next.end - next.start == Int(node.listStart),
                        RouteTable.words(in: path.bytes, from: next.start, to: next.end).0 == node.compoundHead
                    {
                        found = resolve(Int(via.pointee.record), via, path, exact: true)
                    } else {
                        found = nil
                    }
                } else {
                    var child = node
                    child.counts &= 0x7F
                    found = walk(child, nil, index + 1, path)
                }
                if found == nil { valueCount -= 1 }
                return found
            }
            if index == path.count {
                if node.holdsDestination {
                    return resolve(Int(node.listStart), via, path, exact: true)
                }
                for offset in 0..<Int(node.terminalCount) {
                    let record = Int(table.lists[Int(node.listStart) + offset])
                    if let found = resolve(record, via, path, exact: true) { return found }
                }
                return nil
            }
            if index < path.segments.count {
                let segment = path.segments[index]
                if let child = table.literalChild(node, path.bytes, segment),
                    let found = walk(child.node, child.leaf, index + 1, path)
                {
                    return found
                }
                if node.wildcard != -1 {
                    values[valueCount] = .segment(segment)
                    valueCount += 1
                    if node.wildcard >= 0 {
                        if let found = walk(table.nodes[Int(node.wildcard)], nil, index + 1, path) { return found }
                    } else if index + 1 == path.count {
                        // A leaf: what walking into it would do, without reading it.
                        if let found = resolve(Int(-2 - node.wildcard), via, path, exact: true) { return found }
                    }
                    valueCount -= 1
                }
            } else if node.hasEnd {
                let end = table.lists[Int(node.listStart) + Int(node.terminalCount) + Int(node.restCount)]
                if let found = walk(table.nodes[Int(end)], nil, index + 1, path) { return found }
            }
            guard node.restCount > 0 else { return nil }
            let exact = index == path.segments.count
            let restStart = Int(node.listStart) + Int(node.terminalCount)
            for offset in 0..<Int(node.restCount) {
                let rest = Int(table.lists[restStart + offset])
                let record = rest >> 1
                let named = rest & 1 == 1
                if named {
                    values[valueCount] = .remainder(from: index)
                    valueCount += 1
                }
                if let found = resolve(record, via, path, exact: exact) { return found }
                if named { valueCount -= 1 }
            }
            return nil
        }

        /// The match of destination `record` if its params parse: from its copy `via` when that
        /// is this destination's and describes all its params, else from ``RouteTable/records``.
        mutating func resolve(_ record: Int, _ via: UnsafePointer<Leaf>?, _ path: RequestPath, exact: Bool) -> Match? {
            if let via, Int(via.pointee.record) == record {
                if via.pointee.paramBits & 1 != 0 {
                    return Match(record: record, leaf: via, params: LinkParams(), exact: exact)
                }
                if via.pointee.paramBits & 2 != 0 {
                    guard valueCount > 0, let value = parse(values[0], as: via.pointee.kind, path) else { return nil }
                    let params = LinkParams(key: table.paramNames[Int(via.pointee.paramName)], value: value)
                    return Match(record: record, leaf: via, params: params, exact: exact)
                }
            }
            guard let params = typedParams(record, path) else { return nil }
            return Match(record: record, leaf: nil, params: params, exact: exact)
        }

        /// A captured value parsed as `kind`.
        func parse(_ value: Value, as kind: LinkValue.Kind, _ path: RequestPath) -> LinkValue? {
            switch value {
            case .segment(let segment):
                return kind.parse(UnsafeBufferPointer(rebasing: path.bytes[segment.start..<segment.end]))
            case .remainder(let from): return kind.parse(path.remainder(from: from))
            }
        }

        /// Typed params for the destination whose record is `index`, or `nil` when a value does not
        /// parse or a required one is missing.
        mutating func typedParams(_ index: Int, _ path: RequestPath) -> LinkParams? {
            let first = index + 1
            let count = Int(table.records[index].paramCount)
            if count == 0 { return LinkParams() }
            return withUnsafeTemporaryAllocation(of: LinkParams.Entry.self, capacity: count) { pairs in
                var found = 0
                defer { pairs.baseAddress!.deinitialize(count: found) }
                var position = 0
                for specIndex in first..<first + count {
                    let spec = table.records[specIndex]
                    let value: LinkValue
                    if spec.inPath {
                        guard position < valueCount, let parsed = parse(values[position], as: spec.kind, path) else {
                            return nil
                        }
                        value = parsed
                        position += 1
                    } else if let raw = query.items().first(where: { $0.0.utf8.elementsEqual(spec.name.utf8) })?.1 {
                        guard let parsed = spec.kind.parse(raw) else { return nil }
                        value = parsed
                    } else if spec.optional {
                        continue
                    } else {
                        return nil
                    }
                    (pairs.baseAddress! + found).initialize(to: LinkParams.Entry(key: spec.name, value: value))
                    found += 1
                }
                // A destination's param names are distinct (the validator refuses duplicates).
                switch found {
                case 0: return LinkParams()
                case 1: return LinkParams(key: pairs[0].key, value: pairs[0].value)
                default: return LinkParams(entries: Array(pairs[0..<found]))
                }
            }
        }
    }

    /// The child of `node` for the literal segment `bytes`, and the copy of the destination it
    /// completes when its slot holds one: one hash of the bytes, then a probe of the node's
    /// table comparing length and the first 16 bytes held in the slot (and the rest of a longer
    /// literal in ``keys``).
    func literalChild(
        _ node: Node, _ path: UnsafeBufferPointer<UInt8>, _ segment: RequestPath.Segment
    ) -> (node: Node, leaf: UnsafePointer<Leaf>?)? {
        guard node.slotBits > 0 else { return nil }
        let mask = 1 << node.slotBits - 1
        // Both kinds of slot start with an `Edge`; only the stride differs.
        let leafSlots = node.hasLeafSlots
        let stride = leafSlots ? MemoryLayout<LeafEdge>.stride : MemoryLayout<Edge>.stride
        let base = (leafSlots ? leafEdges.rawBase : edges.rawBase) + Int(node.slotStart) * stride
        let bytes = UnsafeBufferPointer(rebasing: path[segment.start..<segment.end])
        let (head, tail) = Self.words(in: path, from: segment.start, to: segment.end)
        var slot = Self.homeSlot(Self.hash(bytes, head: head, tail: tail), seed: node.seed, slotBits: node.slotBits)
        let perfect = node.isPerfect
        while true {
            let address = base + slot * stride
            let edge = address.assumingMemoryBound(to: Edge.self)
            if edge.pointee.isEmpty { return nil }
            if edge.pointee.node.literalLength == UInt8(min(bytes.count, 255)), edge.pointee.head == head,
                bytes.count <= 16
                    ? edge.pointee.tail == tail
                    : Self.longLiteral(at: Int(edge.pointee.tail), in: keys).elementsEqual(bytes)
            {
                let leaf = leafSlots ? (address + Self.leafOffset).assumingMemoryBound(to: Leaf.self) : nil
                return (edge.pointee.node, leaf)
            }
            // In a perfect table a literal is in its home slot or absent.
            if perfect { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Where ``LeafEdge/leaf`` sits in a slot: right after the 32-byte edge (a test holds it to
    /// `MemoryLayout<LeafEdge>.offset(of: \.leaf)`; a constant here, read on every probe).
    @inline(__always) static var leafOffset: Int { MemoryLayout<Edge>.stride }

    /// A literal's hash: for up to 16 bytes, a multiply-mix of its two words (``words(_:)``) and
    /// length; longer ones by FNV-1a over every byte, so literals sharing a long prefix still
    /// spread over the table. The table is built from the manifest, so its keys are not chosen by
    /// whoever sends a URL; a crafted segment can only miss.
    @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>, head: UInt64, tail: UInt64) -> UInt64 {
        guard bytes.count <= 16 else { return fnv(bytes) }
        var hash = (head ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ (hash >> 32) ^ tail) &* 0xD6E8_FEB8_6659_FD93
        return hash ^ (hash >> 32)
    }

    /// Where a literal whose ``hash(_:head:tail:)`` is `hash` is first looked for in a table of
    /// `1 << slotBits` slots (`slotBits` ≥ 1) built with `seed`: the top bits of a multiply-mix, so
    /// each seed spreads the same literals differently.
    @inline(__always) static func homeSlot(_ hash: UInt64, seed: UInt8, slotBits: Int) -> Int {
        let mixed = (hash ^ (UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }

    /// A table's size (as `slotBits`) and seed for literals with these hashes, and whether it is
    /// perfect: the smallest table at most two thirds full, or two or four times that, with the
    /// first seed (of 256) that gives every literal its own home slot. A table of more than 64
    /// literals, or the rare smaller one no seed works for, gets the smallest size and seed 0 and
    /// is probed linearly.
    static func layout(_ hashes: [UInt64]) -> (slotBits: Int, seed: UInt8, perfect: Bool) {
        var size = 2
        while size * 2 < hashes.count * 3 { size *= 2 }
        let smallest = size.trailingZeroBitCount
        guard hashes.count <= 64 else { return (smallest, 0, false) }
        var taken = [UInt64](repeating: 0, count: (size * 4 + 63) / 64)
        for slotBits in smallest...smallest + 2 {
            seeds: for seed in 0...UInt8.max {
                for index in taken.indices { taken[index] = 0 }
                for hash in hashes {
                    let slot = homeSlot(hash, seed: seed, slotBits: slotBits)
                    let bit: UInt64 = 1 << UInt64(slot % 64)
                    if taken[slot / 64] & bit != 0 { continue seeds }
                    taken[slot / 64] |= bit
                }
                return (slotBits, seed, true)
            }
        }
        return (smallest, 0, false)
    }

    /// The bytes of the literal longer than 16 bytes kept at `offset` in `keys` (its length first).
    static func longLiteral(at offset: Int, in keys: FrozenTable<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let prefix = keys.buffer(offset..<offset + 4)
        let length = Int(prefix[0]) | Int(prefix[1]) << 8 | Int(prefix[2]) << 16 | Int(prefix[3]) << 24
        return keys.buffer(offset + 4..<offset + 4 + length)
    }

    /// FNV-1a over the bytes, for literals longer than 16 bytes.
    static func fnv(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash ^ (hash >> 29)
    }

    /// Builds the trie with nested collections, then flattens it.
    struct Builder {
        /// A subtree wildcard ending at a node.
        struct Rest {
            var record: Int
            /// Whether the subtree wildcard is named (its value is then a param).
            var named: Bool
        }

        struct BuildNode {
            var literals: [[UInt8]: Int] = [:]
            var wildcard = -1
            var end = -1
            var terminal: [Int] = []
            var rest: [Rest] = []
        }

        var nodes = [BuildNode()]

        mutating func insert(_ pattern: PathPattern, _ record: Int) {
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
                    nodes[current].rest.append(Rest(record: record, named: name != nil))
                    return
                }
            }
            nodes[current].terminal.append(record)
        }

        /// The destination of node `index` if it holds one and nothing else (no edges, wildcard,
        /// subtree or `{$}`).
        func leafDestination(_ index: Int) -> Int? {
            let node = nodes[index]
            guard node.literals.isEmpty, node.wildcard < 0, node.end < 0, node.rest.isEmpty, node.terminal.count == 1
            else { return nil }
            return node.terminal[0]
        }

        /// The flat nodes, every node's edge table (slots hold the literal, not yet the child's
        /// copy), the long literals, the lists, and which child each slot leads to.
        func flatten() -> ([Node], [Edge], [UInt8], [Int32], [(slot: Int, child: Int)]) {
            var flat: [Node] = []
            var edges: [Edge] = []
            var keys: [UInt8] = []
            var lists: [Int32] = []
            var pending: [(slot: Int, child: Int)] = []
            flat.reserveCapacity(nodes.count)
            for node in nodes {
                var out = Node(wildcard: Int32(node.wildcard))
                if node.wildcard >= 0, let leaf = leafDestination(node.wildcard) { out.wildcard = Int32(-2 - leaf) }
                // Sorted only so the same manifest always lays out the same table.
                let sorted = node.literals.sorted { $0.key.lexicographicallyPrecedes($1.key) }
                if !sorted.isEmpty {
                    let words = sorted.map { key, _ in key.withUnsafeBufferPointer(RouteTable.words) }
                    let hashes = zip(sorted, words).map { literal, words in
                        literal.key.withUnsafeBufferPointer { RouteTable.hash($0, head: words.0, tail: words.1) }
                    }
                    let layout = RouteTable.layout(hashes)
                    let size = 1 << layout.slotBits
                    out.slotStart = Int32(edges.count)
                    out.bits = UInt8(layout.slotBits) | (layout.perfect ? 0x20 : 0)
                    out.seed = layout.seed
                    edges.append(contentsOf: repeatElement(Edge(), count: size))
                    for (((key, child), (head, tail)), hash) in zip(zip(sorted, words), hashes) {
                        precondition(!key.isEmpty, "literal segments are never empty")
                        var edge = Edge(head: head, tail: tail)
                        edge.node.literalLength = UInt8(min(key.count, 255))
                        if key.count > 16 {
                            edge.tail = UInt64(keys.count)
                            keys.append(contentsOf: withUnsafeBytes(of: UInt32(key.count).littleEndian, Array.init))
                            keys.append(contentsOf: key)
                        }
                        var slot = RouteTable.homeSlot(hash, seed: layout.seed, slotBits: layout.slotBits)
                        while !edges[Int(out.slotStart) + slot].isEmpty { slot = (slot + 1) & (size - 1) }
                        edges[Int(out.slotStart) + slot] = edge
                        // The child's copy is filled in once every node and table is final.
                        pending.append((Int(out.slotStart) + slot, child))
                    }
                }
                let fits = node.terminal.count <= 15 && node.rest.count <= 3
                precondition(fits, "equal patterns conflict in a validated manifest")
                out.counts = UInt8(node.terminal.count) | UInt8(node.rest.count) << 4
                if node.end >= 0 { out.bits |= 0x80 }
                if out.holdsDestination {
                    out.listStart = Int32(node.terminal[0])
                } else {
                    out.listStart = Int32(lists.count)
                    lists.append(contentsOf: node.terminal.map { Int32($0) })
                    lists.append(contentsOf: node.rest.map { Int32($0.record << 1 | ($0.named ? 1 : 0)) })
                    if node.end >= 0 { lists.append(Int32(node.end)) }
                }
                flat.append(out)
            }
            return (flat, edges, keys, lists, pending)
        }
    }
}
