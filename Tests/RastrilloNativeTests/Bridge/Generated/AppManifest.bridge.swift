// generated from bridge-fixture.json, do not edit
// swift-format-ignore-file

import Foundation
import RastrilloNative

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
    static let bridgeFieldTable = BridgeFields("Attachment", ["name", "bytes"])

    /// Decodes an object with exactly the declared fields; unknown fields are refused.
    init(bridge node: BridgeNode) throws(BridgeDecodingError) {
        var name: Swift.String? = nil
        var bytes: Swift.Int? = nil
        try node.forEachField(Self.bridgeFieldTable) { fieldIndex, value throws(BridgeDecodingError) in
            switch fieldIndex {
            case 0: name = try Swift.String(bridge: value)
            case 1: bytes = try Swift.Int(bridge: value)
            default: break  // forEachField refuses undeclared keys
            }
        }
        self.name = try node.require(name, field: "name")
        self.bytes = try node.require(bytes, field: "bytes")
    }

    /// Encodes the object; `nil` optional fields are left out.
    func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        writer.beginObject()
        try writer.field("name", name)
        try writer.field("bytes", bytes)
        writer.endObject()
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
    static let bridgeFieldTable = BridgeFields("NoteDraft", ["id", "title", "body", "tags", "color", "pinned", "weight", "revision", "attachments"])

    /// Decodes an object with exactly the declared fields; unknown fields are refused.
    init(bridge node: BridgeNode) throws(BridgeDecodingError) {
        var id: Foundation.UUID?? = nil
        var title: Swift.String? = nil
        var body: Swift.String? = nil
        var tags: [Swift.String]? = nil
        var color: Color?? = nil
        var pinned: Swift.Bool? = nil
        var weight: Swift.Double? = nil
        var revision: Swift.Int? = nil
        var attachments: [Attachment]? = nil
        try node.forEachField(Self.bridgeFieldTable) { fieldIndex, value throws(BridgeDecodingError) in
            switch fieldIndex {
            case 0: id = try Optional<Foundation.UUID>(bridge: value)
            case 1: title = try Swift.String(bridge: value)
            case 2: body = try Swift.String(bridge: value)
            case 3: tags = try Array<Swift.String>(bridge: value)
            case 4: color = try Optional<Color>(bridge: value)
            case 5: pinned = try Swift.Bool(bridge: value)
            case 6: weight = try Swift.Double(bridge: value)
            case 7: revision = try Swift.Int(bridge: value)
            case 8: attachments = try Array<Attachment>(bridge: value)
            default: break  // forEachField refuses undeclared keys
            }
        }
        self.id = try node.require(id, field: "id")
        self.title = try node.require(title, field: "title")
        self.body = try node.require(body, field: "body")
        self.tags = try node.require(tags, field: "tags")
        self.color = try node.require(color, field: "color")
        self.pinned = try node.require(pinned, field: "pinned")
        self.weight = try node.require(weight, field: "weight")
        self.revision = try node.require(revision, field: "revision")
        self.attachments = try node.require(attachments, field: "attachments")
    }

    /// Encodes the object; `nil` optional fields are left out.
    func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        writer.beginObject()
        try writer.field("id", id)
        try writer.field("title", title)
        try writer.field("body", body)
        try writer.field("tags", tags)
        try writer.field("color", color)
        try writer.field("pinned", pinned)
        try writer.field("weight", weight)
        try writer.field("revision", revision)
        try writer.field("attachments", attachments)
        writer.endObject()
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
    static let bridgeFieldTable = BridgeFields("SaveResult", ["id", "revision", "warnings"])

    /// Decodes an object with exactly the declared fields; unknown fields are refused.
    init(bridge node: BridgeNode) throws(BridgeDecodingError) {
        var id: Foundation.UUID? = nil
        var revision: Swift.Int? = nil
        var warnings: [Swift.String]? = nil
        try node.forEachField(Self.bridgeFieldTable) { fieldIndex, value throws(BridgeDecodingError) in
            switch fieldIndex {
            case 0: id = try Foundation.UUID(bridge: value)
            case 1: revision = try Swift.Int(bridge: value)
            case 2: warnings = try Array<Swift.String>(bridge: value)
            default: break  // forEachField refuses undeclared keys
            }
        }
        self.id = try node.require(id, field: "id")
        self.revision = try node.require(revision, field: "revision")
        self.warnings = try node.require(warnings, field: "warnings")
    }

    /// Encodes the object; `nil` optional fields are left out.
    func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        writer.beginObject()
        try writer.field("id", id)
        try writer.field("revision", revision)
        try writer.field("warnings", warnings)
        writer.endObject()
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
    static let bridgeFieldTable = BridgeFields("ReportRequest", ["from", "count"])

    /// Decodes an object with exactly the declared fields; unknown fields are refused.
    init(bridge node: BridgeNode) throws(BridgeDecodingError) {
        var from: Swift.String? = nil
        var count: Swift.Int?? = nil
        try node.forEachField(Self.bridgeFieldTable) { fieldIndex, value throws(BridgeDecodingError) in
            switch fieldIndex {
            case 0: from = try Swift.String(bridge: value)
            case 1: count = try Optional<Swift.Int>(bridge: value)
            default: break  // forEachField refuses undeclared keys
            }
        }
        self.from = try node.require(from, field: "from")
        self.count = try node.require(count, field: "count")
    }

    /// Encodes the object; `nil` optional fields are left out.
    func encode(to writer: inout BridgeJSONWriter) throws(BridgeEncodingError) {
        writer.beginObject()
        try writer.field("from", from)
        try writer.field("count", count)
        writer.endObject()
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
