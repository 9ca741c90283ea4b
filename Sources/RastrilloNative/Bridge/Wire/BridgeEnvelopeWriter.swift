/// Builds the protocol v1 envelopes native sends to the page (replies, errors, welcomes, events).
///
/// Every value goes through ``BridgeJSONWriter``; nothing is interpolated into JSON or script text.
enum BridgeEnvelopeWriter {
    /// `{"protocol":1,"type":"reply"`, written once by ``header(_:)``: every reply starts with it.
    private static let replyHeader = header("reply")

    /// A reply envelope up to its `"payload":` key; the payload is written next, then ``finish(_:)``.
    static func replyStart(id: String) -> BridgeJSONWriter {
        var writer = replyHeader
        // One allocation for the whole reply (the header is shared until the first write).
        writer.reserve(additional: id.utf8.count + 512)
        writer.key("id")
        writer.string(id)
        writer.key("payload")
        return writer
    }

    /// Closes an envelope begun by ``replyStart(id:)`` and returns its text.
    static func finish(_ writer: inout BridgeJSONWriter) -> String {
        writer.endObject()
        return writer.text
    }

    static func error(id: String?, refusal: BridgeRefusal) -> String {
        var writer = header("error")
        writer.key("id")
        if let id { writer.string(id) } else { writer.null() }
        writer.key("error")
        writer.beginObject()
        writer.key("code")
        writer.string(refusal.code)
        writer.key("message")
        writer.string(refusal.description)
        writer.endObject()
        writer.endObject()
        return writer.text
    }

    static func welcome(id: String, version: Int, actions: [String], events: [String]) -> String {
        var writer = header("welcome")
        writer.key("id")
        writer.string(id)
        writer.key("version")
        writer.raw(String(version))
        writer.key("actions")
        strings(actions, into: &writer)
        writer.key("events")
        strings(events, into: &writer)
        writer.endObject()
        return writer.text
    }

    static func event(name: String, payload: [UInt8]) -> String {
        var writer = header("event")
        writer.key("name")
        writer.string(name)
        writer.key("payload")
        writer.raw(payload)
        writer.endObject()
        return writer.text
    }

    /// The script that hands `envelope` (JSON text) to the page module: the text is passed as one
    /// JavaScript string literal quoted by `JSONString` (U+2028/U+2029 escaped), and parsed by
    /// the module with `JSON.parse`.
    static func deliveryScript(_ envelope: String) -> String {
        var writer = BridgeJSONWriter()
        writer.string(envelope)
        let receiver = "globalThis." + BridgeProtocol.receiverName
        return "\(receiver) && \(receiver).receive(\(writer.text));"
    }

    private static func header(_ type: String) -> BridgeJSONWriter {
        var writer = BridgeJSONWriter()
        writer.beginObject()
        writer.key("protocol")
        writer.raw(String(BridgeProtocol.version))
        writer.key("type")
        writer.string(type)
        return writer
    }

    private static func strings(_ values: [String], into writer: inout BridgeJSONWriter) {
        writer.beginArray()
        for (index, value) in values.enumerated() {
            writer.element(index)
            writer.string(value)
        }
        writer.endArray()
    }
}
