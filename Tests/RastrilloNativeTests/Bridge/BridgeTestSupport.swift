import Foundation
import RastrilloNative
import Testing

/// The bridge fixture manifest (the same one the generated types under `Generated/` come from).
enum BridgeFixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let manifest: AppManifest = {
        let url = root.appendingPathComponent("Tests/BridgeFixture/bridge-fixture.json")
        let data = try! Data(contentsOf: url)
        return try! AppManifest.decode(Array(data), source: "bridge-fixture.json")
    }()

    static let mainFrame = BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com", port: 0)

    static func request(_ action: String, _ payload: String, id: String = "r1") -> String {
        #"{"protocol":1,"type":"request","id":"\#(id)","action":"\#(action)","payload":\#(payload)}"#
    }

    static let hello =
        #"{"protocol":1,"type":"hello","id":"h1","versions":[1],"actions":["saveNote","share","ping","exportReport"],"#
        + #""events":["noteChanged","syncStateChanged"]}"#

    static let draftJSON =
        #"{"id":"6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10","title":"Groceries","body":"milk\u2028eggs","tags":["home","今日"],"#
        + #""color":"green","pinned":true,"weight":0.25,"revision":7,"attachments":[{"name":"a.png","bytes":1024}]}"#

    static let draft = NoteDraft(
        id: UUID(uuidString: "6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10"), title: "Groceries", body: "milk\u{2028}eggs",
        tags: ["home", "今日"], color: .green, pinned: true, weight: 0.25, revision: 7,
        attachments: [Attachment(name: "a.png", bytes: 1024)])

    /// A dispatcher with handlers for saveNote, share and ping (exportReport stays unhandled), and
    /// a recorder of refusals.
    @MainActor static func dispatcher() -> (BridgeDispatcher, BridgeRefusalLog) {
        let log = BridgeRefusalLog()
        let dispatcher = BridgeDispatcher(manifest: manifest, diagnostics: RefusalDiagnostics(log.append))
        dispatcher.handle(BridgeActions.SaveNote.self) { draft in
            SaveResult(
                id: draft.id ?? UUID(uuidString: "00000000-0000-4000-8000-000000000001")!,
                revision: draft.revision + 1, warnings: draft.title.isEmpty ? ["empty title"] : [])
        }
        dispatcher.handle(BridgeActions.Share.self) { items in
            guard !items.isEmpty else { throw BridgeActionError("nothing to share") }
            return true
        }
        dispatcher.handle(BridgeActions.Ping.self) { text in "pong: " + (text ?? "nil") }
        return (dispatcher, log)
    }
}

/// Collects diagnostics-hook events.
///
/// `@unchecked Sendable` is safe: the only stored state is guarded by `lock` on every access.
final class BridgeRefusalLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [RefusalDiagnostics.Event] = []

    @Sendable func append(_ event: RefusalDiagnostics.Event) { lock.withLock { stored.append(event) } }

    /// Everything the hook received, in order (a dispatcher only ever reports bridge refusals).
    var all: [RefusalDiagnostics.Event] { lock.withLock { stored } }

    /// The bridge refusals, in order.
    var events: [BridgeRefusalEvent] {
        all.compactMap { event in
            if case .bridge(let bridge) = event { return bridge }
            return nil
        }
    }
}

/// The fields of a reply envelope, read back with the strict message reader's JSON rules.
struct ReplyEnvelope: Equatable {
    let type: String
    let id: String?
    let code: String?
    let payloadJSON: String?

    init(_ text: String) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        type = try #require(object["type"] as? String)
        id = object["id"] as? String
        code = (object["error"] as? [String: Any])?["code"] as? String
        if let payload = object["payload"] {
            payloadJSON = String(
                decoding: try JSONSerialization.data(
                    withJSONObject: payload, options: [.fragmentsAllowed, .sortedKeys]), as: UTF8.self)
        } else {
            payloadJSON = nil
        }
        #expect(object["protocol"] as? Int == 1)
    }
}
