import RastrilloNative
import Testing

/// The model ties decisions to the state machine and carries out page commands: a fake web view
/// records effects, the test plays WebKit's callbacks in WebKit's order.
@MainActor
struct WebScreenModelFormsTests {
    static let origin = NotesManifest.origin
    static let show = origin + "/bookmarks/3"

    final class Effects {
        var all: [WebScreenEffect] = []
    }

    func screen(_ url: String = show, role: WebScreenNavigation.Role = .content) throws
        -> (WebScreenModel, Effects, WebScreenNavigation)
    {
        let manifest = try NotesManifest.load()
        let screen = WebScreenModel(url: url, role: role, pageCommands: PageCommands(manifest: manifest))
        let effects = Effects()
        screen.attach { effects.all.append($0) }
        screen.handle(.started(WebNavigationID(1), url: url))
        screen.handle(.committed(WebNavigationID(1), url: url))
        screen.handle(.finished(WebNavigationID(1)))
        return (screen, effects, WebScreenNavigation(router: LinkRouter(manifest: manifest)))
    }

    static let report =
        #"{"v":1,"offers":[{"target":1,"method":"POST","url":"https://notes.example.com/bookmarks/3/publish"},"#
        + #"{"target":2,"method":"POST","url":"https://notes.example.com/bookmarks/3/delete"}]}"#

    @Test func aCommandRunsOnlyWhileThePageOffersItAndNoNavigationIsUnderWay() throws {
        let (screen, effects, _) = try screen()
        #expect(screen.availability(of: "publishBookmark") == .unavailable)
        _ = try screen.receivePageActions(Self.report, from: NotesManifest.mainFrame).get()
        guard case .invoke(let offer) = screen.request("publishBookmark") else {
            Issue.record("publish is offered")
            return
        }
        #expect(effects.all.last == .invokePageAction(offer))
        #expect(offer.target == 1)
        // Its submission is under way: nothing more runs until the next page reports.
        screen.handle(.started(WebNavigationID(2), url: Self.origin + "/bookmarks/3/publish"))
        #expect(screen.request("publishBookmark") == .unavailable)
        screen.handle(.committed(WebNavigationID(2), url: Self.show))
        screen.handle(.finished(WebNavigationID(2)))
        #expect(screen.availability(of: "publishBookmark") == .unavailable, "a new document reports anew")
    }

    @Test func aDestructiveCommandWaitsForTheConfirmation() throws {
        let (screen, effects, _) = try screen()
        screen.receivePageActions(Self.report, from: NotesManifest.mainFrame)
        let before = effects.all.count
        guard case .confirm(let confirmation) = screen.request("deleteBookmark") else {
            Issue.record("delete asks first")
            return
        }
        #expect(effects.all.count == before, "nothing runs before the answer")
        #expect(screen.confirm(confirmation) == .invoke(confirmation.offer))
        #expect(effects.all.last == .invokePageAction(confirmation.offer))
    }

    @Test func aSubmissionsRedirectIsDecidedAsOne() throws {
        let edit = Self.origin + "/bookmarks/3/edit"
        let (screen, _, navigation) = try screen(edit)
        let action = Self.origin + "/bookmarks/3/edit-basics"
        #expect(screen.decide(action, kind: .formSubmission, using: navigation) == .load)
        screen.handle(.started(WebNavigationID(2), url: action))
        // WebKit asks again for the 303's target as a plain main-frame navigation.
        let landing = screen.decide(Self.show, kind: .link, using: navigation)
        #expect(landing == .submitted(.web(LinkMatch(destination: "bookmark", params: ["id": .int(3)]))))
    }

    @Test func aNewWindowToSignInDoesNotMakeThePageWait() throws {
        let (screen, _, navigation) = try screen()
        let signIn = Self.origin + "/signin"
        #expect(
            screen.decide(signIn, kind: .newWindow, using: navigation)
                == .signIn(.web(LinkMatch(destination: "signIn", params: [:]))))
        #expect(screen.machine.signInWait == nil)
        #expect(screen.display == .content(progress: nil))
    }

    @Test func aPageSentToSignInWaitsAndContinuesAfterIt() throws {
        let (screen, effects, navigation) = try screen()
        let next = Self.origin + "/bookmarks?page=2"
        #expect(
            screen.decide(next, kind: .link, using: navigation)
                == .push(.web(LinkMatch(destination: "bookmarks", params: [:]))))
        // In place: a pagination link of the list, then the session has ended.
        let (listScreen, listEffects, _) = try self.screen(Self.origin + "/bookmarks")
        #expect(listScreen.decide(next, kind: .link, using: navigation) == .load)
        listScreen.handle(.started(WebNavigationID(2), url: next))
        let signIn = Self.origin + "/signin?return_to=%2Fbookmarks%3Fpage%3D2"
        #expect(
            listScreen.decide(signIn, kind: .link, using: navigation)
                == .signIn(.web(LinkMatch(destination: "signIn", params: [:]))))
        #expect(listScreen.machine.signInWait == WebSignInWait(signIn: signIn, resume: next))
        // While it waits, its page's forms would only be refused: no command runs.
        listScreen.receivePageActions(
            #"{"v":1,"offers":[{"target":0,"method":"GET","url":"https://notes.example.com/bookmarks/new"}]}"#,
            from: NotesManifest.mainFrame)
        #expect(listScreen.availability(of: "newBookmarkCommand") == .unavailable)
        listScreen.continueAfterSignIn()
        #expect(listEffects.all.last == .load(next))
        #expect(effects.all == [.load(Self.show)])
    }
}
