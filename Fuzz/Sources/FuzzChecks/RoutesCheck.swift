import RastrilloNative

/// `fuzz-routes`: a manifest of up to eight destinations whose patterns the input spells (over
/// `/a`, `/b`, `/{w}`, `/`, `/{$}`, `/{rest...}`), then paths over `a`, `b`, `c`.
///
/// Properties, against a naive matcher that knows nothing of the route table: a pattern's
/// match set is computed by matching it against every path of up to five segments; ServeMux
/// precedence picks the matching pattern whose set is inside every other matching pattern's
/// (the `/tree` → `/tree/` redirect applies when the match is not exact). The manifest
/// validates exactly when no two patterns conflict (overlap with neither strictly inside the
/// other); and on a valid one the router picks the naive winner for every path.
enum RoutesCheck {
    /// One pattern: literal or wildcard segments and how it ends.
    struct Pattern: CustomStringConvertible {
        enum Segment: Equatable {
            case literal(String)
            case wildcard
        }
        enum Tail {
            case none, slash, end, rest
        }
        var segments: [Segment]
        var tail: Tail

        var description: String {
            var text = ""
            for (index, segment) in segments.enumerated() {
                switch segment {
                case .literal(let word): text += "/" + word
                case .wildcard: text += "/{w\(index)}"
                }
            }
            switch tail {
            case .none: if text.isEmpty { text = "/" }
            case .slash: text += "/"
            case .end: text += "/{$}"
            case .rest: text += "/{rest...}"
            }
            return text
        }

        /// How Go reads it: "/" alone is a subtree of everything.
        var effectiveTail: Tail { segments.isEmpty && tail == .none ? .slash : tail }

        func matches(_ path: Path) -> Bool {
            let count = segments.count
            switch effectiveTail {
            case .none: if path.segments.count != count || path.trailingSlash { return false }
            case .end: if path.segments.count != count || !path.trailingSlash { return false }
            case .slash, .rest:
                if path.segments.count < count || (path.segments.count == count && !path.trailingSlash) {
                    return false
                }
            }
            for (segment, word) in zip(segments, path.segments) {
                if case .literal(let literal) = segment, literal != word { return false }
            }
            return true
        }

        /// Go's exactMatch: a subtree pattern matches exactly only the path naming its root with a slash.
        func matchesExactly(_ path: Path) -> Bool {
            switch effectiveTail {
            case .none, .end: return true
            case .slash, .rest: return path.trailingSlash && path.segments.count == segments.count
            }
        }
    }

    struct Path: Hashable, CustomStringConvertible {
        var segments: [String]
        var trailingSlash: Bool
        var description: String {
            segments.isEmpty ? "/" : "/" + segments.joined(separator: "/") + (trailingSlash ? "/" : "")
        }
    }

    /// Every path of 0…5 segments over a, b, c (c is no pattern's literal).
    static let universe: [Path] = {
        var out = [Path(segments: [], trailingSlash: true)]
        var level: [[String]] = [[]]
        for _ in 1...5 {
            level = level.flatMap { prefix in ["a", "b", "c"].map { prefix + [$0] } }
            for segments in level {
                out.append(Path(segments: segments, trailingSlash: false))
                out.append(Path(segments: segments, trailingSlash: true))
            }
        }
        return out
    }()

    /// Reads patterns and query paths from the input bytes.
    static func decodeInput(_ bytes: [UInt8]) -> (patterns: [Pattern], paths: [Path]) {
        var iterator = bytes.makeIterator()
        let patternCount = Int(iterator.next() ?? 0) % 8 + 1
        var patterns: [Pattern] = []
        for _ in 0..<patternCount {
            guard let shape = iterator.next() else { break }
            let segmentCount = Int(shape % 4)
            var segments: [Pattern.Segment] = []
            var bits = shape >> 2
            for _ in 0..<segmentCount {
                switch bits & 3 {
                case 0: segments.append(.literal("a"))
                case 1: segments.append(.literal("b"))
                default: segments.append(.wildcard)
                }
                bits >>= 2
            }
            let tails: [Pattern.Tail] = [.none, .slash, .end, .rest]
            patterns.append(Pattern(segments: segments, tail: tails[Int(iterator.next() ?? 0) % 4]))
        }
        var paths: [Path] = []
        while let head = iterator.next() {
            let count = Int(head % 6)
            var segments: [String] = []
            for _ in 0..<count { segments.append(["a", "b", "c"][Int(iterator.next() ?? 0) % 3]) }
            paths.append(Path(segments: segments, trailingSlash: count == 0 || head & 0x80 != 0))
        }
        return (patterns, paths)
    }

    static func manifestJSON(_ patterns: [Pattern]) -> String {
        let destinations = patterns.enumerated().map { index, pattern in
            #"{"id":"d\#(index)","pattern":"\#(pattern)","presentation":"native","titleKey":"t\#(index)"}"#
        }
        return #"{"schemaVersion":1,"app":{"name":"Fuzz","appIDs":["ABCDE12345.com.example.fuzz"]},"#
            + #""origins":[{"origin":"https://app.example.com"}],"destinations":[\#(destinations.joined(separator: ","))]}"#
    }

    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        let (patterns, paths) = decodeInput(bytes)
        let sets = patterns.map { pattern in Set(universe.filter { pattern.matches($0) }) }
        var conflict: (Int, Int)?
        for i in patterns.indices {
            for j in patterns.indices where j > i {
                let overlap = !sets[i].isDisjoint(with: sets[j])
                if overlap && !sets[i].isStrictSubset(of: sets[j]) && !sets[j].isStrictSubset(of: sets[i]) {
                    conflict = (i, j)
                }
            }
        }
        let json = manifestJSON(patterns)
        let manifest: AppManifest
        do {
            manifest = try AppManifest.decode(Array(json.utf8), source: "fuzz-routes")
        } catch {
            try require(
                conflict != nil, "patterns \(patterns) do not conflict naively, yet the manifest is refused: \(error)")
            return
        }
        try require(conflict == nil, "patterns \(patterns) conflict naively (\(conflict!)), yet the manifest validates")
        let router = LinkRouter(manifest: manifest)
        for path in paths + universe.prefix(40) {
            let expected = winner(path, patterns: patterns, sets: sets)
            let decision = router.decide("https://app.example.com" + path.description)
            let got = decision.match?.destination
            try require(
                got == expected.map { "d\($0)" },
                "\(path) → \(decision) but ServeMux picks \(expected.map { "\(patterns[$0])" } ?? "nothing") "
                    + "among \(patterns)")
        }
    }

    /// The naive ServeMux winner: the matching pattern whose match set is inside every other's,
    /// with the redirect to `path/` when that match is not exact and `path/` matches exactly.
    static func winner(_ path: Path, patterns: [Pattern], sets: [Set<Path>]) -> Int? {
        func mostSpecific(_ path: Path) -> Int? {
            let matching = patterns.indices.filter { patterns[$0].matches(path) }
            return matching.first { i in matching.allSatisfy { sets[i].isSubset(of: sets[$0]) } }
        }
        let found = mostSpecific(path)
        if found.map({ patterns[$0].matchesExactly(path) }) != true, !path.trailingSlash, !path.segments.isEmpty {
            let slashed = Path(segments: path.segments, trailingSlash: true)
            if let redirected = mostSpecific(slashed), patterns[redirected].matchesExactly(slashed) {
                return redirected
            }
        }
        return found
    }
}
