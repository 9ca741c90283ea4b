import Foundation
import RastrilloNative
import Testing

@testable import NotesCore

/// Magic links with Rastrillo `auth`: a universal link to the magic-link page and a pasted
/// sign-in link both open the confirm page in the sign-in sheet (where the person taps the
/// page's own button); anything else pasted is refused with what to paste instead.
@MainActor
@Suite struct NotesSignInLinkTests {
    typealias F = Fixture

    private static func authFixture() throws -> Fixture {
        Fixture(manifest: try #require(NotesModel.authManifest(keymailServers: nil)))
    }

    @Test func withPasswordSignInPastingIsNotOfferedAndIsRefused() {
        let fixture = Fixture()
        #expect(!fixture.model.acceptsPastedSignInLinks)
        fixture.model.paste(signInLinks: [F.url("/auth/verify?token=abc")])
        #expect(fixture.model.pasteRefusal == .noMagicLinks)
        #expect(fixture.model.sheet == nil)
    }

    @Test func aPastedSignInLinkOpensTheConfirmPageInTheSignInSheet() throws {
        let fixture = try Self.authFixture()
        #expect(fixture.model.acceptsPastedSignInLinks)
        let link = F.url("/auth/verify?token=abc_DEF-123")
        fixture.model.paste(signInLinks: [link, "ignored"])
        #expect(fixture.model.pasteRefusal == nil)
        let sheet = try #require(fixture.model.sheet)
        #expect(sheet.role == .signIn)
        #expect(fixture.effects[sheet.id] == [.load(link)], "the link as pasted; nothing is posted")
        #expect(fixture.model.stack.allSatisfy { fixture.effects[$0.id]?.contains(.load(link)) != true })
    }

    @Test(arguments: [
        ("", PastedSignInLinkRefusal.notALink),
        ("hello there", .notALink),
        ("https://evil.example/auth/verify?token=abc", .otherOrigin),
        ("http://notes.example.com/auth/verify?token=abc", .otherOrigin),
        ("https://notes.example.com/signin?token=abc", .otherPath),
        ("https://notes.example.com/auth/verify", .token),
        ("https://notes.example.com/auth/verify?token=abc&next=/", .token),
        ("https://notes.example.com/auth/verify?token=abc#x", .token),
    ])
    func anythingElsePastedIsRefusedAndChangesNothing(text: String, refusal: PastedSignInLinkRefusal) throws {
        let fixture = try Self.authFixture()
        fixture.model.paste(signInLinks: [text])
        #expect(fixture.model.pasteRefusal == refusal)
        #expect(fixture.model.sheet == nil)
        #expect(ScreenPresentation.pasteRefusals.contains(refusal))
        fixture.model.dismissPasteRefusal()
        #expect(fixture.model.pasteRefusal == nil)
    }

    @Test func nothingPastedIsRefusedAsNotALink() throws {
        let fixture = try Self.authFixture()
        fixture.model.paste(signInLinks: [])
        #expect(fixture.model.pasteRefusal == .notALink)
    }

    @Test func aUniversalLinkToTheMagicLinkPageOpensInTheSignInSheet() throws {
        let fixture = try Self.authFixture()
        let link = F.url("/auth/verify?token=abc")
        fixture.model.open(try #require(URL(string: link)))
        let sheet = try #require(fixture.model.sheet)
        #expect(sheet.role == .signIn)
        #expect(fixture.effects[sheet.id] == [.load(link)])
    }

    @Test func everyRefusalHasItsOwnMessageKey() {
        let keys = ScreenPresentation.pasteRefusals.map(ScreenPresentation.pasteRefusalKey)
        #expect(Set(keys).count == 5)
        #expect(keys.allSatisfy { $0.hasPrefix("signIn.paste.") })
    }
}
