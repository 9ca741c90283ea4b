import Foundation
import RastrilloNative

/// `rastrillo-bench pagecommands`: `PageCommands.receive` (trust, strict decode, routing every
/// offer, de-duplication) on reports of 64 and 512 offers, against decoding the same report alone
/// (`PageActionReport.decode`) in the same run: the cost per offer must not grow with the offers.
enum PageCommandsBench {
    static let manifestJSON = """
        {"schemaVersion":1,"app":{"name":"Bench","appIDs":["ABCDE12345.com.example.bench"]},\
        "origins":[{"origin":"https://app.example.com"}],\
        "destinations":[{"id":"list","pattern":"/bookmarks","presentation":"web","titleKey":"list"},\
        {"id":"bookmark","pattern":"/bookmarks/{id}","params":{"id":"int"},"presentation":"web","titleKey":"b"}],\
        "commands":[{"id":"publish","titleKey":"p","placements":["menu"],\
        "pageAction":{"method":"POST","pattern":"/bookmarks/{id}/publish","params":{"id":"int"}}},\
        {"id":"edit","titleKey":"e","placements":["menu"],\
        "pageAction":{"method":"GET","pattern":"/bookmarks/{id}/edit","params":{"id":"int"}}}]}
        """

    /// A report of `count` offers, half forms and half links, each a different row.
    static func report(_ count: Int) -> String {
        let offers = (0..<count).map { index in
            index.isMultiple(of: 2)
                ? #"{"target":\#(index),"method":"POST","url":"https://app.example.com/bookmarks/\#(index)/publish"}"#
                : #"{"target":\#(index),"method":"GET","url":"https://app.example.com/bookmarks/\#(index)/edit"}"#
        }
        return #"{"v":1,"offers":["# + offers.joined(separator: ",") + "]}"
    }

    /// Thread CPU nanoseconds per call of `body`, the median of `rounds` rounds of `count` calls.
    static func perCall(rounds: Int, count: Int, _ body: () -> Int) -> Double {
        var samples: [Double] = []
        var sink = 0
        for _ in 0..<rounds {
            let start = ThreadCPUClock.nanoseconds()
            for _ in 0..<count { sink &+= body() }
            samples.append(Double(ThreadCPUClock.nanoseconds() - start) / Double(count))
        }
        if sink == 42 { print("") }
        return samples.sorted()[samples.count / 2]
    }

    @MainActor static func run() async {
        let manifest: AppManifest
        do {
            manifest = try AppManifest.decode(Array(manifestJSON.utf8), source: "bench-manifest.json")
        } catch {
            print("pagecommands bench manifest does not validate: \(error)")
            return
        }
        let frame = BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com", port: 0)
        let page = "https://app.example.com/bookmarks"
        var results: [Int: (receive: Double, decode: Double)] = [:]
        for count in [64, PageActionProtocol.maxOffers] {
            let text = report(count)
            var commands = PageCommands(manifest: manifest)
            guard case .success(let accepted) = commands.receive(text, from: frame, pageURL: page),
                accepted.count == count
            else {
                print("pagecommands bench: the report of \(count) offers was not accepted whole")
                return
            }
            let calls = max(20, 20_000 / count)
            let receive = perCall(rounds: 15, count: calls) {
                if case .success(let offers) = commands.receive(text, from: frame, pageURL: page) {
                    return offers.count
                }
                return 0
            }
            let decode = perCall(rounds: 15, count: calls) {
                (try? PageActionReport.decode(text))?.offers.count ?? 0
            }
            results[count] = (receive, decode)
            print(
                "\(count) offers: receive \(Int(receive / 1_000)) µs, decode alone \(Int(decode / 1_000)) µs, "
                    + String(format: "ratio %.2f", receive / decode))
        }
        guard let small = results[64], let large = results[PageActionProtocol.maxOffers] else { return }
        let growth = (large.receive / Double(PageActionProtocol.maxOffers)) / (small.receive / 64)
        let decodeGrowth = (large.decode / Double(PageActionProtocol.maxOffers)) / (small.decode / 64)
        BenchGoal.report([
            BenchGoal(
                name: "receive cost per offer, 512 offers against 64",
                measured: String(format: "%.2fx", growth),
                baseline: String(format: "decode alone %.2fx", decodeGrowth),
                ratio: String(format: "%.2f", growth / decodeGrowth),
                goal: "≤ 1.5x the decoder's growth (linear in the offers)",
                met: growth <= 1.5 * decodeGrowth)
        ])
    }
}
