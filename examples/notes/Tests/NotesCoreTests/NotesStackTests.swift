import RastrilloNative
import Testing

@testable import NotesCore

/// The main stack and the sign-in sheet under the notes web app's answers, played in WebKit's
/// order: a form's 303 pops back or replaces (Back never returns to a submitted form), a 400
/// re-render stays, a 403 is the typed failure, sign-in shows above the screen that needed it
/// and sign-out returns to the start.
@MainActor
struct NotesStackTests {
    typealias F = Fixture

    /// Launch, then the list's New Bookmark link (through the command), pushed.
    func newBookmarkForm(_ fixture: Fixture) throws -> (list: NotesScreen, form: NotesScreen) {
        let list = fixture.launched()
        fixture.offer(list, [("GET", "/bookmarks/new")])
        guard case .invoke(let offer) = fixture.model.request(.newBookmarkCommand) else {
            throw Failure("New Bookmark is offered on the list")
        }
        #expect(fixture.effects[list.id]?.last == .invokePageAction(offer))
        // The script follows the link: WebKit asks the policy for it.
        #expect(
            fixture.follow(list, "/bookmarks/new") == .push(.web(LinkMatch(destination: "newBookmark", params: [:]))))
        let form = try #require(fixture.model.stack.last)
        #expect(fixture.stack == [.destination(.bookmarks), .destination(.newBookmark)])
        #expect(fixture.effects[form.id] == [.load(F.url("/bookmarks/new"))])
        fixture.load(form, F.url("/bookmarks/new"))
        return (list, form)
    }

    /// The list, a bookmark's page pushed from it, both loaded.
    func bookmarkPage(_ fixture: Fixture, id: Int = 3) throws -> (list: NotesScreen, show: NotesScreen) {
        let list = fixture.launched()
        fixture.follow(list, "/bookmarks/\(id)")
        let show = try #require(fixture.model.stack.last)
        #expect(show.screen == .destination(.bookmark(id: id)))
        fixture.load(show, F.url("/bookmarks/\(id)"))
        return (list, show)
    }

    @Test func aLinkToThePageItselfIsNotItsCommand() throws {
        let fixture = Fixture()
        let (_, form) = try newBookmarkForm(fixture)
        // The form page's skip link: /bookmarks/new#main would read as New Bookmark's GET binding;
        // RastrilloNative never offers a link to the page itself.
        #expect(fixture.offer(form, [("GET", "/bookmarks/new#main"), ("POST", "/signout")]).count == 1)
        let before = fixture.effects[form.id]
        #expect(fixture.model.commandStates.filter(\.isEnabled).map(\.command) == [.signOut])
        #expect(fixture.model.request(.newBookmarkCommand) == .unavailable)
        #expect(fixture.effects[form.id] == before, "nothing runs")
    }

    @Test func createWithAValidationErrorThenSuccessReplacesTheForm() throws {
        let fixture = Fixture()
        let (list, form) = try newBookmarkForm(fixture)
        // An empty title: the server answers the POST with a 400 re-render of the form.
        fixture.submit(form, "/bookmarks")
        fixture.answer(form, F.url("/bookmarks"), status: 400)
        #expect(form.page.display == .content(progress: nil), "a 400 re-render is the form, not a failure")
        #expect(fixture.model.stack.map(\.id) == [list.id, form.id])
        // Then a title: 303 → /bookmarks/9, the new bookmark, which no screen below shows.
        fixture.submit(form, "/bookmarks")
        #expect(
            fixture.redirect(form, to: "/bookmarks/9")
                == .submitted(.web(LinkMatch(destination: "bookmark", params: ["id": .int(9)]))))
        #expect(fixture.stack == [.destination(.bookmarks), .destination(.bookmark(id: 9))])
        #expect(fixture.closed == [form.id])
        let created = try #require(fixture.model.stack.last)
        #expect(fixture.effects[created.id] == [.load(F.url("/bookmarks/9"))])
        // Back goes to the list, never to the submitted form.
        fixture.model.back()
        #expect(fixture.model.stack.map(\.id) == [list.id])
    }

    @Test func editBasicsPopsBackToTheBookmarkAndReloadsIt() async throws {
        let fixture = Fixture()
        let (list, show) = try bookmarkPage(fixture)
        fixture.offer(show, [("GET", "/bookmarks/3/edit")])
        #expect(fixture.model.request(.editBookmarkCommand) != .unavailable)
        fixture.follow(show, "/bookmarks/3/edit")
        let edit = try #require(fixture.model.stack.last)
        #expect(edit.screen == .destination(.editBookmark(id: 3)))
        fixture.load(edit, F.url("/bookmarks/3/edit"))
        let reloads = fixture.model.reloads.count
        fixture.submit(edit, "/bookmarks/3/edit-basics")
        #expect(
            fixture.redirect(edit, to: "/bookmarks/3")
                == .submitted(.web(LinkMatch(destination: "bookmark", params: ["id": .int(3)]))))
        #expect(fixture.model.stack.map(\.id) == [list.id, show.id], "back on the bookmark's own screen")
        #expect(fixture.closed == [edit.id])
        await fixture.awaitReloads(from: reloads)
        #expect(fixture.effects[show.id]?.contains(.reload) == true, "the bookmark's page shows the saved change")
        #expect(fixture.effects[list.id] == [.load(F.url("/bookmarks"))], "the list is not reloaded")
    }

    @Test func deleteAsksFirstThenPopsToTheListAndReloadsIt() async throws {
        let fixture = Fixture()
        let (list, show) = try bookmarkPage(fixture)
        fixture.offer(show, [("POST", "/bookmarks/3/publish"), ("POST", "/bookmarks/3/delete")])
        let before = fixture.effects[show.id]?.count
        guard case .confirm(let asked) = fixture.model.request(.deleteBookmark) else {
            throw Failure("delete asks first")
        }
        #expect(asked.titleKey == "command.delete")
        #expect(fixture.model.confirmation?.screen == show.id)
        #expect(fixture.effects[show.id]?.count == before, "nothing runs before the answer")
        // Cancel: nothing runs, the confirmation goes away.
        #expect(fixture.model.confirm(false) == .unavailable)
        #expect(fixture.model.confirmation == nil)
        #expect(fixture.effects[show.id]?.count == before)
        // Ask again and accept: the page submits its Delete form.
        fixture.model.request(.deleteBookmark)
        #expect(fixture.model.confirm(true) == .invoke(asked.offer))
        #expect(fixture.effects[show.id]?.last == .invokePageAction(asked.offer))
        let reloads = fixture.model.reloads.count
        fixture.submit(show, "/bookmarks/3/delete")
        #expect(
            fixture.redirect(show, to: "/bookmarks")
                == .submitted(.web(LinkMatch(destination: "bookmarks", params: [:]))))
        #expect(fixture.model.stack.map(\.id) == [list.id])
        await fixture.awaitReloads(from: reloads)
        #expect(fixture.effects[list.id]?.contains(.reload) == true, "the list no longer shows the bookmark")
    }

    @Test func deleteFromTheConfirmPagePopsEveryScreenAboveTheList() throws {
        let fixture = Fixture()
        let (list, show) = try bookmarkPage(fixture)
        fixture.follow(show, "/bookmarks/3/delete")
        let confirmPage = try #require(fixture.model.stack.last)
        #expect(confirmPage.screen == .destination(.confirmDelete(id: 3)))
        fixture.load(confirmPage, F.url("/bookmarks/3/delete"))
        fixture.submit(confirmPage, "/bookmarks/3/delete")
        fixture.redirect(confirmPage, to: "/bookmarks")
        #expect(fixture.model.stack.map(\.id) == [list.id])
        #expect(fixture.closed == [confirmPage.id, show.id], "closed top first")
    }

    @Test func publishOnTheBookmarksPageStaysInPlace() throws {
        let fixture = Fixture()
        let (list, show) = try bookmarkPage(fixture)
        fixture.offer(show, [("POST", "/bookmarks/3/publish")])
        #expect(fixture.model.commandStates.first { $0.command == .publishBookmark }?.isEnabled == true)
        guard case .invoke = fixture.model.request(.publishBookmark) else { throw Failure("publish is offered") }
        fixture.submit(show, "/bookmarks/3/publish")
        #expect(fixture.model.commandStates.first { $0.command == .publishBookmark }?.isEnabled == false, "under way")
        #expect(fixture.redirect(show, to: "/bookmarks/3") == .load, "the 303 lands on the page the screen shows")
        fixture.answer(show, F.url("/bookmarks/3"), status: 200)
        #expect(fixture.model.stack.map(\.id) == [list.id, show.id])
        #expect(fixture.closed == [])
        #expect(show.page.display == .content(progress: nil))
        // The new document reports its own forms: Unpublish now.
        fixture.offer(show, [("POST", "/bookmarks/3/unpublish")])
        let states = fixture.model.commandStates
        #expect(states.first { $0.command == .unpublishBookmark }?.isEnabled == true)
        #expect(states.first { $0.command == .publishBookmark }?.isEnabled == false)
    }

    @Test func publishOnTheEditPageLandsOnTheBookmarkBelow() throws {
        let fixture = Fixture()
        let (list, show) = try bookmarkPage(fixture)
        fixture.follow(show, "/bookmarks/3/edit")
        let edit = try #require(fixture.model.stack.last)
        fixture.load(edit, F.url("/bookmarks/3/edit"))
        fixture.offer(edit, [("POST", "/bookmarks/3/publish"), ("POST", "/bookmarks/3/delete")])
        guard case .invoke = fixture.model.request(.publishBookmark) else { throw Failure("publish is offered") }
        fixture.submit(edit, "/bookmarks/3/publish")
        fixture.redirect(edit, to: "/bookmarks/3")
        #expect(fixture.model.stack.map(\.id) == [list.id, show.id], "the server's 303 names the bookmark's page")
        #expect(fixture.model.reloads.last?.screen == show.id)
    }

    @Test func aSignedOutPostIsTheForbiddenFailureAndTryAgainLoadsTheFormsPage() async throws {
        let fixture = Fixture()
        let (_, show) = try bookmarkPage(fixture)
        fixture.offer(show, [("POST", "/bookmarks/3/publish")])
        fixture.model.request(.publishBookmark)
        fixture.submit(show, "/bookmarks/3/publish")
        fixture.answer(show, F.url("/bookmarks/3/publish"), status: 403)
        #expect(show.page.display == .failed(.forbidden))
        guard case .failed(let failure) = ScreenPresentation(show.page.display) else {
            throw Failure("the failure view")
        }
        #expect(failure.name == "forbidden")
        #expect(failure.titleKey == "webScreen.failure.forbidden.title")
        #expect(fixture.model.commandStates.allSatisfy { !$0.isEnabled }, "no command acts behind the failure view")
        let reloads = fixture.model.reloads.count
        fixture.model.retry(show)
        await fixture.awaitReloads(from: reloads)
        #expect(
            fixture.effects[show.id]?.contains(.load(F.url("/bookmarks/3"))) == true, "the form's page, not the POST")
        #expect(show.page.display == .content(progress: nil))
    }

    @Test func signInShowsAboveTheScreenThatNeededItWhichContinues() throws {
        let fixture = Fixture()
        fixture.model.launch()
        let list = fixture.model.stack[0]
        // The first load of /bookmarks is answered 303 → /signin?return_to=%2Fbookmarks.
        list.page.handle(.started(fixture.nextNavigation(), url: F.url("/bookmarks")))
        let signInURL = F.url("/signin?return_to=%2Fbookmarks")
        #expect(
            fixture.model.navigate(signInURL, kind: .link, on: list)
                == .signIn(.web(LinkMatch(destination: "signIn", params: [:]))))
        let sheet = try #require(fixture.model.sheet)
        #expect(sheet.role == .signIn)
        #expect(sheet.screen == .destination(.signIn))
        #expect(fixture.effects[sheet.id] == [.load(signInURL)], "the URL exactly as the server sent it")
        #expect(fixture.model.visible?.id == sheet.id)
        #expect(list.page.display == .signInRequired)
        #expect(fixture.model.stack.map(\.id) == [list.id])
        fixture.load(sheet, signInURL)
        // A wrong password: 422 re-render in the sheet.
        fixture.submit(sheet, "/signin")
        fixture.answer(sheet, F.url("/signin"), status: 422)
        #expect(sheet.page.display == .content(progress: nil))
        #expect(fixture.model.sheet?.id == sheet.id)
        // The right one: 303 → return_to.
        fixture.submit(sheet, "/signin")
        #expect(
            fixture.redirect(sheet, to: "/bookmarks")
                == .signInEnded(.web(LinkMatch(destination: "bookmarks", params: [:]))))
        #expect(fixture.model.sheet == nil)
        #expect(fixture.closed == [sheet.id])
        #expect(fixture.effects[list.id] == [.load(F.url("/bookmarks")), .load(F.url("/bookmarks"))], "continues")
        #expect(list.page.machine.signInWait == nil)
    }

    @Test func aSessionThatEndsMidEditSignsInAndTheEditContinues() throws {
        let fixture = Fixture()
        let (list, show) = try bookmarkPage(fixture)
        fixture.follow(show, "/bookmarks/3/edit")
        let edit = try #require(fixture.model.stack.last)
        edit.page.handle(.started(fixture.nextNavigation(), url: F.url("/bookmarks/3/edit")))
        let signInURL = F.url("/signin?return_to=%2Fbookmarks%2F3%2Fedit")
        fixture.redirect(edit, to: "/signin?return_to=%2Fbookmarks%2F3%2Fedit")
        let sheet = try #require(fixture.model.sheet)
        #expect(fixture.effects[sheet.id] == [.load(signInURL)])
        #expect(edit.page.machine.signInWait?.signIn == signInURL)
        #expect(!fixture.model.offersSignIn(edit), "the sheet is shown")
        // The person closes the sheet: the edit screen keeps waiting, with its Sign In button.
        fixture.model.dismissSheet()
        #expect(fixture.model.sheet == nil)
        #expect(ScreenPresentation(edit.page.display) == .signInRequired)
        #expect(fixture.model.offersSignIn(edit))
        #expect(!fixture.model.offersSignIn(show))
        fixture.model.signIn(for: edit)
        let again = try #require(fixture.model.sheet)
        #expect(again.id != sheet.id)
        #expect(fixture.effects[again.id] == [.load(signInURL)])
        fixture.load(again, signInURL)
        fixture.submit(again, "/signin")
        fixture.redirect(again, to: "/bookmarks/3/edit")
        #expect(fixture.model.sheet == nil)
        #expect(fixture.effects[edit.id]?.last == .load(F.url("/bookmarks/3/edit")), "where it was going")
        #expect(!fixture.model.offersSignIn(edit))
        #expect(fixture.model.stack.map(\.id) == [list.id, show.id, edit.id])
    }

    @Test func aSaveAfterTheSessionEndedIsRefusedThenSignInLeadsBackToTheForm() async throws {
        let fixture = Fixture()
        let (list, show) = try bookmarkPage(fixture)
        fixture.follow(show, "/bookmarks/3/edit")
        let edit = try #require(fixture.model.stack.last)
        fixture.load(edit, F.url("/bookmarks/3/edit"))
        // The session expired: the signed-out POST gets 403 "signed out".
        fixture.submit(edit, "/bookmarks/3/edit-basics")
        fixture.answer(edit, F.url("/bookmarks/3/edit-basics"), status: 403)
        #expect(edit.page.display == .failed(.forbidden))
        // Try Again loads the form's page, which the server sends to sign-in.
        let reloads = fixture.model.reloads.count
        fixture.model.retry(edit)
        let asked = await fixture.nextEffect(of: edit)
        #expect(asked == .load(F.url("/bookmarks/3/edit")))
        edit.page.handle(.started(fixture.nextNavigation(), url: F.url("/bookmarks/3/edit")))
        fixture.redirect(edit, to: "/signin?return_to=%2Fbookmarks%2F3%2Fedit")
        for reload in fixture.model.reloads.dropFirst(reloads) { await reload.task.value }
        let sheet = try #require(fixture.model.sheet)
        fixture.load(sheet, F.url("/signin?return_to=%2Fbookmarks%2F3%2Fedit"))
        fixture.submit(sheet, "/signin")
        fixture.redirect(sheet, to: "/bookmarks/3/edit")
        #expect(fixture.model.sheet == nil)
        #expect(fixture.effects[edit.id]?.last == .load(F.url("/bookmarks/3/edit")), "the form again")
        #expect(fixture.model.stack.map(\.id) == [list.id, show.id, edit.id])
    }

    @Test func signOutReturnsToTheStart() throws {
        let fixture = Fixture()
        let (list, show) = try bookmarkPage(fixture)
        fixture.offer(show, [("POST", "/signout")])
        guard case .invoke = fixture.model.request(.signOut) else { throw Failure("Sign Out is offered") }
        fixture.submit(show, "/signout")
        #expect(fixture.redirect(show, to: "/") == .signedOut)
        #expect(fixture.stack == [.destination(.bookmarks)])
        let start = try #require(fixture.model.stack.first)
        #expect(start.id != list.id, "a new start screen")
        #expect(Set(fixture.closed) == [list.id, show.id])
        #expect(fixture.effects[start.id] == [.load(F.url("/bookmarks"))])
        #expect(fixture.model.sheet == nil)
    }

    @Test func anotherBookmarksFormOnThePageIsARowsActionNotTheScreensCommand() throws {
        let fixture = Fixture()
        let (_, show) = try bookmarkPage(fixture)
        // Bookmark 3's page also carries bookmark 4's Publish form (a related bookmark's row),
        // before its own: Publish acts on bookmark 3, the one the screen shows.
        fixture.offer(show, [("POST", "/bookmarks/4/publish"), ("POST", "/bookmarks/3/publish")])
        let state = try #require(fixture.model.commandStates.first { $0.command == .publishBookmark })
        #expect(state.isEnabled)
        guard case .invoke(let offer) = fixture.model.request(.publishBookmark) else {
            throw Failure("Publish is offered for bookmark 3")
        }
        #expect(offer.url == F.url("/bookmarks/3/publish"))
        #expect(offer.target == 1)
    }

    @Test func linksOutOfTheAppAreRecordedAsTheRouterSays() throws {
        let fixture = Fixture()
        let list = fixture.launched()
        #expect(
            fixture.model.navigate("https://elsewhere.example/a", kind: .link, on: list) == .leave(.inAppBrowser(nil)))
        _ = fixture.model.navigate("mailto:someone@example.com", kind: .link, on: list)
        _ = fixture.model.navigate("javascript:alert(1)", kind: .link, on: list)
        #expect(fixture.model.leftApp.map(\.how) == [.inAppBrowser, .browser, .refused])
        #expect(fixture.model.leftApp.first?.url == "https://elsewhere.example/a")
        #expect(fixture.model.stack.map(\.id) == [list.id])
    }

    @Test func backAndThePathCloseScreensAbove() throws {
        let fixture = Fixture()
        let (list, show) = try bookmarkPage(fixture)
        fixture.follow(show, "/bookmarks/3/edit")
        let edit = try #require(fixture.model.stack.last)
        #expect(fixture.model.path == [show.id, edit.id])
        fixture.model.path = [show.id, 99]
        #expect(fixture.model.stack.count == 3, "only the model pushes")
        fixture.model.path = []
        #expect(fixture.model.stack.map(\.id) == [list.id])
        #expect(fixture.closed == [edit.id, show.id])
        fixture.model.back()
        #expect(fixture.model.stack.map(\.id) == [list.id], "the first screen stays")
    }

    @Test func aLinkToAnotherBookmarkReplacesAndSelectingStartsOver() throws {
        let fixture = Fixture()
        let (list, show) = try bookmarkPage(fixture)
        #expect(
            fixture.follow(show, "/bookmarks/4")
                == .replace(.web(LinkMatch(destination: "bookmark", params: ["id": .int(4)]))))
        #expect(fixture.stack == [.destination(.bookmarks), .destination(.bookmark(id: 4))])
        #expect(fixture.closed == [show.id])
        fixture.model.select(.bookmarks)
        #expect(fixture.stack == [.destination(.bookmarks)])
        #expect(!fixture.model.stack.map(\.id).contains(list.id))
        #expect(fixture.model.selection == .bookmarks)
    }
}

/// A test that cannot go on.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
