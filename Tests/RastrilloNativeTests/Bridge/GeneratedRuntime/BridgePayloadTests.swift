import Foundation
@_spi(RastrilloGenerated) import RastrilloNative
import RastrilloTestSupport
import Testing

/// Payloads decode into the types generated from the fixture manifest (`Generated/`), strictly.
@Suite struct BridgePayloadTests {
    func payload(_ json: String) throws -> BridgeNode {
        guard case .request(let request) = try BridgeMessage.decode(BridgeFixture.request("saveNote", json)) else {
            throw BridgeRefusal.unknownType("not a request")
        }
        return request.payload
    }

    func decodingError<T: BridgeValue>(_ json: String, as type: T.Type) throws -> BridgeDecodingError? {
        do {
            _ = try T(bridge: try payload(json))
            return nil
        } catch let error as BridgeDecodingError {
            return error
        }
    }

    @Test func decodesEveryKindOfField() throws {
        let draft = try NoteDraft(bridge: try payload(BridgeFixture.draftJSON))
        #expect(draft == BridgeFixture.draft)
    }

    @Test func optionalFieldsMayBeAbsentOrNull() throws {
        let base = #""title":"t","body":"","tags":[],"pinned":false,"weight":1,"revision":0,"attachments":[]"#
        let absent = try NoteDraft(bridge: try payload("{" + base + "}"))
        let null = try NoteDraft(bridge: try payload(#"{"id":null,"color":null,"# + base + "}"))
        #expect(absent.id == nil && absent.color == nil)
        #expect(absent == null)
        #expect(absent.weight == 1.0)
    }

    @Test func encodingRoundTrips() throws {
        var writer = BridgeJSONWriter()
        try BridgeFixture.draft.encode(to: &writer)
        #expect(try NoteDraft(bridge: try payload(writer.text)) == BridgeFixture.draft)
        #expect(writer.text.contains(#"\u2028"#), "U+2028 must leave native escaped: \(writer.text)")
        #expect(!writer.text.unicodeScalars.contains("\u{2028}"))
    }

    @Test func nilOptionalsAreLeftOut() throws {
        var writer = BridgeJSONWriter()
        try ReportRequest(from: "2026-01-01").encode(to: &writer)
        #expect(writer.text == #"{"from":"2026-01-01"}"#)
    }

    /// Fields named like the generated code's own parameters and locals (`node`, `value`, `writer`,
    /// `field`, `text`, `encode`) compile, decode into themselves and encode back.
    @Test func fieldsNamedLikeTheGeneratedCodesOwnNamesRoundTrip() throws {
        let json = #"{"node":"n","value":7,"field":true,"writer":"w","text":0.5,"encode":"e"}"#
        let decoded = try Shadowing(bridge: try payload(json))
        #expect(decoded == Shadowing(node: "n", value: 7, field: true, writer: "w", text: 0.5, encode: "e"))
        var writer = BridgeJSONWriter()
        try decoded.encode(to: &writer)
        #expect(writer.text == json)
        #expect(
            try decodingError(#"{"node":"n","value":7,"field":true,"text":0.5}"#, as: Shadowing.self)
                == .missingField(pointer: "", field: "encode"))
    }

    static let base = #""title":"t","body":"","tags":[],"pinned":false,"weight":1,"revision":0,"attachments":[]"#

    static let refusals: [(String, String, BridgeDecodingError)] = [
        (
            "unknown field", #"{"# + base + #","origin":"https://evil.example"}"#,
            .unknownField(pointer: "/origin", field: "origin")
        ),
        ("missing field", #"{"title":"t"}"#, .missingField(pointer: "", field: "body")),
        (
            "string for int", #"{"# + base.replacingOccurrences(of: #""revision":0"#, with: #""revision":"0""#) + "}",
            .wrongType(pointer: "/revision", expected: "int", found: "string")
        ),
        (
            "fractional int", #"{"# + base.replacingOccurrences(of: #""revision":0"#, with: #""revision":1.5"#) + "}",
            .invalidInt(pointer: "/revision", literal: "1.5")
        ),
        (
            "int above 2^53",
            #"{"# + base.replacingOccurrences(of: #""revision":0"#, with: #""revision":9007199254740992"#)
                + "}", .invalidInt(pointer: "/revision", literal: "9007199254740992")
        ),
        (
            "infinite double", #"{"# + base.replacingOccurrences(of: #""weight":1"#, with: #""weight":1e400"#) + "}",
            .invalidDouble(pointer: "/weight", literal: "1e400")
        ),
        ("bad uuid", #"{"id":"not-a-uuid","# + base + "}", .invalidUUID(pointer: "/id", text: "not-a-uuid")),
        (
            "unknown enum case", #"{"color":"purple","# + base + "}",
            .unknownEnumCase(pointer: "/color", value: "purple", allowed: ["red", "green", "blue"])
        ),
        (
            "nested unknown field",
            #"{"#
                + base.replacingOccurrences(
                    of: #""attachments":[]"#, with: #""attachments":[{"name":"a","bytes":1,"x":0}]"#)
                + "}", .unknownField(pointer: "/attachments/0/x", field: "x")
        ),
        (
            "nested wrong element",
            #"{"# + base.replacingOccurrences(of: #""tags":[]"#, with: #""tags":["a",2]"#) + "}",
            .wrongType(pointer: "/tags/1", expected: "string", found: "number")
        ),
        (
            "null for a required field",
            #"{"# + base.replacingOccurrences(of: #""pinned":false"#, with: #""pinned":null"#)
                + "}", .wrongType(pointer: "/pinned", expected: "bool", found: "null")
        ),
        ("array instead of object", "[]", .wrongType(pointer: "", expected: "NoteDraft", found: "array")),
    ]

    @Test(arguments: refusals)
    func refuses(label: String, json: String, expected: BridgeDecodingError) throws {
        let error = try #require(try decodingError(json, as: NoteDraft.self), "\(label) was accepted")
        #expect(error == expected, "\(label)")
        #expect(error.description.hasPrefix("payload" + expected.pointer), "\(error)")
    }

    @Test func encodingRefusesWhatJavaScriptCannotHold() {
        var writer = BridgeJSONWriter()
        #expect(throws: BridgeEncodingError.nonFiniteDouble(pointer: "/weight")) {
            var draft = BridgeFixture.draft
            draft.weight = .nan
            try draft.encode(to: &writer)
        }
        writer = BridgeJSONWriter()
        #expect(throws: BridgeEncodingError.intOutOfRange(pointer: "/attachments/0/bytes", value: 1 << 60)) {
            var draft = BridgeFixture.draft
            draft.attachments[0].bytes = 1 << 60
            try draft.encode(to: &writer)
        }
    }
}

/// UUIDs: the 36-character form only, either case in, lowercase out.
@Suite struct BridgeUUIDTests {
    func decode(_ text: String) throws -> UUID {
        guard case .request(let request) = try BridgeMessage.decode(BridgeFixture.request("ping", "\"" + text + "\""))
        else {
            throw BridgeRefusal.unknownType("not a request")
        }
        return try request.payload.uuid()
    }

    @Test func acceptsEitherCaseAndWritesLowercase() throws {
        let lower = try decode("6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10")
        #expect(try decode("6F1C2B1E-8A8C-4C53-9D67-2F0E8E1F7A10") == lower)
        #expect(lower == UUID(uuidString: "6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10"))
        var writer = BridgeJSONWriter()
        try lower.encode(to: &writer)
        #expect(writer.text == #""6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10""#)
    }

    @Test(arguments: [
        "", "6f1c2b1e8a8c4c539d672f0e8e1f7a10", "{6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10}",
        "6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a1g", "6f1c2b1e-8a8c-4c539-d67-2f0e8e1f7a10",
        "6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a1",
        "6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a100", " 6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a1",
        "-f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10", "6f1c2b1ea8a8c-4c53-9d67-2f0e8e1f7a10",
        "6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a-0",
    ])
    func refusesAnythingElse(text: String) {
        #expect(throws: BridgeDecodingError.invalidUUID(pointer: "", text: text)) { try decode(text) }
    }

    /// The 36-character form read the slow, obvious way: digit pairs through `UInt8(_:radix:)`.
    static func reference(_ text: String) -> UUID? {
        let characters = Array(text.utf8)
        guard characters.count == 36 else { return nil }
        var hex: [UInt8] = []
        for (offset, byte) in characters.enumerated() {
            if [8, 13, 18, 23].contains(offset) {
                guard byte == UInt8(ascii: "-") else { return nil }
            } else {
                guard "0123456789abcdefABCDEF".utf8.contains(byte) else { return nil }
                hex.append(byte)
            }
        }
        let bytes = stride(from: 0, to: 32, by: 2).map {
            UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    @Test func mutatedTextAgreesWithTheReferenceReading() {
        var generator = SeededGenerator(seed: 0x0000_D1FF_2026)
        let alphabet = Array("0123456789abcdefABCDEFgG-x :%")
        var accepted = 0
        var refused = 0
        for _ in 0..<4_000 {
            let uuid = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var characters = Array(
                UUID(
                    uuid: (
                        uuid[0], uuid[1], uuid[2], uuid[3], uuid[4], uuid[5], uuid[6], uuid[7], uuid[8], uuid[9],
                        uuid[10], uuid[11], uuid[12], uuid[13], uuid[14], uuid[15]
                    )
                ).uuidString)
            if Bool.random(using: &generator) { characters = Array(String(characters).lowercased()) }
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                let offset = Int.random(in: 0..<characters.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: characters.remove(at: offset)
                case 1: characters.insert(alphabet.randomElement(using: &generator)!, at: offset)
                default: characters[offset] = alphabet.randomElement(using: &generator)!
                }
            }
            let text = String(characters)
            let expected = Self.reference(text)
            #expect((try? decode(text)) == expected, "\(text)")
            if expected == nil { refused += 1 } else { accepted += 1 }
        }
        #expect(accepted > 1_000 && refused > 1_000, "accepted \(accepted), refused \(refused)")
    }

    @Test func roundTripsRandomUUIDs() throws {
        var generator = SeededGenerator(seed: 0xB51D6E)
        for _ in 0..<500 {
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let uuid = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                    bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
            var writer = BridgeJSONWriter()
            try uuid.encode(to: &writer)
            #expect(writer.text == "\"" + uuid.uuidString.lowercased() + "\"")
            #expect(try decode(uuid.uuidString) == uuid)
        }
    }
}
