// generated from bridge-fixture.json, do not edit
// swift-format-ignore-file

import Foundation
@_spi(RastrilloGenerated) import RastrilloNative

/// The manifest's string enum `Color` (red, green, blue) crosses the bridge as its string.
extension Color: BridgeValue {
    /// Decodes one of the enum's strings; any other value is refused.
    init(bridge node: BridgeNode) throws(BridgeDecodingError) {
        let text = try node.string(expected: "Color")
        guard let value = Self(rawValue: text) else {
            throw .unknownEnumCase(pointer: node.pointer, value: text, allowed: Self.allCases.map(\.rawValue))
        }
        self = value
    }

    /// Encodes the case's string.
    func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        writer.string(rawValue)
    }
}

/// The manifest's string enum `SyncState` (idle, syncing, failed) crosses the bridge as its string.
extension SyncState: BridgeValue {
    /// Decodes one of the enum's strings; any other value is refused.
    init(bridge node: BridgeNode) throws(BridgeDecodingError) {
        let text = try node.string(expected: "SyncState")
        guard let value = Self(rawValue: text) else {
            throw .unknownEnumCase(pointer: node.pointer, value: text, allowed: Self.allCases.map(\.rawValue))
        }
        self = value
    }

    /// Encodes the case's string.
    func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        writer.string(rawValue)
    }
}

/// The manifest's object type `Attachment`.
struct Attachment: BridgeValue, Hashable {
    /// `name` (string).
    var name: Swift.String
    /// `bytes` (int).
    var bytes: Swift.Int

    /// Creates a value from its fields.
    init(
        name: Swift.String, bytes: Swift.Int
    ) {
        self.name = name
        self.bytes = bytes
    }

    /// The declared field names, matched against the payload's keys as bytes.
    static let _bridgeFields = BridgeFields("Attachment", ["name", "bytes"])

    /// Decodes an object with exactly the declared fields; unknown fields are refused.
    init(bridge _node: BridgeNode) throws(BridgeDecodingError) {
        var name: Swift.String? = nil
        var bytes: Swift.Int? = nil
        try _node.forEachField(Self._bridgeFields) { _field, _value throws(BridgeDecodingError) in
            switch _field {
            case 0: name = try Swift.String(bridge: _value)
            case 1: bytes = try Swift.Int(bridge: _value)
            default: break  // forEachField refuses undeclared keys
            }
        }
        self.name = try _node.require(name, field: "name")
        self.bytes = try _node.require(bytes, field: "bytes")
    }

    /// Encodes the object; `nil` optional fields are left out.
    func encode(to _writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        _writer.beginObject()
        try _writer.field("name", self.name)
        try _writer.field("bytes", self.bytes)
        _writer.endObject()
    }
}

/// The manifest's object type `NoteDraft`.
struct NoteDraft: BridgeValue, Hashable {
    /// `id` (uuid?).
    var id: Foundation.UUID?
    /// `title` (string).
    var title: Swift.String
    /// `body` (string).
    var body: Swift.String
    /// `tags` ([string]).
    var tags: [Swift.String]
    /// `color` (Color?).
    var color: Color?
    /// `pinned` (bool).
    var pinned: Swift.Bool
    /// `weight` (double).
    var weight: Swift.Double
    /// `revision` (int).
    var revision: Swift.Int
    /// `attachments` ([Attachment]).
    var attachments: [Attachment]

    /// Creates a value from its fields.
    init(
        id: Foundation.UUID? = nil, title: Swift.String, body: Swift.String, tags: [Swift.String], color: Color? = nil, pinned: Swift.Bool, weight: Swift.Double, revision: Swift.Int, attachments: [Attachment]
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.tags = tags
        self.color = color
        self.pinned = pinned
        self.weight = weight
        self.revision = revision
        self.attachments = attachments
    }

    /// The declared field names, matched against the payload's keys as bytes.
    static let _bridgeFields = BridgeFields("NoteDraft", ["id", "title", "body", "tags", "color", "pinned", "weight", "revision", "attachments"])

    /// Decodes an object with exactly the declared fields; unknown fields are refused.
    init(bridge _node: BridgeNode) throws(BridgeDecodingError) {
        var id: Foundation.UUID?? = nil
        var title: Swift.String? = nil
        var body: Swift.String? = nil
        var tags: [Swift.String]? = nil
        var color: Color?? = nil
        var pinned: Swift.Bool? = nil
        var weight: Swift.Double? = nil
        var revision: Swift.Int? = nil
        var attachments: [Attachment]? = nil
        try _node.forEachField(Self._bridgeFields) { _field, _value throws(BridgeDecodingError) in
            switch _field {
            case 0: id = try Optional<Foundation.UUID>(bridge: _value)
            case 1: title = try Swift.String(bridge: _value)
            case 2: body = try Swift.String(bridge: _value)
            case 3: tags = try Array<Swift.String>(bridge: _value)
            case 4: color = try Optional<Color>(bridge: _value)
            case 5: pinned = try Swift.Bool(bridge: _value)
            case 6: weight = try Swift.Double(bridge: _value)
            case 7: revision = try Swift.Int(bridge: _value)
            case 8: attachments = try Array<Attachment>(bridge: _value)
            default: break  // forEachField refuses undeclared keys
            }
        }
        self.id = try _node.require(id, field: "id")
        self.title = try _node.require(title, field: "title")
        self.body = try _node.require(body, field: "body")
        self.tags = try _node.require(tags, field: "tags")
        self.color = try _node.require(color, field: "color")
        self.pinned = try _node.require(pinned, field: "pinned")
        self.weight = try _node.require(weight, field: "weight")
        self.revision = try _node.require(revision, field: "revision")
        self.attachments = try _node.require(attachments, field: "attachments")
    }

    /// Encodes the object; `nil` optional fields are left out.
    func encode(to _writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        _writer.beginObject()
        try _writer.field("id", self.id)
        try _writer.field("title", self.title)
        try _writer.field("body", self.body)
        try _writer.field("tags", self.tags)
        try _writer.field("color", self.color)
        try _writer.field("pinned", self.pinned)
        try _writer.field("weight", self.weight)
        try _writer.field("revision", self.revision)
        try _writer.field("attachments", self.attachments)
        _writer.endObject()
    }
}

/// The manifest's object type `SaveResult`.
struct SaveResult: BridgeValue, Hashable {
    /// `id` (uuid).
    var id: Foundation.UUID
    /// `revision` (int).
    var revision: Swift.Int
    /// `warnings` ([string]).
    var warnings: [Swift.String]

    /// Creates a value from its fields.
    init(
        id: Foundation.UUID, revision: Swift.Int, warnings: [Swift.String]
    ) {
        self.id = id
        self.revision = revision
        self.warnings = warnings
    }

    /// The declared field names, matched against the payload's keys as bytes.
    static let _bridgeFields = BridgeFields("SaveResult", ["id", "revision", "warnings"])

    /// Decodes an object with exactly the declared fields; unknown fields are refused.
    init(bridge _node: BridgeNode) throws(BridgeDecodingError) {
        var id: Foundation.UUID? = nil
        var revision: Swift.Int? = nil
        var warnings: [Swift.String]? = nil
        try _node.forEachField(Self._bridgeFields) { _field, _value throws(BridgeDecodingError) in
            switch _field {
            case 0: id = try Foundation.UUID(bridge: _value)
            case 1: revision = try Swift.Int(bridge: _value)
            case 2: warnings = try Array<Swift.String>(bridge: _value)
            default: break  // forEachField refuses undeclared keys
            }
        }
        self.id = try _node.require(id, field: "id")
        self.revision = try _node.require(revision, field: "revision")
        self.warnings = try _node.require(warnings, field: "warnings")
    }

    /// Encodes the object; `nil` optional fields are left out.
    func encode(to _writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        _writer.beginObject()
        try _writer.field("id", self.id)
        try _writer.field("revision", self.revision)
        try _writer.field("warnings", self.warnings)
        _writer.endObject()
    }
}

/// The manifest's object type `ReportRequest`.
struct ReportRequest: BridgeValue, Hashable {
    /// `from` (string).
    var from: Swift.String
    /// `count` (int?).
    var count: Swift.Int?

    /// Creates a value from its fields.
    init(
        from: Swift.String, count: Swift.Int? = nil
    ) {
        self.from = from
        self.count = count
    }

    /// The declared field names, matched against the payload's keys as bytes.
    static let _bridgeFields = BridgeFields("ReportRequest", ["from", "count"])

    /// Decodes an object with exactly the declared fields; unknown fields are refused.
    init(bridge _node: BridgeNode) throws(BridgeDecodingError) {
        var from: Swift.String? = nil
        var count: Swift.Int?? = nil
        try _node.forEachField(Self._bridgeFields) { _field, _value throws(BridgeDecodingError) in
            switch _field {
            case 0: from = try Swift.String(bridge: _value)
            case 1: count = try Optional<Swift.Int>(bridge: _value)
            default: break  // forEachField refuses undeclared keys
            }
        }
        self.from = try _node.require(from, field: "from")
        self.count = try _node.require(count, field: "count")
    }

    /// Encodes the object; `nil` optional fields are left out.
    func encode(to _writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        _writer.beginObject()
        try _writer.field("from", self.from)
        try _writer.field("count", self.count)
        _writer.endObject()
    }
}

/// The manifest's object type `Shadowing`.
struct Shadowing: BridgeValue, Hashable {
    /// `node` (string).
    var node: Swift.String
    /// `value` (int).
    var value: Swift.Int
    /// `field` (bool).
    var field: Swift.Bool
    /// `writer` (string?).
    var writer: Swift.String?
    /// `text` (double).
    var text: Swift.Double
    /// `encode` (string).
    var encode: Swift.String

    /// Creates a value from its fields.
    init(
        node: Swift.String, value: Swift.Int, field: Swift.Bool, writer: Swift.String? = nil, text: Swift.Double, encode: Swift.String
    ) {
        self.node = node
        self.value = value
        self.field = field
        self.writer = writer
        self.text = text
        self.encode = encode
    }

    /// The declared field names, matched against the payload's keys as bytes.
    static let _bridgeFields = BridgeFields("Shadowing", ["node", "value", "field", "writer", "text", "encode"])

    /// Decodes an object with exactly the declared fields; unknown fields are refused.
    init(bridge _node: BridgeNode) throws(BridgeDecodingError) {
        var node: Swift.String? = nil
        var value: Swift.Int? = nil
        var field: Swift.Bool? = nil
        var writer: Swift.String?? = nil
        var text: Swift.Double? = nil
        var encode: Swift.String? = nil
        try _node.forEachField(Self._bridgeFields) { _field, _value throws(BridgeDecodingError) in
            switch _field {
            case 0: node = try Swift.String(bridge: _value)
            case 1: value = try Swift.Int(bridge: _value)
            case 2: field = try Swift.Bool(bridge: _value)
            case 3: writer = try Optional<Swift.String>(bridge: _value)
            case 4: text = try Swift.Double(bridge: _value)
            case 5: encode = try Swift.String(bridge: _value)
            default: break  // forEachField refuses undeclared keys
            }
        }
        self.node = try _node.require(node, field: "node")
        self.value = try _node.require(value, field: "value")
        self.field = try _node.require(field, field: "field")
        self.writer = try _node.require(writer, field: "writer")
        self.text = try _node.require(text, field: "text")
        self.encode = try _node.require(encode, field: "encode")
    }

    /// Encodes the object; `nil` optional fields are left out.
    func encode(to _writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        _writer.beginObject()
        try _writer.field("node", self.node)
        try _writer.field("value", self.value)
        try _writer.field("field", self.field)
        try _writer.field("writer", self.writer)
        try _writer.field("text", self.text)
        try _writer.field("encode", self.encode)
        _writer.endObject()
    }
}

/// The bridge actions the manifest declares, one type each.
enum BridgeActions {
    /// `saveNote`: the page sends NoteDraft, native replies SaveResult.
    enum SaveNote: BridgeAction {
        /// The payload type.
        typealias Payload = NoteDraft
        /// The reply type.
        typealias Reply = SaveResult
        /// `"saveNote"`.
        static let name = "saveNote"
    }
    /// `share`: the page sends [string], native replies bool.
    enum Share: BridgeAction {
        /// The payload type.
        typealias Payload = [Swift.String]
        /// The reply type.
        typealias Reply = Swift.Bool
        /// `"share"`.
        static let name = "share"
    }
    /// `ping`: the page sends string?, native replies string.
    enum Ping: BridgeAction {
        /// The payload type.
        typealias Payload = Swift.String?
        /// The reply type.
        typealias Reply = Swift.String
        /// `"ping"`.
        static let name = "ping"
    }
    /// `exportReport`: the page sends ReportRequest, native replies string.
    enum ExportReport: BridgeAction {
        /// The payload type.
        typealias Payload = ReportRequest
        /// The reply type.
        typealias Reply = Swift.String
        /// `"exportReport"`.
        static let name = "exportReport"
    }
}

/// The bridge events the manifest declares, one type each.
enum BridgeEvents {
    /// `noteChanged`: native sends NoteDraft.
    enum NoteChanged: BridgeEvent {
        /// The payload type.
        typealias Payload = NoteDraft
        /// `"noteChanged"`.
        static let name = "noteChanged"
    }
    /// `syncStateChanged`: native sends SyncState.
    enum SyncStateChanged: BridgeEvent {
        /// The payload type.
        typealias Payload = SyncState
        /// `"syncStateChanged"`.
        static let name = "syncStateChanged"
    }
}
