import Foundation
import RastrilloNative
import Testing

@testable import CompanionCore

@MainActor
@Suite("Companion model")
struct CompanionModelTests {
    /// A checker that answers from a script and records the addresses it was asked about.
    actor ScriptedChecker {
        private(set) var calls: [String] = []
        private var answers: [Result<ServerVersion, ServerVersionError>]

        init(_ answers: [Result<ServerVersion, ServerVersionError>] = []) {
            self.answers = answers
        }

        func answer(_ address: ServerAddress) -> Result<ServerVersion, ServerVersionError> {
            calls.append(address.description)
            return answers.isEmpty ? .failure(.cancelled(address.versionURL)) : answers.removeFirst()
        }

        nonisolated var checker: CompanionModel.Checker {
            { address, _ throws(ServerVersionError) in try await self.answer(address).get() }
        }
    }

    @Test("the kept servers win over the default, a first launch keeps the default, changes are kept")
    func addressStore() throws {
        let kept = SavedServer(address: "https://kept.example")
        let store = AddressStore.inMemory([kept])
        let model = CompanionModel(
            store: store, defaultAddress: "https://default.example", checker: ScriptedChecker().checker)
        #expect(model.servers == [kept])
        let added = try model.addServer("new.example")
        #expect(store.load() == [kept, added])
        #expect(added.address == "https://new.example")
        let freshStore = AddressStore.inMemory()
        let fresh = CompanionModel(store: freshStore, checker: ScriptedChecker().checker)
        #expect(fresh.servers.map(\.address) == [CompanionDefaults.serverAddress])
        // Kept at once, so the default server keeps its id on the next launch.
        #expect(freshStore.load() == fresh.servers)
        #expect(CompanionModel(store: .inMemory([]), checker: ScriptedChecker().checker).servers.isEmpty)
    }

    @Test("a successful check shows the version")
    func reachable() async throws {
        let version = try ServerVersion(body: Array("v1.4.0".utf8))
        let scripted = ScriptedChecker([.success(version)])
        let model = CompanionModel(store: .inMemory("example.com"), checker: scripted.checker)
        await model.refresh()
        #expect(model.status == .reachable(version))
        #expect(await scripted.calls == ["https://example.com"])
        #expect(model.status.presentation.detail == "v1.4.0 (tag)")
    }

    @Test("an invalid address never reaches the checker")
    func invalid() async {
        let scripted = ScriptedChecker()
        let model = CompanionModel(store: .inMemory("ftp://example.com"), checker: scripted.checker)
        await model.refresh()
        guard case .invalidAddress = model.status else {
            Issue.record("expected invalidAddress, got \(model.status)")
            return
        }
        #expect(await scripted.calls.isEmpty)
    }

    @Test("the real client refuses http to a public host before sending anything: insecure address")
    func insecureThroughRealClient() async {
        let model = CompanionModel(store: .inMemory("http://example.com"))
        await model.refresh()
        guard case .insecureAddress(let message) = model.status else {
            Issue.record("expected insecureAddress, got \(model.status)")
            return
        }
        #expect(message.contains("Use https"))
    }

    @Test("triggers made while a check runs share one trailing check")
    func coalesced() async throws {
        let version = try ServerVersion(body: Array("dev".utf8))
        let counter = CallCounter()
        let model = CompanionModel(store: .inMemory("https://example.com")) { _, _ throws(ServerVersionError) in
            await counter.enterAndWait()
            return version
        }
        async let first: Void = model.refresh()  // starts a pass, which waits at the counter
        await counter.waitForCalls(1)
        async let second: Void = model.refresh()  // pull-to-refresh
        async let third: Void = model.refresh()  // ⌘R
        async let fourth: Void = model.refresh()  // toolbar
        await Task.yield()
        await counter.release()
        await counter.waitForCalls(2)
        await counter.release()
        _ = await (first, second, third, fourth)
        #expect(await counter.calls == 2)
        #expect(model.status == .reachable(version))
    }
}

/// Counts checker calls and holds each until the test releases it.
actor CallCounter {
    private(set) var calls = 0
    private var held: [CheckedContinuation<Void, Never>] = []
    private var callWaiters: [(Int, CheckedContinuation<Void, Never>)] = []

    func enterAndWait() async {
        calls += 1
        for (count, waiter) in callWaiters where calls >= count { waiter.resume() }
        callWaiters.removeAll { calls >= $0.0 }
        await withCheckedContinuation { held.append($0) }
    }

    func waitForCalls(_ count: Int) async {
        if calls >= count { return }
        await withCheckedContinuation { callWaiters.append((count, $0)) }
    }

    func release() {
        if !held.isEmpty { held.removeFirst().resume() }
    }
}
