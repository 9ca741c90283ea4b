import RastrilloNative

/// Orders destinations from most to least specific (a linear extension of
/// ServeMux's "more specific" relation): segment by segment, literals and
/// `{$}` before `{name}` before subtree wildcards.
enum DestinationOrder {
    static func mostSpecificFirst(_ destinations: [ManifestDestination]) -> [ManifestDestination] {
        func ranks(_ pattern: PathPattern) -> [Int] {
            pattern.segments.map { segment in
                switch segment {
                case .literal, .end: return 0
                case .wildcard: return 1
                case .rest: return 2
                }
            }
        }
        return destinations.enumerated().sorted { lhs, rhs in
            let a = ranks(lhs.element.pattern)
            let b = ranks(rhs.element.pattern)
            if a != b { return a.lexicographicallyPrecedes(b) }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
