import Foundation
import RastrilloNative
import RastrilloTestSupport
import Testing

/// The router against a naive matcher written from Go 1.22 ServeMux's rules, over random
/// manifests and paths: every pattern is tried against the path on its own, and of those that
/// match (params parsing as their types), the most specific wins — the one that is at least as
/// specific as each other one at every segment (literal and `{$}` before `{name}` before a subtree
/// wildcard). Then ServeMux's redirect: a path without a trailing slash and without an exact match
/// opens what `path + "/"` matches exactly.
@Suite struct RouteTableDifferentialTests {
    static let seed = SeededGenerator.seed("RouteTableDifferentialTests", fallback: 0xd1ff_5e12_2026)

    /// Literal segments, decoded: `café` precomposed and decomposed are different bytes.
    static let literals = ["a", "b", "caf\u{E9}", "cafe\u{301}"]
    /// Request path segments: the literals plus values that do and do not parse as `int`.
    static let pathWords = literals + ["7", "007", "-0", "x"]

    /// A destination as the naive matcher sees it.
    struct Route {
        enum Segment {
            case literal(String)
            case wildcard(String)
            case end
            case rest(String?)
        }

        let id: String
        let segments: [Segment]
        /// Param name → `int` or `string`, and whether the query param `q` is read, and is optional.
        let types: [String: String]
        let query: (read: Bool, optional: Bool)

        /// ServeMux's specificity of one segment: lower is more specific.
        static func rank(_ segment: Segment) -> Int {
            switch segment {
            case .literal, .end: return 0
            case .wildcard: return 1
            case .rest: return 2
            }
        }

        /// Whether this route is at least as specific as `other` at every segment both have.
        func atLeastAsSpecific(as other: Route) -> Bool {
            zip(segments, other.segments).allSatisfy { Self.rank($0) <= Self.rank($1) }
        }
    }

    /// `-?(0|[1-9][0-9]*)` within ±(2^53 − 1), not `-0`, as the manifest format defines `int`.
    static func int(_ text: String) -> Int64? {
        let digits = text.hasPrefix("-") ? String(text.dropFirst()) : text
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), text != "-0",
            digits == "0" || !digits.hasPrefix("0"), let value = Int64(text), abs(value) <= 9_007_199_254_740_991
        else { return nil }
        return value
    }

    /// The route's params when it matches `path` (decoded segments, compared as bytes) on its own,
    /// and whether the match is exact (no subtree wildcard took a non-empty remainder).
    static func match(_ route: Route, _ path: [String], trailingSlash: Bool, query: String?) -> (
        params: [String: LinkValue], exact: Bool
    )? {
        var captured: [String: String] = [:]
        var exact = true
        var position = 0
        var ended = false
        for segment in route.segments {
            switch segment {
            case .literal(let text):
                guard position < path.count, Array(path[position].utf8) == Array(text.utf8) else { return nil }
                position += 1
            case .wildcard(let name):
                guard position < path.count else { return nil }
                captured[name] = path[position]
                position += 1
            case .end:
                guard position == path.count, trailingSlash else { return nil }
                ended = true
            case .rest(let name):
                guard position < path.count || trailingSlash else { return nil }
                let remainder = path[position...].joined(separator: "/")
                if let name { captured[name] = remainder + (remainder.isEmpty || !trailingSlash ? "" : "/") }
                exact = remainder.isEmpty
                ended = true
            }
        }
        if !ended, position != path.count || trailingSlash { return nil }
        var params: [String: LinkValue] = [:]
        for (name, value) in captured {
            if route.types[name] == "int" {
                guard let number = int(value) else { return nil }
                params[name] = .int(number)
            } else {
                params[name] = .string(value)
            }
        }
        if route.query.read {
            let items = (query ?? "").split(separator: "&").map {
                $0.split(separator: "=", omittingEmptySubsequences: false)
            }
            if let item = items.first(where: { $0.first == "q" }) {
                guard item.count == 2, let number = int(String(item[1])) else { return nil }
                params["q"] = .int(number)
            } else if !route.query.optional {
                return nil
            }
        }
        return (params, exact)
    }

    /// The most specific matching route, `nil` when none matches; fails the test when no match is
    /// at least as specific as all others (a validated manifest never has two such).
    static func best(_ routes: [Route], _ path: [String], trailingSlash: Bool, query: String?) -> (
        id: String, params: [String: LinkValue], exact: Bool
    )? {
        let found = routes.compactMap { route in
            match(route, path, trailingSlash: trailingSlash, query: query).map { (route, $0) }
        }
        guard !found.isEmpty else { return nil }
        let winners = found.filter { candidate in found.allSatisfy { candidate.0.atLeastAsSpecific(as: $0.0) } }
        #expect(winners.count == 1, "\(path) \(trailingSlash): \(found.map(\.0.id)) has no single most specific")
        guard let winner = winners.first else { return nil }
        return (winner.0.id, winner.1.params, winner.1.exact)
    }

    /// ServeMux's decision: the best match, or — when it is not exact and the path does not end
    /// with `/` — what `path + "/"` matches exactly.
    static func naive(_ routes: [Route], _ path: [String], trailingSlash: Bool, query: String?) -> (
        id: String, params: [String: LinkValue], redirected: Bool
    )? {
        let found = best(routes, path, trailingSlash: trailingSlash, query: query)
        if found?.exact != true, !trailingSlash, !path.isEmpty,
            let redirected = best(routes, path, trailingSlash: true, query: query), redirected.exact
        {
            return (redirected.id, redirected.params, true)
        }
        return found.map { ($0.id, $0.params, false) }
    }

    /// Percent-encodes every byte but ASCII letters and digits.
    static func encode(_ segment: String) -> String {
        segment.utf8.map { byte in
            byte < 0x80 && (Character(UnicodeScalar(byte)).isLetter || Character(UnicodeScalar(byte)).isNumber)
                ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
    }

    /// A random route and its pattern text: up to three literal or `{name}` segments, then
    /// nothing, `/`, `{$}` or `{name...}`; some read the query param `q`.
    static func randomRoute(_ id: String, using generator: inout SeededGenerator) -> (Route, pattern: String) {
        var segments: [Route.Segment] = []
        var text = ""
        var types: [String: String] = [:]
        for index in 0..<Int.random(in: 0...3, using: &generator) {
            if Int.random(in: 0..<3, using: &generator) < 2 {
                let literal = literals.randomElement(using: &generator)!
                segments.append(.literal(literal))
                text += "/" + encode(literal)
            } else {
                let name = "w\(index)"
                segments.append(.wildcard(name))
                types[name] = Bool.random(using: &generator) ? "int" : "string"
                text += "/{\(name)}"
            }
        }
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            segments.append(.rest(nil))
            text += "/"
        case 1:
            segments.append(.end)
            text += "/{$}"
        case 2:
            segments.append(.rest("tail"))
            types["tail"] = "string"
            text += "/{tail...}"
        default:
            if text.isEmpty {
                segments.append(.rest(nil))
                text = "/"
            }
        }
        let readsQuery = Int.random(in: 0..<4, using: &generator) == 0
        let route = Route(
            id: id, segments: segments, types: types, query: (readsQuery, Bool.random(using: &generator)))
        return (route, text)
    }

    /// The manifest entry for a route.
    static func entry(_ route: Route, pattern: String) -> String {
        var params = route.types.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }
        if route.query.read { params.append(route.query.optional ? #""q": {"optional": "int"}"# : #""q": "int""#) }
        return ManifestFixtures.destination(route.id, pattern, params: "{" + params.joined(separator: ", ") + "}")
    }

    @Test("random manifests and paths: the router decides what the naive ServeMux-precedence matcher decides")
    func routerAgreesWithNaiveMatcher() throws {
        var generator = SeededGenerator(seed: Self.seed)
        var compared = 0
        var matched = 0
        var redirected = 0
        for manifestIndex in 0..<200 {
            // Patterns that would conflict with one already taken are skipped, as the validator
            // refuses them.
            var routes: [Route] = []
            var patterns: [PathPattern] = []
            var entries: [String] = []
            for index in 0..<Int.random(in: 1...14, using: &generator) {
                let (route, text) = Self.randomRoute("d\(index)", using: &generator)
                let pattern = try PathPattern(parsing: text)
                guard !patterns.contains(where: { $0.relationship(to: pattern).isConflict }) else { continue }
                patterns.append(pattern)
                routes.append(route)
                entries.append(Self.entry(route, pattern: text))
            }
            let json = ManifestFixtures.manifest(destinations: entries.joined(separator: ","))
            let router = LinkRouter(manifest: try AppManifest.decode(Array(json.utf8), source: "m\(manifestIndex)"))
            for _ in 0..<300 {
                let path = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    Self.pathWords.randomElement(using: &generator)!
                }
                let trailingSlash = path.isEmpty || Bool.random(using: &generator)
                let query = [nil, "q=7", "q=x", "r=1"].randomElement(using: &generator)!
                let url =
                    "https://app.example.com/" + path.map(Self.encode).joined(separator: "/")
                    + (trailingSlash && !path.isEmpty ? "/" : "") + (query.map { "?" + $0 } ?? "")
                let expected = Self.naive(routes, path, trailingSlash: trailingSlash, query: query)
                let decision = router.decide(url)
                #expect(decision.isInternal, "\(url) → \(decision)")
                #expect(decision.match?.destination == expected?.id, "\(url) in \(entries)")
                #expect(decision.match?.params == expected.map { LinkParams($0.params) }, "\(url) in \(entries)")
                compared += 1
                if expected != nil { matched += 1 }
                if expected?.redirected == true { redirected += 1 }
            }
        }
        // Matches, misses and redirects were all compared, not only one kind.
        #expect(matched > compared / 4 && compared - matched > compared / 10, "\(matched) of \(compared) matched")
        #expect(redirected > 500, "\(redirected) redirects")
    }
}
