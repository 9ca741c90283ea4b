import Foundation
import Testing

@testable import RastrilloNative

private typealias F = ManifestFixtures

/// Issue 15, defect 2: conflict validation lists a bounded number of conflicts, however many
/// there are, and still refuses on any single one.
@Suite("Manifest validation: bounded conflict reports")
struct ConflictBoundTests {
    /// `count` patterns that all conflict pairwise: `/x/{wN}` are equivalent to each other,
    /// `/{vN}/y` too, and each of the first overlaps each of the second (`/x/y` matches both).
    static func mutuallyConflicting(_ count: Int) -> String {
        (0..<count).map { index in
            F.destination("d\(index)", index.isMultiple(of: 2) ? "/x/{w\(index)}" : "/{v\(index)}/y")
        }.joined(separator: ",")
    }

    @Test("10,000 mutually conflicting destinations: refused with the first 20 conflicts and one 'more' line")
    func tenThousandConflicting() {
        let issues = F.issues(F.manifest(destinations: Self.mutuallyConflicting(10_000)))
        #expect(issues.count == ManifestValidation.maxReportedConflicts + 1)
        #expect(issues.allSatisfy { $0.kind == .conflictingPatterns })
        // The listed ones are the first pairs in document order: d0 against d1 … d20.
        #expect(issues.first?.pointer == "/destinations/1/pattern")
        #expect(issues.dropLast().last?.pointer == "/destinations/20/pattern")
        #expect(issues.last?.pointer == "/destinations")
        #expect(issues.last?.message.contains("more patterns conflict than the 20 conflicts listed") == true)
    }

    @Test("exactly the limit: no 'more' line; one past it: the line")
    func limitEdges() {
        // 7 patterns conflicting pairwise have 21 pairs: 20 listed and one more.
        let seven = F.issues(F.manifest(destinations: Self.mutuallyConflicting(7)))
        #expect(seven.count == 21)
        #expect(seven.last?.pointer == "/destinations")
        // 6 patterns with a 7th that conflicts with none: 15 pairs, all listed, no 'more' line.
        let six = F.issues(
            F.manifest(destinations: Self.mutuallyConflicting(6) + "," + F.destination("free", "/free")))
        #expect(six.count == 15)
        #expect(six.allSatisfy { $0.pointer.hasSuffix("/pattern") })
    }

    @Test("one conflict among 10,000 destinations, at the very end, is still found")
    func lastPairConflicts() {
        var destinations = (0..<9_998).map { F.destination("d\($0)", "/s\($0 % 100)/t\($0 / 100)/{id}") }
        destinations.append(F.destination("late1", "/late/{a}"))
        destinations.append(F.destination("late2", "/late/{b}"))
        let issues = F.issues(F.manifest(destinations: destinations.joined(separator: ",")))
        #expect(issues.map(\.pointer) == ["/destinations/9999/pattern"])
        #expect(issues.first?.kind == .conflictingPatterns)
    }

    @Test("the limited search lists exactly the first pairs of the full one", arguments: 1...25)
    func limitedIsPrefixOfFull(limit: Int) throws {
        let texts = [
            "/a/{x}", "/{y}/b", "/a/b", "/{z...}", "/a/{w}", "/c/", "/c/{q...}", "/{p}/b", "/a/b/{$}", "/a/",
            "/{m}/{n}", "/x/{k}",
        ]
        let patterns = try texts.map { try PathPattern(parsing: $0) }
        let full = PatternConflictIndex.conflicts(in: patterns)
        let (found, hasMore) = PatternConflictIndex.conflicts(in: patterns, limit: limit)
        #expect(found == Array(full.prefix(limit)))
        #expect(hasMore == (full.count > limit))
        #expect(full.count > 5)
    }
}

/// `ManifestLoader` runs the same bounded validation on a fetched manifest.
@Suite("ManifestLoader: a hostile fresh manifest")
struct HostileLoaderTests {
    @Test("10,000 mutually conflicting destinations from the server are refused with a bounded note")
    func refusesConflictingFresh() async throws {
        let bytes = Array(F.manifest(destinations: ConflictBoundTests.mutuallyConflicting(10_000)).utf8)
        let url = URL(string: "https://app.example.com/app-manifest.json")!
        let cache = FileManifestCache(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("mcache-\(UUID())"))
        let report = try await ManifestLoader(
            bundled: ManifestLoaderTests.manifest("bundled"), remoteURL: url, cache: cache,
            fetcher: ScriptedFetcher([.success(.fresh(bytes: bytes, etag: "\"hostile\""))])
        )
        .load()
        #expect(report.origin == .bundled)
        guard case .freshRefused(let why) = report.notes.last else {
            Issue.record("\(report.notes)")
            return
        }
        #expect(why.contains("Go's ServeMux would panic"))
        #expect(why.split(separator: "\n").count <= ManifestValidation.maxReportedConflicts + 2, "\(why.count) bytes")
        #expect(cache.read(url) == nil)
    }
}
