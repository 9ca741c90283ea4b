import Foundation
@_spi(RastrilloGenerated) import RastrilloNative
import Testing

/// The middle step of the node cross-check (`make bridge-crosscheck`, see
/// `Tests/BridgeFixture/crosscheck.mjs`): the exact JSON the generated ES module posted is decoded
/// into the generated Swift types and answered; the replies and event scripts go back to node.
/// It runs only when `BRIDGE_CROSSCHECK_DIR` names the directory the page phase wrote.
@Suite @MainActor struct BridgeCrossCheckTests {
    nonisolated static let directory = ProcessInfo.processInfo.environment["BRIDGE_CROSSCHECK_DIR"].map {
        URL(fileURLWithPath: $0)
    }

    @Test(.enabled(if: directory != nil, "set by make bridge-crosscheck after the page phase"))
    func answersWhatTheGeneratedModulePosted() async throws {
        let directory = try #require(Self.directory)
        let data = try Data(contentsOf: directory.appendingPathComponent("page-messages.json"))
        let posted = try #require(try JSONSerialization.jsonObject(with: data) as? [String])
        try #require(posted.count == 9, "expected the hello and 8 requests, got \(posted.count)")

        // What the page sent decodes into the generated types with the values the page used.
        guard case .hello(let hello) = try BridgeMessage.decode(posted[0]) else {
            Issue.record("first message is not a hello: \(posted[0])")
            return
        }
        #expect(hello.versions == [1] && hello.actions == ["saveNote", "share", "ping", "exportReport"])
        #expect(try payload(posted[1], as: NoteDraft.self) == BridgeFixture.draft)
        let minimal = try payload(posted[2], as: NoteDraft.self)
        #expect(minimal.id == nil && minimal.color == nil && minimal.attachments.isEmpty)
        #expect(
            try payload(posted[3], as: [String].self) == [
                "a", "\u{2028}\u{2029}", "😀", "\"quoted\"", "</script>", "\\",
            ])
        #expect(try payload(posted[6], as: String?.self) == nil)
        #expect(try payload(posted[7], as: String?.self) == "hi")
        #expect(try payload(posted[8], as: ReportRequest.self) == ReportRequest(from: "2026-01", count: 2))

        // Swift answers every message; node decodes the answers in its verify phase.
        let (dispatcher, log) = BridgeFixture.dispatcher()
        var replies: [String] = []
        for text in posted { replies.append(await dispatcher.receive(text, from: BridgeFixture.mainFrame)) }
        #expect(log.events.map(\.refusal.code) == ["action-failed", "invalid-json", "unhandled-action"])

        var draft = BridgeFixture.draft
        draft.title = "</script>\"'\\\u{2028}\u{2029}`${x}"
        let events = [
            try dispatcher.eventScript(BridgeEvents.NoteChanged.self, draft),
            try dispatcher.eventScript(BridgeEvents.SyncStateChanged.self, .failed),
        ]
        try JSONSerialization.data(withJSONObject: replies).write(
            to: directory.appendingPathComponent("native-replies.json"))
        try JSONSerialization.data(withJSONObject: events).write(
            to: directory.appendingPathComponent("native-events.json"))
    }

    func payload<T: BridgeValue>(_ text: String, as type: T.Type) throws -> T {
        guard case .request(let request) = try BridgeMessage.decode(text) else {
            throw BridgeRefusal.unknownType("expected a request: \(text)")
        }
        return try T(bridge: request.payload)
    }
}
