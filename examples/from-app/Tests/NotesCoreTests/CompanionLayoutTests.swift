import Foundation
import RastrilloNative
import Testing

@testable import NotesCore

/// What holds for any manifest the companion is built from: the start and the sidebar
/// (`CompanionLayout.swift`), the screens' presentations, and every key the model, the manifest
/// and the SwiftUI files show in the String Catalog.
@MainActor
struct CompanionLayoutTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test func theAppOpensOnTheStartWithItsSidebarRowSelected() throws {
        let fixture = Fixture()
        fixture.model.launch()
        let start = try #require(fixture.model.stack.first)
        #expect(start.screen == .destination(NotesModel.start))
        #expect(fixture.model.stack.map(\.id) == [start.id])
        #expect(fixture.model.selection == NotesModel.start)
        #expect(NotesModel.sidebarDestinations.first == NotesModel.start, "the start is the sidebar's first row")
        guard case .web(let url, .content) = fixture.model.content(of: .destination(NotesModel.start)) else {
            Issue.record("the start \(NotesModel.start.id) is not a content web screen")
            return
        }
        #expect(fixture.effects[start.id] == [.load(url)])
    }

    @Test func eachSidebarRowStartsTheStackOverAtItsOwnScreen() throws {
        let destinations = NotesModel.sidebarDestinations
        #expect(!destinations.isEmpty)
        #expect(Set(destinations).count == destinations.count, "each row once")
        let fixture = Fixture()
        fixture.launched()
        for destination in destinations {
            guard case .web(let url, .content) = fixture.model.content(of: .destination(destination)) else {
                Issue.record("\(destination.id) is not a content web screen")
                continue
            }
            fixture.model.select(destination)
            let screen = try #require(fixture.model.stack.first)
            #expect(fixture.model.stack.count == 1)
            #expect(screen.screen == .destination(destination))
            #expect(fixture.model.selection == destination)
            #expect(fixture.effects[screen.id] == [.load(url)])
        }
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
        keys += [ScreenPresentation.pasteRefusedTitleKey, NotesModel.pageCommandsMenuTitleKey]
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
