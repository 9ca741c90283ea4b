import Foundation
import RastrilloNative
import Testing

/// Issue 15, defect 4: control characters percent-encoded in the query are refused, as in the path.
@Suite("LinkRouter: control characters in the query (issue 15)")
struct QueryControlCharacterTests {
    static let router = LinkRouter(manifest: ManifestFixtures.parityManifest)

    @Test(
        "percent-encoded control characters in the query are refused, at the escape's offset",
        arguments: [
            ("https://app.example.com/search?q=%00", 33),
            ("https://app.example.com/search?q=a%0D%0Ab", 34),
            ("https://app.example.com/search?q=%1B%5B31m", 33),
            ("https://app.example.com/search?q=%7F", 33),
            ("https://app.example.com/search?q=%09", 33),
            ("https://app.example.com/search?q=ok&%0A=1", 36),
            ("https://app.example.com/notes/?unused=%0a", 38),
            ("https://app.example.com/nowhere?x=%00", 34),
        ])
    func queryControlCharacters(url: String, offset: Int) {
        #expect(Self.router.decide(url) == .refused(.controlCharacter(offset: offset)), "\(url)")
        #expect(Array(url.utf8)[offset] == UInt8(ascii: "%"))
    }

    @Test("escapes of ordinary characters in the query still reach typed params")
    func queryOrdinaryEscapes() {
        let decision = Self.router.decide("https://app.example.com/search?q=a%20b%2B%C3%A9+c&page=2")
        #expect(
            decision == .native(LinkMatch(destination: "search", params: ["q": .string("a b+é c"), "page": .int(2)])))
    }
}
