import Foundation
import RastrilloCrypto
import Testing

@testable import FuzzChecks

/// Replays every committed corpus entry (Fuzz/Corpus/<target>/) and past crash
/// (Fuzz/Regressions/<target>/) through the same checks the libFuzzer harnesses run, so
/// platforms without libFuzzer (Xcode ships none) still hold them.
@Suite struct FuzzCorpusTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func inputs(_ folder: String, _ target: FuzzTarget) -> [URL] {
        let directory = fuzzDirectory.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test("every corpus entry holds its target's properties", arguments: FuzzTarget.allCases)
    @MainActor func corpus(_ target: FuzzTarget) async throws {
        let files = Self.inputs("Corpus", target)
        #expect(!files.isEmpty, "Fuzz/Corpus/\(target.rawValue) is empty")
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            do throws(PropertyViolation) { try await target.check(bytes) } catch {
                Issue.record("\(file.lastPathComponent): \(error)")
            }
        }
    }

    @Test("every past crash holds its target's properties", arguments: FuzzTarget.allCases)
    @MainActor func regressions(_ target: FuzzTarget) async throws {
        for file in Self.inputs("Regressions", target) {
            let bytes = Array(try Data(contentsOf: file))
            do throws(PropertyViolation) { try await target.check(bytes) } catch {
                Issue.record("\(file.lastPathComponent): \(error)")
            }
        }
    }

    @Test("the crypto fixtures open and verify before any byte is flipped")
    func cryptoFixturesAreValid() throws {
        let fixture = CryptoCheck.fixture
        #expect(
            try Envelope.open(fixture.sealed, with: fixture.recipient, context: CryptoCheck.Fixture.context)
                == Array("a secret".utf8))
        #expect(try fixture.invite.unwrapGroupKey(fixture.wrapped) == Array(0..<32))
        let reread = try Keypair(json: Array(fixture.keypair.json().utf8))
        #expect(reread.box.rawScalar == fixture.recipient.rawScalar)
        #expect(try Invite(token: fixture.invite.token, context: "fuzz/v1").unwrapGroupKey(fixture.wrapped).count == 32)
        #expect(try fixture.verifier.verify(fixture.token, now: CryptoCheck.Fixture.now).subject == "user-1")
    }

    @Test("a violation is reported: checks fail on inputs that break their property")
    @MainActor func checksCanFail() async {
        // A flipped envelope byte must not open; the check passes for it. The naive routes
        // matcher must disagree with a deliberately wrong winner: checked through `winner`.
        let patterns = [
            RoutesCheck.Pattern(segments: [.literal("a")], tail: .slash),
            RoutesCheck.Pattern(segments: [.literal("a"), .wildcard], tail: .none),
        ]
        let sets = patterns.map { p in Set(RoutesCheck.universe.filter { p.matches($0) }) }
        let path = RoutesCheck.Path(segments: ["a", "b"], trailingSlash: false)
        #expect(RoutesCheck.winner(path, patterns: patterns, sets: sets) == 1)
        let tree = RoutesCheck.Path(segments: ["a"], trailingSlash: false)
        #expect(RoutesCheck.winner(tree, patterns: patterns, sets: sets) == 0, "/a redirects to /a/")
        #expect(
            VersionCheck.expectedKind("v1.4.0-3-gabcdef0")
                == .describe(tag: "v1.4.0", commitsAhead: 3, commit: "abcdef0"))
        #expect(QueryCheck.naiveDecode(Array("a%2Bb+c".utf8), plusAsSpace: true) == "a+b c")
        #expect(
            NaiveOrigin.read("HTTPS://App.Example.com:443/x")
                == NaiveOrigin(scheme: "https", host: "app.example.com", port: 443))
        #expect(NaiveOrigin.read("https://app.example.com:99999999999999999999/") == nil)
    }
}
