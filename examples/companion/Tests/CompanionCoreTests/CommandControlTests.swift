import Foundation
import RastrilloNative
import Testing

@testable import CompanionCore

/// The menu, toolbar and context menu each pick their controls from the generated `Command` metadata.
@MainActor
@Suite("Companion commands")
struct CommandControlTests {
    private func model() -> CompanionModel {
        CompanionModel(
            store: .inMemory("https://rastrillo.example"),
            checker: { address, _ throws(ServerVersionError) in
                throw .cancelled(address.versionURL)
            })
    }

    @Test("each placement gets the commands that list it, at the selected destination")
    func placements() {
        let model = model()
        model.selection = .destination(.servers)
        #expect(model.controls(for: .menu).map(\.command) == [.checkVersion, .addServerCommand])
        #expect(model.controls(for: .toolbar).map(\.command) == [.checkVersion, .addServerCommand])
        #expect(model.controls(for: .contextMenu).isEmpty)
        model.selection = .destination(.server(serverID: UUID()))
        #expect(model.controls(for: .menu).map(\.command) == [.checkVersion, .addServerCommand, .copyAddress])
        #expect(model.controls(for: .contextMenu).map(\.command) == [.copyAddress, .removeServer])
        #expect(model.controls(for: .appShortcut).map(\.command) == [.checkVersion])
    }

    @Test("a command needing a capability the person lacks is not offered")
    func capabilities() {
        let model = model()
        model.selection = .destination(.server(serverID: UUID()))
        model.capabilities = [.serversRead]
        #expect(model.controls(for: .menu).map(\.command) == [.checkVersion, .copyAddress])
        #expect(model.controls(for: .contextMenu).map(\.command) == [.copyAddress])
    }

    @Test("a control carries the manifest's title key, symbol, shortcut and role")
    func metadata() {
        let refresh = CommandControl(.checkVersion)
        #expect(refresh.titleKey == "command.checkVersion")
        #expect(refresh.symbol == "arrow.clockwise")
        #expect(refresh.shortcut?.key == "r")
        #expect(refresh.shortcut?.modifiers == [.cmd, .shift])
        #expect(!refresh.isDestructive)
        let remove = CommandControl(.removeServer)
        #expect(remove.isDestructive)
        #expect(remove.shortcut?.key == "delete")
    }

    @Test("performing commands: add shows the form, copy hands the address to the view, remove asks first")
    func perform() async throws {
        let model = model()
        let server = try #require(model.servers.first)
        #expect(await model.perform(.addServerCommand) == .showed(.destination(.addServer)))
        #expect(model.selection == .destination(.addServer))
        // Copy and remove act on the server on screen; elsewhere they do nothing and say why.
        #expect(await model.perform(.copyAddress).isFallback)
        #expect(await model.perform(.removeServer).isFallback)
        model.selection = .destination(.server(serverID: server.id))
        #expect(await model.perform(.copyAddress) == .copy("https://rastrillo.example"))
        #expect(await model.perform(.removeServer) == .confirmRemoval(server))
        #expect(model.removalRequest?.server == server)
        #expect(model.servers == [server])
    }
}

@Suite("Companion manifest strings")
struct ManifestStringsTests {
    @Test("every destination and command title key of the manifest is in the String Catalog")
    func titleKeysAreLocalized() throws {
        let catalogURL = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Resources/Localizable.xcstrings")
        let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: catalogURL)) as? [String: Any]
        let strings = try #require(catalog?["strings"] as? [String: Any])
        let keys = GeneratedManifest.manifest.destinations.map(\.titleKey) + Command.allCases.map(\.metadata.titleKey)
        #expect(keys.count == 11)
        for key in keys {
            #expect(strings[key] != nil, "missing from Localizable.xcstrings: \(key)")
        }
    }

    @Test("every literal key the SwiftUI files show is in the String Catalog")
    func viewKeysAreLocalized() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let keys = try WebScreenTests.catalogKeys()
        // The first string literal of the SwiftUI initializers and modifiers that localize it.
        let call = try Regex(
            #"\b(?:Text|Button|Label|Toggle|TextField|Section|ContentUnavailableView|CommandMenu|navigationTitle|"#
                + #"confirmationDialog|alert|LocalizedStringKey)\(\s*"((?:[^"\\]|\\.)*)""#)
        let interpolation = try Regex(#"\\\([^)]*\)"#)
        var checked = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: sources.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: call) {
                guard let literal = match.output[1].substring.map(String.init) else { continue }
                // An interpolated value is a format specifier in the key: %@ for text, %lld for a number.
                let candidates = ["%@", "%lld"].map { literal.replacing(interpolation, with: $0) }
                #expect(
                    candidates.contains(where: keys.contains), "\(file): \"\(literal)\" is not in Localizable.xcstrings"
                )
                checked += 1
            }
        }
        #expect(checked > 40)
    }
}
