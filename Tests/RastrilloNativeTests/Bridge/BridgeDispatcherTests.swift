import Foundation
import RastrilloNative
import Testing

/// Typed handlers on the main actor, typed error replies, JSON-only output to the page.
@Suite @MainActor struct BridgeDispatcherTests {
    @Test func helloIsAnsweredWithTheHandledActionsAndDeclaredEvents() async throws {
        let (dispatcher, _) = BridgeFixture.dispatcher()
        let text = await dispatcher.receive(BridgeFixture.hello, from: BridgeFixture.mainFrame)
        #expect(
            text == #"{"protocol":1,"type":"welcome","id":"h1","version":1,"actions":["ping","saveNote","share"],"#
                + #""events":["noteChanged","syncStateChanged"]}"#)
        guard case .ready(let page) = dispatcher.page else {
            Issue.record("not ready after hello")
            return
        }
        #expect(page.version == 1 && page.events == ["noteChanged", "syncStateChanged"])
    }

    @Test func aHelloWithoutACommonVersionIsRefused() async throws {
        let (dispatcher, log) = BridgeFixture.dispatcher()
        let hello = BridgeFixture.hello.replacingOccurrences(of: #""versions":[1]"#, with: #""versions":[2,3]"#)
        let reply = try ReplyEnvelope(await dispatcher.receive(hello, from: BridgeFixture.mainFrame))
        #expect(reply.code == "no-common-version" && reply.id == "h1")
        #expect(dispatcher.page == .notReady)
        #expect(log.events.map(\.refusal) == [.noCommonVersion([2, 3])])
    }

    @Test func aRequestRunsItsTypedHandler() async throws {
        let (dispatcher, log) = BridgeFixture.dispatcher()
        let text = await dispatcher.receive(
            BridgeFixture.request("saveNote", BridgeFixture.draftJSON, id: "r42"), from: BridgeFixture.mainFrame)
        #expect(
            text == #"{"protocol":1,"type":"reply","id":"r42","payload":{"id":"6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10","#
                + #""revision":8,"warnings":[]}}"#)
        #expect(log.events.isEmpty)
    }

    nonisolated static let errorCases: [(String, String, String)] = [
        ("exportReport", #"{"from":"x"}"#, "unhandled-action"),
        ("deleteEverything", "null", "unknown-action"),
        ("share", "[]", "action-failed"),
        ("share", #"[1]"#, "invalid-payload"),
        ("saveNote", #"{"title":"t"}"#, "invalid-payload"),
    ]

    @Test(arguments: errorCases)
    func refusalsGetTypedErrorReplies(action: String, payload: String, code: String) async throws {
        let (dispatcher, log) = BridgeFixture.dispatcher()
        let text = await dispatcher.receive(
            BridgeFixture.request(action, payload, id: "e1"), from: BridgeFixture.mainFrame)
        let reply = try ReplyEnvelope(text)
        #expect(reply.type == "error" && reply.id == "e1" && reply.code == code, "\(text)")
        #expect(log.events.map(\.refusal.code) == [code])
        #expect(log.events.first?.id == "e1")
    }

    @Test func aHandlerFailureCarriesItsMessageButNotForeignErrors() async throws {
        struct Internal: Error {}
        let (dispatcher, _) = BridgeFixture.dispatcher()
        dispatcher.handle(BridgeActions.ExportReport.self) { _ in throw Internal() }
        let text = await dispatcher.receive(
            BridgeFixture.request("exportReport", #"{"from":"x"}"#), from: BridgeFixture.mainFrame)
        #expect(text.contains("native could not complete the action") && !text.contains("Internal"))
        let shared = await dispatcher.receive(BridgeFixture.request("share", "[]"), from: BridgeFixture.mainFrame)
        #expect(shared.contains("nothing to share"))
    }

    @Test func anUndecodableMessageIsAnsweredWithANullID() async throws {
        let (dispatcher, _) = BridgeFixture.dispatcher()
        let reply = try ReplyEnvelope(await dispatcher.receive("{", from: BridgeFixture.mainFrame))
        #expect(reply.type == "error" && reply.id == nil && reply.code == "invalid-json")
    }

    @Test func handlersRunOnTheMainActorAndMayAwait() async throws {
        let (dispatcher, _) = BridgeFixture.dispatcher()
        let gate = Gate()
        dispatcher.handle(BridgeActions.Ping.self) { text in
            MainActor.assertIsolated()
            await gate.wait()
            return "late " + (text ?? "")
        }
        let task = Task {
            await dispatcher.receive(BridgeFixture.request("ping", #""x""#), from: BridgeFixture.mainFrame)
        }
        #expect(await yieldUntil { gate.waitingCount == 1 })
        gate.open()
        #expect(try ReplyEnvelope(await task.value).payloadJSON == #""late x""#)
    }

    @Test func eventsGoOnlyToAReadyPageThatListens() async throws {
        let (dispatcher, _) = BridgeFixture.dispatcher()
        #expect(throws: BridgeEventRefusal.pageNotReady(event: "noteChanged")) {
            try dispatcher.eventEnvelope(BridgeEvents.NoteChanged.self, BridgeFixture.draft)
        }
        let partial = BridgeFixture.hello.replacingOccurrences(of: #""noteChanged","#, with: "")
        _ = await dispatcher.receive(partial, from: BridgeFixture.mainFrame)
        #expect(throws: BridgeEventRefusal.pageDoesNotListen(event: "noteChanged")) {
            try dispatcher.eventEnvelope(BridgeEvents.NoteChanged.self, BridgeFixture.draft)
        }
        #expect(
            try dispatcher.eventEnvelope(BridgeEvents.SyncStateChanged.self, .failed)
                == #"{"protocol":1,"type":"event","name":"syncStateChanged","payload":"failed"}"#)
        dispatcher.documentDidChange()
        #expect(dispatcher.page == .notReady)
    }

    @Test func theEventScriptPassesOneQuotedStringLiteral() async throws {
        let (dispatcher, _) = BridgeFixture.dispatcher()
        _ = await dispatcher.receive(BridgeFixture.hello, from: BridgeFixture.mainFrame)
        var draft = BridgeFixture.draft
        draft.title = "</script>\"'\\\u{2028}\u{2029}`${x}"
        let script = try dispatcher.eventScript(BridgeEvents.NoteChanged.self, draft)
        let prefix = "globalThis.__rastrilloBridge && globalThis.__rastrilloBridge.receive(\""
        #expect(script.hasPrefix(prefix) && script.hasSuffix("\");"))
        #expect(!script.unicodeScalars.contains("\u{2028}") && !script.unicodeScalars.contains("\u{2029}"))
        // The argument is exactly one JSON string whose content is the event envelope.
        let literal = String(script.dropFirst(prefix.count - 1).dropLast(2))
        let inner = try #require(
            try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String)
        #expect(inner == (try dispatcher.eventEnvelope(BridgeEvents.NoteChanged.self, draft)))
        let envelope = try #require(try JSONSerialization.jsonObject(with: Data(inner.utf8)) as? [String: Any])
        #expect((envelope["payload"] as? [String: Any])?["title"] as? String == draft.title)
    }

    @Test func anUndeclaredEventIsRefused() async throws {
        enum Stray: BridgeEvent {
            typealias Payload = String
            static let name = "stray"
        }
        let (dispatcher, _) = BridgeFixture.dispatcher()
        _ = await dispatcher.receive(BridgeFixture.hello, from: BridgeFixture.mainFrame)
        #expect(throws: BridgeEventRefusal.notDeclared(event: "stray")) { try dispatcher.eventScript(Stray.self, "x") }
    }
}
