import Foundation
import RastrilloNative
import Testing

@testable import NotesCore

/// Where each notes command shows, and another origin (the start, the sidebar, the screens'
/// presentations and the String Catalog are `CompanionLayoutTests`).
@MainActor
struct NotesPresentationTests {
    @Test func theMenuBarPlacesNewItemPageCommandsAndSignOut() {
        let model = NotesModel()
        model.launch()
        #expect(model.menuCommands(in: .newItem).map(\.command) == [.newBookmarkCommand])
        #expect(
            model.menuCommands(in: .pageCommands).map(\.command) == [
                .editBookmarkCommand, .publishBookmark, .unpublishBookmark, .deleteBookmark, .publishSelected,
                .unpublishSelected, .deleteSelected, .switchLanguage,
            ])
        #expect(model.menuCommands(in: .app).map(\.command) == [.signOut])
        let shortcuts = Dictionary(
            uniqueKeysWithValues: model.commandStates.map { ($0.command, $0.metadata.shortcut?.description) })
        #expect(shortcuts[.newBookmarkCommand] == "cmd+n")
        #expect(shortcuts[.editBookmarkCommand] == "cmd+e")
        #expect(shortcuts[.publishBookmark] == "cmd+shift+p")
        #expect(shortcuts[.unpublishBookmark] == "cmd+shift+u")
        #expect(shortcuts[.deleteBookmark] == .some(nil))
    }

    @Test func theToolbarActionAndTitleMenusShowWhatAppliesToTheVisibleScreen() throws {
        let fixture = Fixture()
        let list = fixture.launched()
        #expect(fixture.model.commands(for: .toolbar).map(\.command) == [.newBookmarkCommand])
        #expect(
            fixture.model.commands(for: .actionMenu).map(\.command) == [
                .publishSelected, .unpublishSelected, .deleteSelected,
            ], "the list's bulk actions")
        #expect(fixture.model.commands(for: .contextMenu).map(\.command) == [])
        fixture.follow(list, "/bookmarks/3")
        #expect(
            fixture.model.commands(for: .toolbar).map(\.command) == [
                .newBookmarkCommand, .editBookmarkCommand, .publishBookmark, .unpublishBookmark,
            ])
        #expect(
            fixture.model.commands(for: .actionMenu).map(\.command) == [
                .editBookmarkCommand, .publishBookmark, .unpublishBookmark, .deleteBookmark,
            ])
        #expect(
            fixture.model.commands(for: .contextMenu).map(\.command) == [
                .publishBookmark, .unpublishBookmark, .deleteBookmark,
            ])
        #expect(fixture.model.commands(for: .menu).count == Command.allCases.count, "the menus keep their shape")
        #expect(fixture.model.commandStates.allSatisfy { !$0.isEnabled }, "nothing offered while it loads")
    }

    @Test func theBulkBarsButtonsAreCommandsAndDeleteSelectedAsksFirst() throws {
        let fixture = Fixture()
        let list = fixture.launched()
        fixture.load(list, Fixture.url("/bookmarks?select=1"))
        let offers = fixture.offer(
            list,
            ["publish", "unpublish", "delete"].map {
                ("POST", "/bookmarks/bulk", .init(name: "action", value: $0), [:])
            })
        #expect(offers.map(\.command) == ["publishSelected", "unpublishSelected", "deleteSelected"])
        let states = fixture.model.commands(for: .actionMenu)
        #expect(states.map(\.isEnabled) == [true, true, true])
        guard case .confirm = fixture.model.request(.deleteSelected) else {
            Issue.record("Delete Selected must ask first")
            return
        }
        #expect(fixture.effects[list.id]?.last != .invokePageAction(offers[2]), "nothing before the answer")
        #expect(fixture.model.confirm(true) == .invoke(offers[2]))
        #expect(fixture.effects[list.id]?.last == .invokePageAction(offers[2]), "the Delete button's own submission")
    }

    @Test func theLanguageCommandIsAMenuOfThePagesLanguages() throws {
        let fixture = Fixture()
        let list = fixture.launched()
        fixture.load(list, Fixture.url("/bookmarks"))
        let offers = fixture.offer(
            list, ["en", "es"].map { ("POST", "/_locale", nil, ["locale": $0]) })
        let state = try #require(fixture.model.commandStates.first { $0.command == .switchLanguage })
        #expect(state.isChoice && state.isEnabled)
        #expect(state.choices == offers)
        #expect(state.availability == .ambiguous(count: 2), "no single item guesses a language")
        let english = Locale(identifier: "en_US")
        #expect(state.choices.map { fixture.model.choiceTitle($0, locale: english) } == ["English", "Spanish"])
        #expect(fixture.model.request(.switchLanguage) == .ambiguous(count: 2))
        #expect(fixture.model.request(.switchLanguage, choice: ["locale": .string("es")]) == .invoke(offers[1]))
        #expect(fixture.effects[list.id]?.last == .invokePageAction(offers[1]))
        #expect(fixture.model.request(.switchLanguage, choice: ["locale": .string("ja")]) == .unavailable)
    }

    @Test func anotherOriginIsTheOnlyInternalOne() throws {
        let manifest = try #require(NotesModel.manifest(origin: "http://127.0.0.1:8080"))
        let fixture = Fixture(manifest: manifest)
        fixture.model.launch()
        let start = try #require(fixture.model.stack.first)
        #expect(fixture.effects[start.id] == [.load("http://127.0.0.1:8080/bookmarks")])
        #expect(
            fixture.model.navigate("http://127.0.0.1:8080/bookmarks/3", kind: .link, on: start)
                == .push(.web(LinkMatch(destination: "bookmark", params: ["id": .int(3)]))))
        #expect(
            fixture.model.navigate(Fixture.url("/bookmarks/3"), kind: .link, on: start) == .leave(.inAppBrowser(nil)))
        #expect(NotesModel.manifest(origin: "not an origin") == nil)
        #expect(NotesModel().origin == Fixture.origin, "the generated manifest's first origin")
    }
}
