import Foundation
import RastrilloNative
import Testing

@testable import CompanionCore

/// Several servers: kept in user defaults (migrating the one address earlier versions kept),
/// added through the form's rules, removed after a confirmation, checked each through its runner.
@MainActor
@Suite("Companion servers")
struct ServerListTests {
    private func model(
        _ servers: [SavedServer],
        checker: @escaping CompanionModel.Checker = { address, _ throws(ServerVersionError) in
            throw .cancelled(address.versionURL)
        }
    ) -> CompanionModel {
        CompanionModel(store: .inMemory(servers), checker: checker)
    }

    /// A user-defaults suite of its own, empty.
    private func defaults() throws -> UserDefaults {
        let name = "companion-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: name))
        defaults.removePersistentDomain(forName: name)
        return defaults
    }

    @Test("the one address earlier versions kept becomes the list's one server, exactly as typed, once")
    func migration() throws {
        for typed in ["https://rastrillo.example/base", "ftp://not-a-server", "  example.com "] {
            let defaults = try defaults()
            defaults.set(typed, forKey: CompanionDefaults.addressDefaultsKey)
            let store = AddressStore.userDefaults(defaults)
            let first = try #require(store.load())
            #expect(first.map(\.address) == [typed])
            // Kept at once: the next launch reads the same server, with the same id.
            #expect(store.load() == first)
            #expect(AddressStore.userDefaults(defaults).load() == first)
            // The old key is left as it was.
            #expect(defaults.string(forKey: CompanionDefaults.addressDefaultsKey) == typed)
            // Once a list is kept, the old key is not read again: removing the server sticks.
            store.save([])
            #expect(store.load() == [])
        }
    }

    @Test("an empty kept address migrates to no servers; nothing kept is a first launch")
    func migrationEdges() throws {
        let empty = try defaults()
        empty.set("", forKey: CompanionDefaults.addressDefaultsKey)
        #expect(AddressStore.userDefaults(empty).load() == [])
        let fresh = try defaults()
        #expect(AddressStore.userDefaults(fresh).load() == nil)
        let model = CompanionModel(store: .userDefaults(fresh))
        #expect(model.servers.map(\.address) == [CompanionDefaults.serverAddress])
        #expect(AddressStore.userDefaults(fresh).load() == model.servers)
    }

    @Test("the list round-trips through user defaults; an entry with a broken id keeps its address")
    func userDefaultsList() throws {
        let defaults = try defaults()
        let servers = [SavedServer(address: "https://a.example"), SavedServer(address: "https://b.example")]
        AddressStore.userDefaults(defaults).save(servers)
        #expect(AddressStore.userDefaults(defaults).load() == servers)
        defaults.set(
            [["id": "not-a-uuid", "address": "https://c.example"], ["id": "x"]],
            forKey: CompanionDefaults.serversDefaultsKey)
        #expect(AddressStore.userDefaults(defaults).load()?.map(\.address) == ["https://c.example"])
    }

    nonisolated static let refusals: [(typed: String, message: String)] = [
        (
            "ftp://example.com",
            "Server address: 'ftp://example.com' is not a server address: the scheme 'ftp' is not https or http. "
                + "Enter an address like https://example.com."
        ),
        (
            "",
            "Server address: '' is not a server address: the address is empty. "
                + "Enter an address like https://example.com."
        ),
        (
            "http://example.com",
            "Server address: http://example.com uses plain http to example.com, which is not this device. "
                + "Use https (plain http is only allowed for 127.0.0.0/8, localhost and [::1])."
        ),
        (
            "RASTRILLO.example/",
            "Server address: https://rastrillo.example is already in your servers. "
                + "Enter another address, or open it from the server list."
        ),
    ]

    @Test("the form refuses an address with a message naming the field, the text and what to do", arguments: refusals)
    func refused(typed: String, message: String) {
        let model = model([SavedServer(address: "https://rastrillo.example")])
        model.selection = .destination(.addServer)
        #expect(throws: AddServerProblem(message: message)) { try model.addServer(typed) }
        #expect(model.servers.count == 1)
        #expect(model.selection == .destination(.addServer))
    }

    @Test("an added server is kept normalized and its screen replaces the form; Back goes to the list")
    func add() throws {
        let model = model([SavedServer(address: "https://rastrillo.example")])
        model.selection = .destination(.addServer)
        let added = try model.addServer(" staging.rastrillo.example/ ")
        #expect(added.address == "https://staging.rastrillo.example")
        #expect(model.servers.map(\.address) == ["https://rastrillo.example", "https://staging.rastrillo.example"])
        #expect(model.stackPath == [.destination(.servers), .destination(.server(serverID: added.id))])
        #expect(model.content(of: .destination(.server(serverID: added.id))) == .serverDetail(added))
        // The form pushed on a stack is replaced in place.
        model.pushed.append(.destination(.addServer))
        let local = try model.addServer("http://127.0.0.1:8080")
        #expect(model.pushed.last == .destination(.server(serverID: local.id)))
        #expect(!model.stackPath.contains(.destination(.addServer)))
        // In a window of its own, the window's root is replaced; the main stack is left alone.
        let window = WindowStack(root: .destination(.addServer))
        let before = model.stackPath
        let third = try model.addServer("https://third.example", in: window)
        #expect(window.root == .destination(.server(serverID: third.id)))
        #expect(model.stackPath == before)
    }

    @Test("Remove Server asks first; Cancel keeps the server, Remove takes it and its screen away")
    func remove() async throws {
        let kept = SavedServer(address: "https://a.example")
        let doomed = SavedServer(address: "https://b.example")
        let model = model([kept, doomed])
        model.statuses[doomed.id] = .unreachable("m")
        model.selection = .destination(.servers)
        model.pushed = [.destination(.server(serverID: doomed.id))]
        #expect(await model.perform(.removeServer) == .confirmRemoval(doomed))
        model.cancelRemoval()
        #expect(model.removalRequest == nil)
        #expect(model.servers == [kept, doomed])
        #expect(model.confirmRemoval() == nil)
        #expect(await model.perform(.removeServer) == .confirmRemoval(doomed))
        #expect(model.confirmRemoval() == doomed)
        #expect(model.servers == [kept])
        #expect(model.statuses[doomed.id] == nil)
        #expect(model.stackPath == [.destination(.servers)])
        // A link or restored window to it now says it is not in the list.
        #expect(model.content(of: .destination(.server(serverID: doomed.id))) == .serverNotFound(doomed.id))
        #expect(await model.perform(.removeServer).isFallback)
        // A selected server's screen gives way to the list.
        model.selection = .destination(.server(serverID: kept.id))
        model.requestRemoval(of: kept)
        model.confirmRemoval()
        #expect(model.servers.isEmpty)
        #expect(model.selection == .destination(.servers))
        #expect(model.removalRequest == nil)
        #expect(await model.perform(.checkVersion).isFallback)
    }

    @Test("in a destination's window, commands act on that window's server and it asks there")
    func inAWindow() async throws {
        let a = SavedServer(address: "https://a.example")
        let b = SavedServer(address: "https://b.example")
        let model = model([a, b])
        model.selection = .destination(.servers)
        model.pushed = [.destination(.server(serverID: a.id)), .destination(.server(serverID: b.id))]
        let window = WindowStack(root: .destination(.servers))
        window.pushed = [.destination(.server(serverID: b.id))]
        #expect(model.controls(for: .contextMenu, in: window).map(\.command) == [.copyAddress, .removeServer])
        #expect(await model.perform(.copyAddress, in: window) == .copy("https://b.example"))
        #expect(await model.perform(.removeServer, in: window) == .confirmRemoval(b))
        let request = try #require(model.removalRequest)
        #expect(request.isAsked(in: window))
        #expect(!request.isAsked(in: nil))
        model.confirmRemoval()
        #expect(window.pushed.isEmpty)
        #expect(model.servers == [a])
        // The main window's stack loses the removed server's screen too, and keeps the rest.
        #expect(model.stackPath == [.destination(.servers), .destination(.server(serverID: a.id))])
    }

    @Test("Check Version checks every server on the list, and only the server on its screen")
    func checkSeveral() async throws {
        let a = SavedServer(address: "https://a.example")
        let b = SavedServer(address: "https://b.example")
        let broken = SavedServer(address: "ftp://c.example")
        let scripted = CompanionModelTests.ScriptedChecker([
            .success(try ServerVersion(body: Array("v1.4.0".utf8))),
            .success(try ServerVersion(body: Array("v1.5.0".utf8))),
        ])
        let model = model([a, b, broken], checker: scripted.checker)
        model.selection = .destination(.server(serverID: b.id))
        #expect(await model.perform(.checkVersion) == .checked([b.id]))
        #expect(await scripted.calls == ["https://b.example"])
        #expect(model.status(of: b.id) == .reachable(try ServerVersion(body: Array("v1.4.0".utf8))))
        #expect(model.status(of: a.id) == .notChecked)
        model.selection = .destination(.servers)
        #expect(await model.perform(.checkVersion) == .checked([a.id, b.id, broken.id]))
        #expect(Set(await scripted.calls) == ["https://a.example", "https://b.example"])
        #expect(await scripted.calls.count == 3)
        guard case .invalidAddress = model.status(of: broken.id) else {
            Issue.record("expected invalidAddress, got \(model.status(of: broken.id))")
            return
        }
    }

    @Test("the web screens' server: the one nearest the top of the stack, else the first")
    func currentServer() throws {
        let a = SavedServer(address: "https://a.example")
        let b = SavedServer(address: "https://b.example")
        let model = model([a, b])
        #expect(model.currentServer == a)
        model.selection = .destination(.servers)
        model.pushed = [.destination(.server(serverID: b.id)), .destination(.releaseNotes(version: "1.4.0"))]
        #expect(model.currentServer == b)
        model.pushed = [.destination(.server(serverID: UUID()))]
        #expect(model.currentServer == a)
        #expect(CompanionModel(store: .inMemory([])).currentServer == nil)
        #expect(CompanionModel(store: .inMemory([])).status == .notChecked)
    }

    @Test("Copy Address copies the server's base URL, or the address as kept when it is not valid")
    func copy() async {
        let valid = SavedServer(address: "https://a.example/base")
        let migrated = SavedServer(address: "ftp://old")
        let model = model([valid, migrated])
        model.selection = .destination(.server(serverID: valid.id))
        #expect(await model.perform(.copyAddress) == .copy("https://a.example/base"))
        model.selection = .destination(.server(serverID: migrated.id))
        #expect(await model.perform(.copyAddress) == .copy("ftp://old"))
    }
}
