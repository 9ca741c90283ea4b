import BenchHTTPLines
import Foundation

// rastrillo-bench <name>: each benchmark prints its figures together with a
// baseline measured in the same run, and the ratio between them.
let benchmarks: [(name: String, summary: String, run: @MainActor () async -> Void)] = [
    ("runner", "CoalescedRunner passes per burst and wake cost vs a naive task-chaining runner", RunnerBench.run),
    ("router", "LinkRouter lookups vs URL(string:) and a precompiled-regex scan, 10…10,000 routes", RouterBench.run),
    (
        "bridge", "bridge messages/s (trust, strict decode, typed dispatch) vs JSONDecoder into a Codable struct",
        BridgeBench.run
    ),
    ("crypto", "Seal/Open, Sign/Verify of 1 KB: RastrilloCrypto vs backend primitives", CryptoBench.run),
    (
        "pagecommands", "PageCommands.receive per offer at 64 and 512 offers vs decoding the report alone",
        PageCommandsBench.run
    ),
    ("head", "a response head dripped a byte per read, 1/4/16 KB: ns per byte vs rescanning", HeadBench.run),
    (
        "drip", "the client's CPU for a 16 KB head dripped a byte per packet vs one write (http, https, manifest)",
        DripBench.run
    ),
]

@MainActor func runBenchmarks() async -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let name = arguments.first, name != "--help" else {
        print(
            "USAGE: swift run --package-path Benchmarks -c release rastrillo-bench <all|"
                + benchmarks.map(\.name).joined(separator: "|") + ">")
        for bench in benchmarks { print("  \(bench.name): \(bench.summary)") }
        return arguments.isEmpty ? 2 : 0
    }
    let selected = name == "all" ? benchmarks : benchmarks.filter { $0.name == name }
    guard !selected.isEmpty else {
        FileHandle.standardError.write(Data("error: unknown benchmark '\(name)'\n".utf8))
        return 2
    }
    for bench in selected {
        print("== \(bench.name)")
        await bench.run()
    }
    return 0
}

exit(await runBenchmarks())
