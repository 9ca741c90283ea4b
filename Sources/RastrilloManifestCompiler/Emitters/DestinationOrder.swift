import RastrilloNative

/// Orders destinations from most to least specific (a linear extension of
/// ServeMux's "more specific" relation): segment by segment, literals and
/// `{$}` before `{name}` before subtree wildcards.
enum DestinationOrder {
    static func mostSpecificFirst(_ destinations: [ManifestDestination]) -> [ManifestDestination] {
        // Each pattern's ranks are computed once and indices (not destinations) are sorted:
        // ranking inside the comparator, and moving whole destinations, dominated the sort.
        let ranks = destinations.map { destination in
            destination.pattern.segments.map { segment -> Int in
                switch segment {
                case .literal, .end: return 0
                case .wildcard: return 1
                case .rest: return 2
                }
            }
        }
        let order = destinations.indices.sorted { lhs, rhs in
            if ranks[lhs] != ranks[rhs] { return ranks[lhs].lexicographicallyPrecedes(ranks[rhs]) }
            return lhs < rhs
        }
        return order.map { destinations[$0] }
    }
}
