/// How two path patterns' sets of matched paths relate, as Go's ServeMux defines it.
public enum PatternRelationship: Sendable, Equatable {
    /// Both match exactly the same paths (a conflict).
    case equivalent
    /// The first matches a strict subset of the second's paths (the first wins).
    case moreSpecific
    /// The first matches a strict superset of the second's paths (the second wins).
    case moreGeneral
    /// Each matches some paths the other does not, and they share some (a conflict).
    case overlaps
    /// No path matches both.
    case disjoint

    /// Whether registering both patterns on one ServeMux would panic.
    public var isConflict: Bool { self == .equivalent || self == .overlaps }

    var inverse: PatternRelationship {
        switch self {
        case .moreSpecific: return .moreGeneral
        case .moreGeneral: return .moreSpecific
        default: return self
        }
    }

    func combined(with other: PatternRelationship) -> PatternRelationship {
        switch self {
        case .equivalent: return other
        case .disjoint: return .disjoint
        case .overlaps: return other == .disjoint ? .disjoint : .overlaps
        case .moreGeneral, .moreSpecific:
            if other == .equivalent { return self }
            if other == inverse { return .overlaps }
            return other
        }
    }
}

extension PathPattern {
    /// The relationship between the paths this pattern and `other` match, by
    /// ServeMux's rules (`pattern.comparePaths` in Go's net/http).
    ///
    /// A pattern is more specific than another when it matches a strict subset
    /// of its paths; two patterns conflict when they are equivalent or overlap.
    public func relationship(to other: PathPattern) -> PatternRelationship {
        let lhs = segments
        let rhs = other.segments
        if lhs.count != rhs.count, !endsInRest, !other.endsInRest { return .disjoint }
        var relation = PatternRelationship.equivalent
        for index in 0..<min(lhs.count, rhs.count) {
            relation = relation.combined(with: Self.compare(lhs[index], rhs[index]))
            if relation == .disjoint { return .disjoint }
        }
        if lhs.count == rhs.count { return relation }
        if lhs.count < rhs.count, endsInRest { return relation.combined(with: .moreGeneral) }
        if rhs.count < lhs.count, other.endsInRest { return relation.combined(with: .moreSpecific) }
        return .disjoint
    }

    static func compare(_ lhs: Segment, _ rhs: Segment) -> PatternRelationship {
        switch (lhs, rhs) {
        case (.rest, .rest): return .equivalent
        case (.rest, _): return .moreGeneral
        case (_, .rest): return .moreSpecific
        case (.wildcard, .wildcard): return .equivalent
        case (.wildcard, .end): return .disjoint
        case (.wildcard, _): return .moreGeneral
        case (.end, .wildcard): return .disjoint
        case (_, .wildcard): return .moreSpecific
        case (.end, .end): return .equivalent
        case (.literal(let a), .literal(let b)):
            // Byte equality, as Go compares strings (Swift's == would equate canonically equivalent Unicode).
            return a.utf8.elementsEqual(b.utf8) ? .equivalent : .disjoint
        case (.end, .literal), (.literal, .end): return .disjoint
        }
    }
}
