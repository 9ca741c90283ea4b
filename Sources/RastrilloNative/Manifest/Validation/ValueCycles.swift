/// The named object types that contain themselves by value (through fields that are not arrays,
/// optionals unwrapped), found without recursion and in time linear in the types and fields:
/// a type is on such a cycle when its strongly connected component of value references has more
/// than one type, or it refers to itself.
struct ValueCycles {
    /// Each object type's value references, by index into the manifest's types.
    private let edges: [[Int]]
    private let indexByName: [String: Int]
    private let names: [String]
    /// The component of each type (Tarjan's algorithm, iterative).
    private let component: [Int]
    private let onCycle: [Bool]

    init(types: [ManifestNamedType], byName: [String: ManifestNamedType]) {
        var indexByName: [String: Int] = [:]
        for (index, type) in types.enumerated() where indexByName[type.name] == nil { indexByName[type.name] = index }
        var edges: [[Int]] = Array(repeating: [], count: types.count)
        for (index, type) in types.enumerated() {
            guard case .object(let fields) = type.kind, indexByName[type.name] == index else { continue }
            for field in fields {
                var inner = field.type
                while case .optional(let wrapped) = inner { inner = wrapped }
                guard case .named(let next) = inner, let target = indexByName[next],
                    case .object = byName[next]?.kind
                else { continue }
                edges[index].append(target)
            }
        }
        self.edges = edges
        self.indexByName = indexByName
        self.names = types.map(\.name)
        let component = Self.components(edges)
        var sizes: [Int: Int] = [:]
        for id in component { sizes[id, default: 0] += 1 }
        self.component = component
        self.onCycle = edges.indices.map { index in
            sizes[component[index], default: 0] > 1 || edges[index].contains(index)
        }
    }

    /// Whether the type called `name` contains itself by value.
    func isOnCycle(_ name: String) -> Bool {
        guard let index = indexByName[name] else { return false }
        return onCycle[index]
    }

    /// A shortest path of type names from `name` back to itself (`[A, B, A]`), through its own
    /// component, or `nil` when it is on no cycle.
    func path(from name: String) -> [String]? {
        guard let start = indexByName[name], onCycle[start] else { return nil }
        var parent: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in edges[node] where component[next] == component[start] {
                if next == start {
                    var indices = [start]
                    var walk = node
                    while walk != start {
                        indices.append(walk)
                        walk = parent[walk]!
                    }
                    indices.append(start)
                    return indices.reversed().map { names[$0] }
                }
                if parent[next] == nil, next != start {
                    parent[next] = node
                    queue.append(next)
                }
            }
        }
        return nil
    }

    /// Tarjan's strongly connected components, with an explicit stack instead of recursion.
    static func components(_ edges: [[Int]]) -> [Int] {
        let count = edges.count
        var order = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var component = Array(repeating: -1, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var next = 0
        var components = 0
        for root in 0..<count where order[root] < 0 {
            // Each frame: a node and the index of the next edge to follow.
            var frames: [(node: Int, edge: Int)] = [(root, 0)]
            order[root] = next
            low[root] = next
            next += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let node = frame.node
                if frame.edge < edges[node].count {
                    frames[frames.count - 1].edge += 1
                    let target = edges[node][frame.edge]
                    if order[target] < 0 {
                        order[target] = next
                        low[target] = next
                        next += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, 0))
                    } else if onStack[target] {
                        low[node] = min(low[node], order[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { low[parent] = min(low[parent], low[node]) }
                if low[node] == order[node] {
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component[member] = components
                        if member == node { break }
                    }
                    components += 1
                }
            }
        }
        return component
    }
}
