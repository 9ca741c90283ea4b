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
}
