import Foundation
import RastrilloNative
import Testing

@testable import NotesCore

/// Every destination and every command of the notes manifest, walked from the generated
/// manifest (not a hand list): each destination opens a screen of its own, and each command is
/// bound to a page action whose request reaches the page (``WebScreenEffect/invokePageAction(_:)``)
/// when the page offers it. None resolves to a fallback. `ManifestWalk.swift` is the companion
/// example's, copied unchanged.
@MainActor
@Suite("Notes manifest walk")
struct ManifestWalkTests {
    /// One sample per manifest destination, built by the generated `Destination(match:)`.
    static let destinations: [Destination] = ManifestWalk.sampleMatches(GeneratedManifest.manifest).compactMap(
        Destination.init(match:))

    @Test("every destination of the manifest has a sample")
    func samples() {
        #expect(Self.destinations.map(\.id) == GeneratedManifest.manifest.destinations.map(\.id))
    }

    @Test("every destination resolves to a web screen of its own that routes back to it")
    func everyDestination() throws {
        let model = NotesModel()
        var resolved: [ManifestWalk.Resolved<ScreenContent>] = []
        for destination in Self.destinations {
            let content = model.content(of: .destination(destination))
            resolved.append(.init(id: destination.id, content: content, isFallback: content.isFallback))
            guard case .web(let url, let role) = content else { continue }
            let match = model.router.decide(url).match
            #expect(
                match?.destination == destination.id, "\(destination.id): \(url) routes to \(String(describing: match))"
            )
            #expect(match.flatMap(Destination.init(match:)) == destination)
            #expect((role == .signIn) == (destination.id == GeneratedManifest.manifest.session?.signIn))
        }
        #expect(ManifestWalk.screenProblems(resolved) == [])
        #expect(resolved.count == GeneratedManifest.manifest.destinations.count)
    }

    @Test("every destination's link opens its own screen: on the stack, or sign-in as the sheet")
    func everyDestinationOpens() throws {
        for destination in Self.destinations {
            let fixture = Fixture()
            fixture.model.launch()
            guard case .web(let url, let role) = fixture.model.content(of: .destination(destination)) else {
                Issue.record("\(destination.id) has no screen")
                continue
            }
            fixture.model.open(try #require(URL(string: url)))
            let opened = try #require(role == .signIn ? fixture.model.sheet : fixture.model.stack.last)
            #expect(opened.screen == .destination(destination), "\(destination.id) opened \(opened.screen)")
            #expect(opened.role == role)
            #expect(fixture.effects[opened.id] == [.load(url)])
        }
    }

    /// The URL of `command`'s page action with sample params on the manifest's origin.
    static func offerPath(of command: Command) throws -> String {
        let action = try #require(command.metadata.pageAction, "\(command) is bound to a page action")
        var path = ""
        for segment in action.pattern.segments {
            switch segment {
            case .literal(let text): path += "/" + text
            case .wildcard(let name):
                let param = try #require(action.params.first { $0.name == name })
                let value = try #require(ManifestWalk.sampleValue(param.type, in: GeneratedManifest.manifest))
                path += "/\(value)"
            case .end, .rest: path += "/"
            }
        }
        return path.isEmpty ? "/" : path
    }

    /// `screen`'s page offers `command`'s form or link once, with sample params, its submit
    /// button's pair and sample values of its bound fields.
    @discardableResult
    static func offer(_ command: Command, on screen: NotesScreen, in fixture: Fixture) throws -> [PageCommandOffer] {
        let action = try #require(command.metadata.pageAction, "\(command) is bound to a page action")
        var fields: [String: String] = [:]
        for field in action.fields {
            fields[field.name] = try #require(ManifestWalk.sampleValue(field.type, in: GeneratedManifest.manifest))
                .description
        }
        return fixture.offer(screen, [(action.method.rawValue, try offerPath(of: command), action.submitter, fields)])
    }

    @Test(
        "every command is bound to a page action and, offered, its request reaches the page",
        arguments: Command.allCases)
    func everyCommand(_ command: Command) async throws {
        let fixture = Fixture()
        fixture.model.launch()
        // A screen the command applies to: its first manifest destination, else the start.
        let destination =
            try command.metadata.destinations.first.map { id in
                try #require(Self.destinations.first { $0.id == id })
            } ?? NotesModel.start
        guard case .web(let url, .content) = fixture.model.content(of: .destination(destination)) else {
            Issue.record("\(command) applies to \(destination.id), which has no content screen")
            return
        }
        fixture.model.open(try #require(URL(string: url)))
        let screen = try #require(fixture.model.stack.last)
        fixture.load(screen, url)
        let offers = try Self.offer(command, on: screen, in: fixture)
        #expect(offers.map(\.command) == [command.rawValue], "the page's form or link is read as \(command)")
        let state = try #require(fixture.model.commandStates.first { $0.command == command })
        #expect(state.isEnabled)
        #expect(
            ManifestCommand.Placement.allCases.contains { placement in
                fixture.model.commands(for: placement).contains { $0.command == command }
            }, "\(command) is shown somewhere on the screen it applies to")
        var request = fixture.model.request(command)
        if case .confirm = request {
            #expect(state.isDestructive)
            request = fixture.model.confirm(true)
        }
        guard case .invoke(let offer) = request else {
            Issue.record("\(command): \(request)")
            return
        }
        #expect(offer.command == command.rawValue)
        #expect(fixture.effects[screen.id]?.last == .invokePageAction(offer))
    }

    @Test("a command the page does not offer does nothing, never something else")
    func unofferedCommands() throws {
        let fixture = Fixture()
        let start = fixture.launched()
        // The start page offers the first command that applies to it (notes: New Bookmark's link).
        let offered = Command.allCases.first { $0.applies(to: NotesModel.start) }
        if let offered { try Self.offer(offered, on: start, in: fixture) }
        let before = fixture.effects[start.id]
        for command in Command.allCases where command != offered {
            #expect(fixture.model.request(command) == .unavailable, "\(command)")
        }
        #expect(fixture.effects[start.id] == before)
        #expect(fixture.model.confirmation == nil)
    }

    @Test("the walk catches a fallback and a destination shown as another's screen")
    func walkCatchesFallbacks() {
        let list = ScreenContent.web(url: Fixture.url("/bookmarks"), role: .content)
        let problems = ManifestWalk.screenProblems([
            .init(id: "bookmarks", content: list, isFallback: false),
            .init(id: "newBookmark", content: list, isFallback: false),
            .init(id: "home", content: ScreenContent.nothingToShow("no screen"), isFallback: true),
        ])
        #expect(problems.count == 2)
        #expect(problems.first?.hasPrefix("newBookmark shows the same screen as bookmarks") == true)
        #expect(ScreenContent.nothingToShow("x").isFallback)
    }
}
