import Foundation
import RastrilloNative
import Testing

@testable import CompanionCore

/// Which destinations may open in a window of their own (`WindowGroup(for: Destination.self)`).
@MainActor
@Suite("Companion windows")
struct CompanionWindowTests {
    private func model() -> CompanionModel {
        CompanionModel(
            store: .inMemory(),
            checker: { address, _ throws(ServerVersionError) in throw .cancelled(address.versionURL) })
    }

    nonisolated static let destinations: [Destination] = [
        .servers, .server(serverID: UUID(uuidString: "0F6F1C9E-2B7D-4B8E-9C55-3C2D1A0B9E77")!), .addServer,
        .releaseNotes(version: "1.4.0"), .docs, .account,
    ]

    @Test("screens the app shows may open a window; a link out to the browser may not")
    func whichDestinations() {
        let model = model()
        #expect(Self.destinations.filter(model.opensInNewWindow) == Array(Self.destinations.dropLast()))
        #expect(!model.opensInNewWindow(.account))
    }

    @Test("a destination whose capabilities the person lacks does not open a window")
    func capabilities() {
        let model = model()
        model.capabilities = [.serversRead]
        #expect(!model.opensInNewWindow(.addServer))
        #expect(model.opensInNewWindow(.servers))
        model.capabilities = []
        #expect(!model.opensInNewWindow(.servers))
        #expect(model.opensInNewWindow(.releaseNotes(version: "1.4.0")))
    }

    @Test("File ▸ Open in New Window opens the selection when it may")
    func fromTheSelection() throws {
        let model = model()
        #expect(model.newWindowDestination == nil)
        model.selection = .destination(.releaseNotes(version: "1.4.0"))
        #expect(model.newWindowDestination == .releaseNotes(version: "1.4.0"))
        model.selection = .destination(.account)
        #expect(model.newWindowDestination == nil)
        model.selection = .webPage(try #require(URL(string: "https://app.example.com/pricing")))
        #expect(model.newWindowDestination == nil)
    }

    @Test("a window's destination survives state restoration (Codable round trip)", arguments: destinations)
    func restoration(destination: Destination) throws {
        let data = try JSONEncoder().encode(destination)
        #expect(try JSONDecoder().decode(Destination.self, from: data) == destination)
    }

    @Test("a push or replace from a web screen in a destination's window lands in that window's stack")
    func webScreenInItsOwnWindow() throws {
        let model = model()
        model.selection = .destination(.servers)
        let window = WindowStack(root: .destination(.releaseNotes(version: "1.4.0")))
        let release = "https://app.example.com/releases/1.4.0"
        let screen = WebScreenModel(url: release)
        let navigation = WebScreenNavigation(router: model.router)
        func follow(_ text: String, in stack: WindowStack?) throws -> LinkOutcome {
            let url = try #require(URL(string: text))
            return model.followFromWebScreen(
                url, action: screen.decide(text, kind: .link, using: navigation), in: stack)
        }
        // Another page is pushed in the window; the main window keeps its selection and stack.
        let pricing = try #require(URL(string: "https://app.example.com/pricing"))
        #expect(try follow(pricing.absoluteString, in: window) == .showWeb(.webPage(pricing)))
        #expect(window.pushed == [.webPage(pricing)])
        #expect(model.selection == .destination(.servers))
        #expect(model.pushed.isEmpty)
        // A native destination too.
        #expect(try follow("https://app.example.com/servers/", in: window) == .navigate(.servers))
        #expect(window.pushed == [.webPage(pricing), .destination(.servers)])
        #expect(model.pushed.isEmpty)
        // The same destination with new params replaces the window's top screen, then its root.
        #expect(
            try follow("https://app.example.com/releases/1.5.0", in: window)
                == .showWeb(.destination(.releaseNotes(version: "1.5.0"))))
        #expect(window.pushed == [.webPage(pricing), .destination(.releaseNotes(version: "1.5.0"))])
        window.pushed = []
        #expect(
            try follow("https://app.example.com/releases/1.6.0", in: window)
                == .showWeb(.destination(.releaseNotes(version: "1.6.0"))))
        #expect(window.root == .destination(.releaseNotes(version: "1.6.0")))
        #expect(window.pushed.isEmpty)
        #expect(model.selection == .destination(.servers))
        #expect(model.pushed.isEmpty)
        // Without a window the main stack takes the push, and the window is left alone.
        #expect(try follow(pricing.absoluteString, in: nil) == .showWeb(.webPage(pricing)))
        #expect(model.pushed == [.webPage(pricing)])
        #expect(window.pushed.isEmpty)
    }
}
