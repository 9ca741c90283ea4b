import Foundation
import RastrilloNative
import Testing

@testable import NotesCore

/// Where each command shows, the screens' presentations, the origin, and the String Catalog.
@MainActor
struct NotesPresentationTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test func theMenuBarPlacesNewItemPageCommandsAndSignOut() {
        let model = NotesModel()
        model.launch()
        #expect(model.menuCommands(in: .newItem).map(\.command) == [.newBookmarkCommand])
        #expect(
            model.menuCommands(in: .pageCommands).map(\.command) == [
                .editBookmarkCommand, .publishBookmark, .unpublishBookmark, .deleteBookmark,
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
        #expect(fixture.model.commands(for: .actionMenu).map(\.command) == [])
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

    @Test func eachDisplayHasItsPresentation() {
        #expect(ScreenPresentation(.loading(progress: 0.5)) == .loading(progress: 0.5))
        #expect(ScreenPresentation(.content(progress: nil)) == .content(progress: nil))
        #expect(ScreenPresentation(.signInRequired) == .signInRequired)
        let forbidden = FailurePresentation(.forbidden)
        #expect(forbidden.titleKey == "webScreen.failure.forbidden.title")
        #expect(forbidden.messageKey == "webScreen.failure.forbidden.message")
        let status = FailurePresentation(.httpStatus(404))
        #expect(status.messageKey == "webScreen.failure.httpStatus.message %lld")
        #expect(status.status == 404)
        #expect(Set(FailurePresentation.all.map(\.name)).count == FailurePresentation.all.count, "each its own")
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

    @Test func everyKeyIsInTheStringCatalog() throws {
        let data = try Data(contentsOf: Self.sources.appendingPathComponent("Resources/Localizable.xcstrings"))
        let catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let strings = try #require(catalog["strings"] as? [String: Any])
        var keys = GeneratedManifest.manifest.destinations.map(\.titleKey)
        keys += GeneratedManifest.manifest.commands.map(\.titleKey)
        keys += GeneratedManifest.manifest.commands.filter { $0.role == .destructive }.map {
            $0.titleKey + ".confirmation"
        }
        keys += FailurePresentation.all.flatMap { [$0.titleKey, $0.messageKey] }
        keys += [ScreenPresentation.signInKeys.title, ScreenPresentation.signInKeys.message]
        keys += [ScreenPresentation.signInKeys.button, ScreenPresentation.tryAgainKey, "screen.webPage.title"]
        keys += [ScreenPresentation.pasteRefusedTitleKey]
        keys += ScreenPresentation.pasteRefusals.map(ScreenPresentation.pasteRefusalKey)
        // The keys the SwiftUI files name (string literals shaped like keys: `webScreen.loading`;
        // not SF Symbol names).
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(files.contains("ContentView.swift"))
        let literal = /"([a-z]+(?:\.[A-Za-z]+)+)"/
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
                .replacing(/systemImage: "[^"]*"/, with: "")
            keys += text.matches(of: literal).map { String($0.output.1) }
        }
        let missing = keys.filter { strings[$0] == nil }
        #expect(missing == [])
    }
}
