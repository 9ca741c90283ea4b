import Foundation
@_spi(RastrilloGenerated) import RastrilloNative

/// `fuzz-bridge`: any bytes as a page's message. Properties: the strict decoder returns a typed
/// message or a refusal with a known code; a decoded `saveNote` payload re-encodes and decodes
/// to the same `NoteDraft`; the dispatcher, with handlers for the generated actions, answers
/// every body once with a JSON object (read by Foundation) of type reply, error or welcome,
/// whose error code is a known one, and answers a frame from a foreign origin with
/// `untrusted-sender`, always.
enum BridgeCheck {
    static let knownCodes: Set<String> = [
        "untrusted-sender", "body-not-text", "too-large", "invalid-json", "not-an-object", "missing-field",
        "unknown-field", "invalid-field", "unsupported-protocol", "unknown-type", "no-common-version",
        "unknown-action", "unhandled-action", "invalid-payload", "action-failed", "reply-not-encodable",
    ]
    static let mainFrame = BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com", port: 0)
    static let foreignFrame = BridgeFrame(isMainFrame: true, scheme: "https", host: "evil.example", port: 0)

    @MainActor static let dispatcher: BridgeDispatcher = {
        let dispatcher = BridgeDispatcher(manifest: GeneratedManifest.manifest, limits: .init(maxBytes: 4_096))
        dispatcher.handle(BridgeActions.SaveNote.self) { draft in
            SaveResult(
                id: draft.id ?? UUID(uuidString: "00000000-0000-4000-8000-000000000001")!,
                revision: draft.revision &+ 1, warnings: draft.title.isEmpty ? ["empty title"] : [])
        }
        dispatcher.handle(BridgeActions.Share.self) { items in
            guard !items.isEmpty else { throw BridgeActionError("nothing to share") }
            return true
        }
        dispatcher.handle(BridgeActions.Ping.self) { text in "pong: " + (text ?? "nil") }
        return dispatcher
    }()

    @MainActor static func check(_ bytes: [UInt8]) async throws(PropertyViolation) {
        let message: BridgeMessage?
        do throws(BridgeMessage.DecodingFailure) {
            message = try BridgeMessage.decode(bytes: bytes, limits: .init(maxBytes: 4_096))
        } catch {
            try require(knownCodes.contains(error.refusal.code), "unknown refusal code \(error.refusal.code)")
            try require(!error.refusal.description.isEmpty, "empty refusal for \(escaped(bytes))")
            message = .none
        }
        if case .request(let request)? = message, request.action == "saveNote",
            let draft = try? NoteDraft(bridge: request.payload)
        {
            var writer = BridgeJSONWriter()
            do { try draft.encode(to: &writer) } catch {
                throw PropertyViolation(description: "a decoded NoteDraft does not encode: \(error)")
            }
            let text = #"{"protocol":1,"type":"request","id":"r","action":"saveNote","payload":\#(writer.text)}"#
            guard case .request(let reread)? = try? BridgeMessage.decode(text),
                let again = try? NoteDraft(bridge: reread.payload)
            else { throw PropertyViolation(description: "re-encoded NoteDraft is refused: \(escaped(text))") }
            try require(again == draft, "NoteDraft round trip changed \(escaped(bytes))")
        }
        let body = String(decoding: bytes, as: UTF8.self)
        let reply = await dispatcher.receive(body, from: mainFrame)
        let (type, code) = try envelope(reply, for: bytes)
        try require(["reply", "error", "welcome"].contains(type), "reply type \(type) for \(escaped(bytes))")
        if type == "error" { try require(knownCodes.contains(code ?? ""), "error code \(code ?? "nil")") }
        let foreign = await dispatcher.receive(body, from: foreignFrame)
        let (foreignType, foreignCode) = try envelope(foreign, for: bytes)
        try require(
            foreignType == "error" && foreignCode == "untrusted-sender",
            "a foreign frame got \(escaped(foreign)) for \(escaped(bytes))")
        dispatcher.documentDidChange()
    }

    static func envelope(_ reply: String, for bytes: [UInt8]) throws(PropertyViolation) -> (String, String?) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any],
            let type = object["type"] as? String
        else { throw PropertyViolation(description: "reply \(escaped(reply)) is no envelope, for \(escaped(bytes))") }
        return (type, (object["error"] as? [String: Any])?["code"] as? String)
    }
}
