import Foundation
import RastrilloNative
import Testing

/// Issue 15, defect 7: `decide(URL)` holds exactly what its doc says.
@Suite("LinkRouter: decide(URL) judges Foundation's string")
struct DecideURLDocTests {
    static let router = LinkRouter(manifest: ManifestFixtures.parityManifest)

    @Test("decide(URL) is decide(absoluteString) for every corpus URL Foundation parses")
    func sameAsAbsoluteString() throws {
        var parsed = 0
        for entry in try LinkRouterCorpusTests.load() {
            guard let url = URL(string: entry.url) else { continue }
            parsed += 1
            let context: LinkRouter.Context = entry.redirect ? .redirect : .navigation
            #expect(
                Self.router.decide(url, context: context) == Self.router.decide(url.absoluteString, context: context))
        }
        #expect(parsed > 300)
    }

    @Test("a repair in the authority is still refused")
    func authorityRepairRefused() {
        for text in [
            "https://app.example.com\\@evil.com/", "https://evil.com\\app.example.com/", "https://app example.com/",
        ] {
            // The strict entry point refuses the raw text.
            #expect(!Self.router.decide(text).isInternal)
            guard case .refused = Self.router.decide(text) else {
                Issue.record("\(text) not refused as a string")
                continue
            }
            guard let url = URL(string: text) else { continue }  // this platform's Foundation refused it too
            #expect(!Self.router.decide(url).isInternal, "\(url.absoluteString)")
            if url.absoluteString != text {
                guard case .refused = Self.router.decide(url) else {
                    Issue.record("\(text) repaired to \(url.absoluteString) and routed")
                    continue
                }
            }
        }
    }

    @Test("a repair in the path is routed as repaired, while the raw string is refused")
    func pathRepairRouted() throws {
        let text = "https://app.example.com/files/a b"
        #expect(Self.router.decide(text) == .refused(.whitespace(offset: 31)))
        guard let url = URL(string: text) else { return }  // this platform's Foundation refused it
        #expect(url.absoluteString == "https://app.example.com/files/a%20b")
        #expect(Self.router.decide(url) == .native(LinkMatch(destination: "files", params: ["path": .string("a b")])))
    }
}
