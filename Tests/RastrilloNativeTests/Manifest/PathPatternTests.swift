import Foundation
import RastrilloNative
import RastrilloTestSupport
import Testing

@Suite("PathPattern: Go 1.22 ServeMux grammar")
struct PathPatternTests {
    @Test(
        "valid patterns parse into segments",
        arguments: [
            ("/", [PathPattern.Segment.rest(nil)]),
            ("/{$}", [.end]),
            ("/notes/{id}", [.literal("notes"), .wildcard("id")]),
            ("/notes/", [.literal("notes"), .rest(nil)]),
            ("/notes/{$}", [.literal("notes"), .end]),
            ("/files/{path...}", [.literal("files"), .rest("path")]),
            ("/caf%C3%A9", [.literal("café")]),
            ("/a%20b/{x}/c", [.literal("a b"), .wildcard("x"), .literal("c")]),
        ])
    func parses(text: String, segments: [PathPattern.Segment]) throws {
        #expect(try PathPattern(parsing: text).segments == segments)
    }

    @Test(
        "invalid patterns are refused with the reason",
        arguments: [
            ("", PathPatternError.Problem.empty),
            ("example.com/notes", .hostNotAllowed),
            ("GET /notes", .methodNotAllowed),
            ("/a//b", .emptySegment),
            ("/a/../b", .dotSegment),
            ("/a/%2e%2E/b", .dotSegment),
            ("/a%2Fb", .encodedSlash),
            ("/a{id}", .wildcardNotWholeSegment),
            ("/{id}x", .wildcardNotWholeSegment),
            // A combining mark must not hide a brace or an encoded slash inside a larger Character.
            ("/a%2F%CC%81", .encodedSlash),
            ("/x{\u{301}", .wildcardNotWholeSegment),
            ("/{\u{301}id}", .badWildcardName("\u{301}id")),
            ("/{$}/a", .endAnchorNotLast),
            ("/{rest...}/a", .restNotLast),
            ("/{_bad}", .badWildcardName("_bad")),
            ("/{9a}", .badWildcardName("9a")),
            ("/{page-size}", .badWildcardName("page-size")),
            ("/{\(String(repeating: "a", count: 65))}", .badWildcardName(String(repeating: "a", count: 65))),
            ("/{}", .badWildcardName("")),
            ("/{a}/{a}", .duplicateWildcard("a")),
            ("/%zz", .badPercentEncoding("%zz")),
        ])
    func refuses(text: String, problem: PathPatternError.Problem) {
        #expect(throws: PathPatternError.self) { try PathPattern(parsing: text) }
        do {
            _ = try PathPattern(parsing: text)
        } catch {
            #expect(error.problem == problem)
            #expect(!error.description.isEmpty)
        }
    }

    /// A wildcard names what a URL carries: keywords of every generated language, uppercase and
    /// `_` are names too (the emitters make them identifiers; make manifest-keyword-params).
    @Test(arguments: ["/{select}/{type}", "/{default}/{for}/{in}", "/{Self}/{inout}", "/{page_size}", "/{ID2}"])
    func acceptsURLNamesKeywordsIncluded(text: String) throws {
        let pattern = try PathPattern(parsing: text)
        #expect(pattern.wildcardNames.count == text.split(separator: "/").count)
    }

    /// Expected relationships, as Go's net/http `comparePaths` gives them (the
    /// Go parity step registers the conflicting ones on a real ServeMux).
    @Test(
        "relationships follow ServeMux's more-specific rule",
        arguments: [
            ("/a", "/a", PatternRelationship.equivalent),
            ("/a", "/b", .disjoint),
            ("/a/b", "/a/{x}", .moreSpecific),
            ("/a/{x}", "/a/b", .moreGeneral),
            ("/a/{x}", "/a/{y}", .equivalent),
            ("/a/{x}/c", "/a/b/{y}", .overlaps),
            ("/a/", "/a/{rest...}", .equivalent),
            ("/a/", "/a/b", .moreGeneral),
            ("/a/", "/a", .disjoint),
            ("/", "/a/b/c", .moreGeneral),
            ("/{$}", "/", .moreSpecific),
            ("/a/{$}", "/a/{x}", .disjoint),
            ("/a/{$}", "/a/", .moreSpecific),
            ("/{x}/b", "/a/{y}", .overlaps),
            ("/{x}/", "/a/{y...}", .moreGeneral),
            ("/a/{x}/", "/a/b/c", .moreGeneral),
            ("/a/b/{c}", "/a/{b}/", .moreSpecific),
        ])
    func relationship(lhs: String, rhs: String, expected: PatternRelationship) throws {
        let left = try PathPattern(parsing: lhs)
        let right = try PathPattern(parsing: rhs)
        #expect(left.relationship(to: right) == expected)
        #expect(right.relationship(to: left) == expected.inverseForTest)
    }

    @Test("conflict index finds exactly the pairs a full comparison finds (seeded random patterns)")
    func conflictIndexAgreesWithAllPairs() throws {
        var generator = SeededGenerator(seed: SeededGenerator.seed("PathPatternTests", fallback: 0x5EED_0001))
        for _ in 0..<40 {
            let patterns = (0..<30).map { _ in RandomPatterns.pattern(using: &generator) }
            var all: [[Int]] = []
            for i in patterns.indices {
                for j in patterns.indices where j > i {
                    let relationship = patterns[i].relationship(to: patterns[j])
                    if relationship.isConflict {
                        all.append([i, j])
                    }
                }
            }
            #expect(PatternConflictIndex.conflicts(in: patterns).map { [$0.first, $0.second] } == all)
        }
    }
}

extension PatternRelationship {
    var inverseForTest: PatternRelationship {
        switch self {
        case .moreSpecific: return .moreGeneral
        case .moreGeneral: return .moreSpecific
        default: return self
        }
    }
}

/// Every pair of Tests/ManifestParity/conflict-patterns.txt that conflicts, as
/// Tests/ManifestParity/conflicts.txt lists it; `make manifest-parity-go`
/// registers each pair on a real ServeMux and requires a panic exactly for these.
@Suite("Conflict list shared with the Go check")
struct ConflictListTests {
    @Test("the validator's conflicts are exactly the checked-in list")
    func conflictList() throws {
        let patterns = try String(contentsOf: ManifestFixtures.parityFile("conflict-patterns.txt"), encoding: .utf8)
            .split(separator: "\n").map { try PathPattern(parsing: String($0)) }
        let found = PatternConflictIndex.conflicts(in: patterns).map { "\(patterns[$0.first]) \(patterns[$0.second])" }
        let listURL = ManifestFixtures.parityFile("conflicts.txt")
        if ProcessInfo.processInfo.environment["RASTRILLO_WRITE_CONFLICTS"] == "1" {
            try Data((found.joined(separator: "\n") + "\n").utf8).write(to: listURL)
        }
        let expected = try String(contentsOf: listURL, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(found == expected)
        #expect(found.count > 20)
    }
}
