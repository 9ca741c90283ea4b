import Foundation
@_spi(Benchmarks) import RastrilloJSON
@_spi(RastrilloGenerated) import RastrilloNative

/// `rastrillo-bench bridge`: ~1 KB `saveNote` requests through the whole native path — trust,
/// strict decoding into the generated types, dispatch to the typed handler, reply encoding — and,
/// in the same run, plain `JSONDecoder` decoding of the same text into an equivalent `Codable`
/// struct (no trust check, no dispatch, no reply, no duplicate-key or unknown-field checks).
enum BridgeBench {
    struct CodableAttachment: Codable {
        var name: String
        var bytes: Int
    }

    struct CodableDraft: Codable {
        var id: UUID?
        var title: String
        var body: String
        var tags: [String]
        var color: String?
        var pinned: Bool
        var weight: Double
        var revision: Int
        var attachments: [CodableAttachment]
    }

    struct CodableEnvelope: Codable {
        var `protocol`: Int
        var type: String
        var id: String
        var action: String
        var payload: CodableDraft
    }

    static let manifestJSON = """
        {"schemaVersion":1,"app":{"name":"Bench","appIDs":["ABCDE12345.com.example.bench"]},\
        "origins":[{"origin":"https://app.example.com"}],\
        "types":{"Color":{"enum":["red","green","blue"]},"SyncState":{"enum":["idle"]},\
        "Attachment":{"fields":{"name":"string","bytes":"int"}},\
        "NoteDraft":{"fields":{"id":{"optional":"uuid"},"title":"string","body":"string","tags":{"array":"string"},\
        "color":{"optional":"Color"},"pinned":"bool","weight":"double","revision":"int",\
        "attachments":{"array":"Attachment"}}},\
        "SaveResult":{"fields":{"id":"uuid","revision":"int","warnings":{"array":"string"}}}},\
        "destinations":[{"id":"home","pattern":"/{$}","presentation":"web","titleKey":"home"}],\
        "bridge":{"actions":{"saveNote":{"payload":"NoteDraft","reply":"SaveResult"}}}}
        """

    /// A ~1 KB request: a note with a long body, tags and attachments.
    static func message(_ index: Int) -> String {
        let body = String(repeating: "Buy milk, eggs and bread; call the plumber about the sink. ", count: 9)
        let tags = (0..<10).map { "\"tag-\($0)\"" }.joined(separator: ",")
        let attachments = (0..<3).map { #"{"name":"photo-\#($0).jpg","bytes":\#(1_000 + $0)}"# }.joined(separator: ",")
        return #"{"protocol":1,"type":"request","id":"m\#(index)","action":"saveNote","payload":{"#
            + #""id":"6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10","title":"Groceries \#(index)","body":"\#(body)","#
            + #""tags":[\#(tags)],"color":"green","pinned":true,"weight":0.25,"revision":\#(index),"#
            + #""attachments":[\#(attachments)]}}"#
    }

    @MainActor static func run() async {
        let manifest: AppManifest
        do {
            manifest = try AppManifest.decode(Array(manifestJSON.utf8), source: "bench-manifest.json")
        } catch {
            print("bridge bench manifest does not validate: \(error)")
            return
        }
        let dispatcher = BridgeDispatcher(manifest: manifest)
        dispatcher.handle(BridgeActions.SaveNote.self) { draft in
            SaveResult(id: draft.id ?? UUID(), revision: draft.revision + 1, warnings: [])
        }
        let frame = BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com", port: 0)
        let messages = (0..<64).map(message)
        let size = messages.map(\.utf8.count).reduce(0, +) / messages.count
        // Every message must be accepted and decoded by both, or the comparison means nothing.
        for text in messages {
            let reply = await dispatcher.receive(text, from: frame)
            guard reply.contains(#""type":"reply""#) else {
                print("bridge bench: message refused: \(reply)")
                return
            }
        }
        let decoder = JSONDecoder()
        for text in messages where (try? decoder.decode(CodableEnvelope.self, from: Data(text.utf8))) == nil {
            print("bridge bench: JSONDecoder refused a message")
            return
        }
        // Short interleaved rounds: the machine is shared, so both sides of each round see the
        // same load, and the ratio is taken per round (bridge and JSONDecoder back to back).
        let count = 4_000
        let rounds = 25
        var ourRates: [Double] = []
        var baselineRates: [Double] = []
        var ratios: [Double] = []
        var readerRates: [Double] = []
        var decodeRates: [Double] = []
        let reader = JSONReader(options: .init(maxBytes: BridgeProtocol.defaultMaxMessageBytes, maxDepth: 32))
        for _ in 0..<rounds {
            var replied = 0
            let start = ContinuousClock.now
            for index in 0..<count {
                replied &+= await dispatcher.receive(messages[index & 63], from: frame).utf8.count
            }
            let ourRate = Double(count) / seconds(ContinuousClock.now - start)
            var decoded = 0
            let baselineStart = ContinuousClock.now
            for index in 0..<count {
                if let envelope = try? decoder.decode(CodableEnvelope.self, from: Data(messages[index & 63].utf8)) {
                    decoded &+= envelope.payload.revision
                }
            }
            let baselineRate = Double(count) / seconds(ContinuousClock.now - baselineStart)
            ourRates.append(ourRate)
            baselineRates.append(baselineRate)
            ratios.append(ourRate / baselineRate)
            var entries = 0
            let readerStart = ContinuousClock.now
            for index in 0..<count {
                if let count = try? reader.tapeEntryCount(messages[index & 63].utf8) { entries &+= count }
            }
            readerRates.append(Double(count) / seconds(ContinuousClock.now - readerStart))
            var revisions = 0
            let decodeStart = ContinuousClock.now
            for index in 0..<count {
                if case .request(let request) = try? BridgeMessage.decode(messages[index & 63]),
                    let draft = try? NoteDraft(bridge: request.payload)
                {
                    revisions &+= draft.revision
                }
            }
            decodeRates.append(Double(count) / seconds(ContinuousClock.now - decodeStart))
            if replied == 0 || decoded == 0 || entries == 0 || revisions == 0 {
                print("bridge bench: nothing measured")
            }
        }
        let ours = median(ourRates)
        let baseline = median(baselineRates)
        let ratio = median(ratios)
        print("message size: \(size) bytes; \(rounds) interleaved rounds of \(count) messages each, medians")
        print("bridge (trust + strict decode + typed dispatch + reply): \(Int(ours)) msg/s \(spread(ourRates))")
        print(
            "JSONDecoder into an equivalent Codable struct (decode only): \(Int(baseline)) msg/s "
                + spread(baselineRates))
        print("ratio bridge/JSONDecoder (per round): \(String(format: "%.2f", ratio))× \(spread(ratios))")
        let readerRate = median(readerRates)
        print(
            "for reference, RastrilloJSON's reader alone (readDocument, as the bridge uses it) on the same text: "
                + "\(Int(readerRate)) msg/s "
                + "(\(String(format: "%.2f", readerRate / baseline))× JSONDecoder; the bridge's ceiling)")
        print(
            "for reference, envelope + payload decoding alone (BridgeMessage.decode, NoteDraft(bridge:)): "
                + "\(Int(median(decodeRates))) msg/s (trust, dispatch and the reply are the rest)")
        let bridge = "bridge \(Int(ours)) msg/s"
        let decoderRate = "JSONDecoder \(Int(baseline)) msg/s, same messages, same rounds"
        let perRound = String(format: "%.2f× JSONDecoder (median of the per-round ratios)", ratio)
        BenchGoal.report([
            BenchGoal(
                name: "throughput", measured: bridge, baseline: decoderRate, ratio: perRound, goal: "≥ 100,000 msg/s",
                met: ours >= 100_000),
            BenchGoal(
                name: "speed over JSONDecoder", measured: bridge, baseline: decoderRate, ratio: perRound,
                goal: "≥ 5× JSONDecoder", met: ratio >= 5),
        ])
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// `(quartiles a–b)`: the middle half of the rounds, to show how steady the machine was.
    static func spread(_ values: [Double]) -> String {
        let sorted = values.sorted()
        let low = sorted[sorted.count / 4]
        let high = sorted[sorted.count * 3 / 4]
        let format = low >= 100 ? "%.0f" : "%.2f"
        return "(quartiles \(String(format: format, low))–\(String(format: format, high)))"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
