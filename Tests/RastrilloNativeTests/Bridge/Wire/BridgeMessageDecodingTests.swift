import Foundation
@_spi(RastrilloGenerated) import RastrilloNative
import Testing

/// Strict envelope decoding: every refusal is a typed ``BridgeRefusal``, never a `nil`.
@Suite struct BridgeMessageDecodingTests {
    func refusal(_ text: String, limits: BridgeMessage.Limits = .init()) -> BridgeMessage.DecodingFailure? {
        do {
            _ = try BridgeMessage.decode(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func decodesARequest() throws {
        let message = try BridgeMessage.decode(BridgeFixture.request("share", #"["a","b"]"#, id: "r-9"))
        guard case .request(let request) = message else {
            Issue.record("expected a request, got \(message)")
            return
        }
        #expect(request.id == "r-9")
        #expect(request.action == "share")
        #expect(try [String](bridge: request.payload) == ["a", "b"])
    }

    @Test func decodesAHello() throws {
        let message = try BridgeMessage.decode(BridgeFixture.hello)
        guard case .hello(let hello) = message else {
            Issue.record("expected a hello, got \(message)")
            return
        }
        #expect(hello.id == "h1")
        #expect(hello.versions == [1])
        #expect(hello.actions == ["saveNote", "share", "ping", "exportReport"])
        #expect(hello.events == ["noteChanged", "syncStateChanged"])
    }

    static let refusals: [(String, String, BridgeRefusal)] = [
        (
            "duplicate key", #"{"protocol":1,"type":"request","id":"1","id":"2","action":"ping","payload":null}"#,
            .invalidJSON("")
        ),
        (
            "duplicate key spelled with an escape",
            #"{"protocol":1,"type":"request","id":"1","action":"ping","\u0061ction":"share","payload":null}"#,
            .invalidJSON("")
        ),
        (
            "duplicate key nested in the payload",
            #"{"protocol":1,"type":"request","id":"1","action":"share","payload":[{"a":1,"\u0061":2}]}"#,
            .invalidJSON("")
        ),
        (
            "lone surrogate", #"{"protocol":1,"type":"request","id":"1","action":"ping","payload":"\ud800"}"#,
            .invalidJSON("")
        ),
        ("trailing data", #"{"protocol":1,"type":"hello"} {}"#, .invalidJSON("")),
        ("not an object", #"[1]"#, .notAnObject(found: "array")),
        ("no protocol", #"{"type":"request","id":"1","action":"ping","payload":null}"#, .missingField("protocol")),
        (
            "protocol 2", #"{"protocol":2,"type":"request","id":"1","action":"ping","payload":null}"#,
            .unsupportedProtocol("2")
        ),
        (
            "protocol as a string", #"{"protocol":"1","type":"request","id":"1","action":"ping","payload":null}"#,
            .unsupportedProtocol("\"1\"")
        ),
        (
            "protocol 1.0", #"{"protocol":1.0,"type":"request","id":"1","action":"ping","payload":null}"#,
            .unsupportedProtocol("1.0")
        ),
        ("unknown type", #"{"protocol":1,"type":"reply","id":"1"}"#, .unknownType("reply")),
        (
            "unknown envelope field",
            #"{"protocol":1,"type":"request","id":"1","action":"ping","payload":null,"origin":"https://app.example.com"}"#,
            .unknownField("origin")
        ),
        ("missing payload", #"{"protocol":1,"type":"request","id":"1","action":"ping"}"#, .missingField("payload")),
        ("missing action", #"{"protocol":1,"type":"request","id":"1","payload":null}"#, .missingField("action")),
        (
            "empty id", #"{"protocol":1,"type":"request","id":"","action":"ping","payload":null}"#,
            .invalidField("id", expected: "1 to 64 printable ASCII characters")
        ),
        (
            "id with a space", #"{"protocol":1,"type":"request","id":"a b","action":"ping","payload":null}"#,
            .invalidField("id", expected: "1 to 64 printable ASCII characters")
        ),
        (
            "numeric id", #"{"protocol":1,"type":"request","id":1,"action":"ping","payload":null}"#,
            .invalidField("id", expected: "a string")
        ),
        (
            "hello without versions", #"{"protocol":1,"type":"hello","id":"h","actions":[],"events":[]}"#,
            .missingField("versions")
        ),
        (
            "hello with empty versions",
            #"{"protocol":1,"type":"hello","id":"h","versions":[],"actions":[],"events":[]}"#,
            .invalidField("versions", expected: "a non-empty array of integers")
        ),
        (
            "hello with a request field",
            #"{"protocol":1,"type":"hello","id":"h","versions":[1],"actions":[],"events":[],"payload":1}"#,
            .unknownField("payload")
        ),
    ]

    @Test(arguments: refusals)
    func refuses(label: String, text: String, expected: BridgeRefusal) throws {
        let failure = try #require(refusal(text), "\(label) was accepted")
        if case .invalidJSON = expected {
            guard case .invalidJSON(let detail) = failure.refusal else {
                Issue.record("\(label): \(failure.refusal)")
                return
            }
            #expect(!detail.isEmpty)
        } else {
            #expect(failure.refusal == expected, "\(label)")
        }
        #expect(!failure.refusal.description.isEmpty)
    }

    @Test func keepsTheIDOfARefusedEnvelopeOnceRead() throws {
        let failure = try #require(
            refusal(#"{"protocol":1,"type":"request","id":"r7","action":"ping","payload":null,"x":1}"#))
        #expect(failure.id == "r7")
        #expect(failure.refusal == .unknownField("x"))
    }

    @Test func refusesMessagesOverTheSizeCap() throws {
        let big = BridgeFixture.request("ping", "\"" + String(repeating: "a", count: 2_000) + "\"")
        let failure = try #require(refusal(big, limits: .init(maxBytes: 1_024)))
        #expect(failure.refusal == .tooLarge(limit: 1_024))
        #expect(refusal(big, limits: .init(maxBytes: 4_096)) == nil)
    }

    @Test func refusesDeepNesting() throws {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let failure = try #require(refusal(BridgeFixture.request("share", deep)))
        guard case .invalidJSON(let detail) = failure.refusal else {
            Issue.record("\(failure.refusal)")
            return
        }
        #expect(detail.contains("nested"))
    }

    @Test func refusesInvalidUTF8() throws {
        var bytes = Array(BridgeFixture.request("ping", "\"xx\"").utf8)
        let index = try #require(bytes.firstIndex(of: UInt8(ascii: "x")))
        bytes[index] = 0xC0  // overlong lead byte
        bytes[index + 1] = 0xAF
        do {
            _ = try BridgeMessage.decode(bytes: bytes)
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            guard case .invalidJSON(let detail) = error.refusal else {
                Issue.record("\(error.refusal)")
                return
            }
            #expect(detail.contains("UTF-8"))
        }
    }
}
