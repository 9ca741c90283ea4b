import Foundation
import RastrilloNative
import Testing

/// Mutated envelopes never crash: each yields a valid typed message or a typed refusal, and the
/// dispatcher answers every one with a well-formed envelope.
@Suite @MainActor struct BridgeFuzzTests {
    static let seeds = [
        BridgeFixture.hello,
        BridgeFixture.request("saveNote", BridgeFixture.draftJSON),
        BridgeFixture.request("share", #"["a","b\u0000","\ud83d\ude00"]"#),
        BridgeFixture.request("ping", "null"),
        BridgeFixture.request("exportReport", #"{"from":"2026","count":3}"#),
    ]

    static let knownCodes: Set<String> = [
        "untrusted-sender", "body-not-text", "too-large", "invalid-json", "not-an-object", "missing-field",
        "unknown-field", "invalid-field", "unsupported-protocol", "unknown-type", "no-common-version",
        "unknown-action", "unhandled-action", "invalid-payload", "action-failed", "reply-not-encodable",
    ]

    static let tokens: [[UInt8]] =
        [
            "{", "}", "[", "]", ":", ",", "\"", "\\", "\\u0061", "\\ud800", "null", "true", "1e400", "-0",
            "9007199254740993",
            "\"protocol\":1,", "\"id\":\"x\",", "\"payload\":", "\u{2028}", "\u{FEFF}",
        ].map { Array($0.utf8) } + [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x00]]

    func mutate(_ input: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1: bytes.insert(contentsOf: Self.tokens.randomElement(using: &generator)!, at: index)
            case 2: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...8, using: &generator)))
            case 3: bytes = Array(bytes[..<index])
            case 4:
                let start = Int.random(in: 0..<bytes.count, using: &generator)
                let slice = bytes[start..<min(bytes.count, start + Int.random(in: 1...24, using: &generator))]
                bytes.insert(contentsOf: slice, at: index)
            default: bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        return bytes
    }

    @Test func mutatedEnvelopesYieldATypedMessageOrATypedRefusal() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("BridgeFuzzTests seed: \(seed) (rerun with BRIDGE_FUZZ_SEED=\(seed))")
        var generator = SeededGenerator(
            seed: ProcessInfo.processInfo.environment["BRIDGE_FUZZ_SEED"].flatMap(UInt64.init) ?? seed)
        let (dispatcher, log) = BridgeFixture.dispatcher()
        var accepted = 0
        var refused = 0
        for round in 0..<4_000 {
            let base = Array(Self.seeds[round % Self.seeds.count].utf8)
            let bytes = mutate(base, using: &generator)
            // The strict decoder on raw bytes: a message or a typed failure with a message.
            let decoded: BridgeMessage?
            do throws(BridgeMessage.DecodingFailure) {
                decoded = try BridgeMessage.decode(bytes: bytes, limits: .init(maxBytes: 2_048))
            } catch {
                #expect(Self.knownCodes.contains(error.refusal.code))
                #expect(!error.refusal.description.isEmpty)
                refused += 1
                decoded = nil
            }
            if case .request(let request) = decoded, request.action == "saveNote",
                let draft = try? NoteDraft(bridge: request.payload)
            {
                var writer = BridgeJSONWriter()
                try draft.encode(to: &writer)
                let again = try BridgeMessage.decode(BridgeFixture.request("saveNote", writer.text))
                if case .request(let reread) = again { #expect(try NoteDraft(bridge: reread.payload) == draft) }
                accepted += 1
            } else if decoded != nil {
                accepted += 1
            }
            // The dispatcher answers every message once, with a well-formed envelope.
            let text = String(decoding: bytes, as: UTF8.self)
            let reply = try ReplyEnvelope(await dispatcher.receive(text, from: BridgeFixture.mainFrame))
            #expect(["reply", "error", "welcome"].contains(reply.type))
            if reply.type == "error" { #expect(Self.knownCodes.contains(reply.code ?? "")) }
        }
        print("BridgeFuzzTests: \(accepted) accepted, \(refused) refused, \(log.events.count) refusals reported")
        #expect(refused > 0 && accepted > 0, "the mutations should produce both outcomes")
    }
}
