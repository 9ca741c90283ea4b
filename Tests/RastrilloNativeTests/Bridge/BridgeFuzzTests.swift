import Foundation
@_spi(RastrilloGenerated) import RastrilloNative
import RastrilloTestSupport
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
        let seed = SeededGenerator.seed("BridgeFuzzTests", fallback: 0xB41D_6E_2026)
        var generator = SeededGenerator(seed: seed)
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

/// Random values of the generated types survive encode → strict decode unchanged.
@Suite struct BridgeRoundTripPropertyTests {
    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\u{0}", "\u{1F}", "\n", "\t", "\u{7F}", "\u{2028}", "\u{2029}", "é",
        "\u{301}", "今", "😀", "\u{FEFF}", "<", "`", "$", "{",
    ]

    func string(_ generator: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            scalars.append(Self.alphabet.randomElement(using: &generator)!)
        }
        return String(scalars)
    }

    func draft(_ generator: inout SeededGenerator) -> NoteDraft {
        let maxInt = Int(ManifestType.maxSafeInteger)
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return NoteDraft(
            id: Bool.random(using: &generator) ? uuid : nil, title: string(&generator), body: string(&generator),
            tags: (0..<Int.random(in: 0...3, using: &generator)).map { _ in string(&generator) },
            color: [nil, .red, .green, .blue].randomElement(using: &generator)!,
            pinned: Bool.random(using: &generator),
            weight: [
                0, -0.0, 1e-300, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, 0.1, -2.5,
                Double.random(in: -1e9...1e9, using: &generator),
            ]
            .randomElement(using: &generator)!,
            revision: [0, 1, -1, maxInt, -maxInt, Int.random(in: -maxInt...maxInt, using: &generator)]
                .randomElement(using: &generator)!,
            attachments: (0..<Int.random(in: 0...2, using: &generator)).map { _ in
                Attachment(name: string(&generator), bytes: Int.random(in: 0...maxInt, using: &generator))
            })
    }

    @Test func encodedValuesDecodeToTheSameValue() throws {
        let seed = SeededGenerator.seed("BridgeRoundTripPropertyTests", fallback: 0x0B41_D6E5)
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let value = draft(&generator)
            var writer = BridgeJSONWriter()
            try value.encode(to: &writer)
            #expect(
                !writer.text.unicodeScalars.contains("\u{2028}") && !writer.text.unicodeScalars.contains("\u{2029}"))
            guard case .request(let request) = try BridgeMessage.decode(BridgeFixture.request("saveNote", writer.text))
            else {
                Issue.record("not a request")
                return
            }
            let decoded = try NoteDraft(bridge: request.payload)
            #expect(decoded == value, "\(writer.text)")
        }
    }
}
