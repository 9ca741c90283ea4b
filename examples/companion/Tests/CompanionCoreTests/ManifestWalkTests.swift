import Foundation
import RastrilloNative
import Testing

@testable import CompanionCore

/// Every destination and every command of the companion's manifest, walked from the generated
/// manifest (not a hand list): each destination has a screen of its own, each command an effect
/// wherever the app offers it, and none resolves to the fallback.
@MainActor
@Suite("Companion manifest walk")
struct ManifestWalkTests {
    /// One sample per manifest destination, built by the generated `Destination(match:)`.
    static let destinations: [Destination] = ManifestWalk.sampleMatches(GeneratedManifest.manifest).compactMap(
        Destination.init(match:))

    /// The screens the walk visits: every destination, and an internal page without one.
    static let screens: [Screen] =
        destinations.map(Screen.destination) + [.webPage(URL(string: "https://app.example.com/pricing")!)]

    /// A model whose list holds the server the samples' `serverID` names, and one more.
    private func model() -> CompanionModel {
        CompanionModel(
            store: .inMemory([
                SavedServer(id: ManifestWalk.sampleUUID, address: "https://rastrillo.example"),
                SavedServer(address: "https://staging.rastrillo.example"),
            ]),
            checker: { address, _ throws(ServerVersionError) in
                throw .unreachable(address.versionURL, reason: "no network in the walk")
            })
    }

    /// Puts `screen` on screen as the views do: selected, and for a web screen its page model
    /// attached to a fake web view (each load or reload finishes later, as WebKit would) and
    /// reported as appeared.
    private func show(_ screen: Screen, in model: CompanionModel) {
        model.selection = screen
        guard case .web(let url) = model.content(of: screen) else { return }
        let page = WebScreenModel(url: url.absoluteString)
        var next: UInt64 = 0
        page.attach { [weak page] effect in
            guard effect != .loadSettled else { return }
            next += 1
            let id = WebNavigationID(next)
            Task { @MainActor in
                page?.handle(.started(id, url: url.absoluteString))
                page?.handle(.committed(id, url: url.absoluteString))
                page?.handle(.finished(id))
            }
        }
        model.webScreenAppeared(page)
    }

    @Test("every destination of the manifest has a sample")
    func samples() {
        #expect(Self.destinations.map(\.id) == GeneratedManifest.manifest.destinations.map(\.id))
    }

    @Test("every destination resolves to a screen of its own, never the fallback")
    func everyDestination() {
        let model = model()
        let resolved = Self.destinations.map { destination in
            let content = model.content(of: .destination(destination))
            return ManifestWalk.Resolved(id: destination.id, content: content, isFallback: content.isFallback)
        }
        #expect(ManifestWalk.screenProblems(resolved) == [])
        #expect(resolved.count == GeneratedManifest.manifest.destinations.count)
    }

    @Test("every destination's own URL, opened as a link, reaches that destination's screen or the browser")
    func everyDestinationLink() throws {
        for destination in Self.destinations {
            let model = model()
            let url = try #require(destination.url, "\(destination.id) has no URL")
            switch model.open(url) {
            case .navigate(let shown), .showWeb(.destination(let shown)):
                #expect(shown == destination)
                let screen = try #require(model.selection)
                #expect(model.content(of: screen) == model.content(of: .destination(destination)))
            case .openExternally(let external, _):
                #expect(external == url)
                // Only a destination whose link intent leaves the app: the browser, or a browser sheet.
                #expect([.externalBrowser, .inAppBrowser].contains(destination.metadata.link))
            case let outcome:
                Issue.record("\(destination.id): \(url) gives \(outcome)")
            }
        }
    }

    @Test("every command has an effect wherever the app offers it, and each is offered somewhere")
    func everyCommand() async {
        var offered: Set<Command> = []
        for screen in Self.screens {
            let commands = Set(
                ManifestCommand.Placement.allCases.flatMap { placement in
                    let model = model()
                    model.selection = screen
                    return model.controls(for: placement).map(\.command)
                })
            for command in Command.allCases where commands.contains(command) {
                let model = model()
                show(screen, in: model)
                let effect = await model.perform(command)
                #expect(!effect.isFallback, "\(command) on \(screen): \(effect)")
                offered.insert(command)
            }
        }
        #expect(offered == Set(Command.allCases), "never offered: \(Set(Command.allCases).subtracting(offered))")
    }

    @Test("the walk catches a fallback and a destination shown as another's screen")
    func walkCatchesFallbacks() throws {
        // Before this walk, addServer showed the server list: the walk names it.
        let problems = ManifestWalk.screenProblems([
            .init(id: "servers", content: ScreenContent.serverList, isFallback: false),
            .init(id: "addServer", content: ScreenContent.serverList, isFallback: false),
            .init(id: "docs", content: ScreenContent.nothingToShow("no screen"), isFallback: true),
        ])
        #expect(
            problems == [
                "addServer shows the same screen as servers: serverList",
                #"docs falls back: nothingToShow("no screen")"#,
            ])
        // The fallbacks are observable outcomes of the core, not silent defaults.
        let model = model()
        #expect(model.content(of: .destination(.releaseNotes(version: ".."))).isFallback)
        #expect(CommandEffect.nothing("x").isFallback)
    }
}
