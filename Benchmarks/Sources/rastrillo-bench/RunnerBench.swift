import RastrilloNative

/// `rastrillo-bench runner`: passes per burst, the main-actor time spent
/// waking a burst's waiters, and the time until all of them resumed, for
/// `CoalescedRunner` and, in the same run, a naive task-chaining runner.
enum RunnerBench {
    struct Figures {
        var passes = 0
        /// Main-actor time from the end of the releasing pass until the first
        /// waiter runs: the wake loop (nanoseconds per waiter).
        var wakeNanosPerWaiter = 0.0
        /// From the moment the burst may proceed until every waiter resumed
        /// (nanoseconds per waiter).
        var resumeAllNanosPerWaiter = 0.0
    }

    @MainActor static func run() async {
        print(
            "burst size | passes (ours) | wake loop µs/waiter | all resumed µs/waiter | naive passes | naive µs/waiter | naive/ours"
        )
        var mostPasses = 0
        var at10000 = (ours: Figures(), naive: Figures(), ratio: 0.0)
        for size in [10, 1_000, 10_000] {
            var ours: [Figures] = []
            var naive: [Figures] = []
            for _ in 0..<(size >= 10_000 ? 5 : 15) {
                ours.append(await measureCoalesced(size: size))
                naive.append(await measureNaive(size: size))
            }
            let o = median(ours)
            let n = median(naive)
            let ratio = n.resumeAllNanosPerWaiter / max(o.resumeAllNanosPerWaiter, 0.001)
            print(
                "\(pad(size, 10)) | \(pad(o.passes, 13)) | \(pad(micro(o.wakeNanosPerWaiter), 19)) | "
                    + "\(pad(micro(o.resumeAllNanosPerWaiter), 20)) | \(pad(n.passes, 12)) | "
                    + "\(pad(micro(n.resumeAllNanosPerWaiter), 15)) | \(String(format: "%.2f", ratio))×")
            mostPasses = max(mostPasses, o.passes)
            if size == 10_000 { at10000 = (o, n, ratio) }
        }
        let (o, n, ratio) = at10000
        BenchGoal.report([
            BenchGoal(
                name: "passes per burst", measured: "at most \(mostPasses) (bursts of 10, 1,000 and 10,000)",
                baseline: "naive runner \(n.passes) passes for the burst of 10,000",
                ratio: String(format: "%.0f× fewer passes at 10,000", Double(n.passes) / Double(max(o.passes, 1))),
                goal: "≤ 2", met: mostPasses <= 2),
            BenchGoal(
                name: "wake loop at 10,000", measured: "\(micro(o.wakeNanosPerWaiter)) µs/waiter", baseline: nil,
                ratio: nil, goal: "≤ 2 µs/waiter", met: o.wakeNanosPerWaiter <= 2_000),
            BenchGoal(
                name: "all resumed at 10,000", measured: "\(micro(o.resumeAllNanosPerWaiter)) µs/waiter",
                baseline: "naive runner \(micro(n.resumeAllNanosPerWaiter)) µs/waiter, same run",
                ratio: String(format: "naive/ours %.2f×", ratio), goal: "not slower than naive (≥ 1×)",
                met: ratio >= 1),
        ])
    }

    /// A runner's `run(_:)`, so both runners go through the one measurement below.
    typealias Run = @MainActor (@escaping @MainActor () async -> Void) async -> Void

    /// `CoalescedRunner`: one pass held open by a gate, a burst of `size` callers queued behind
    /// it, then the gate opens: passes = the held pass + the trailing pass.
    @MainActor static func measureCoalesced(size: Int) async -> Figures {
        let runner = CoalescedRunner()
        return await measureBurst(size: size) { await runner.run($0) }
    }

    /// The same burst through a naive runner: every pass is a task awaiting
    /// the previous one, and every caller awaits its own pass.
    @MainActor static func measureNaive(size: Int) async -> Figures {
        let runner = NaiveChainRunner()
        return await measureBurst(size: size) { await runner.run($0) }
    }

    /// Holds one pass of `run` behind a gate, queues `size` callers behind it, opens the gate,
    /// and measures passes, the wake loop and the time until every caller resumed.
    @MainActor static func measureBurst(size: Int, run: @escaping Run) async -> Figures {
        let gate = BenchGate()
        var passes = 0
        var called = 0
        var workEnded = ContinuousClock.now
        var firstResumed: ContinuousClock.Instant?
        let held = Task {
            await run {
                passes += 1
                await gate.wait()
            }
        }
        while gate.waiting == 0 { await Task.yield() }
        var burst: [Task<Void, Never>] = []
        burst.reserveCapacity(size)
        for _ in 0..<size {
            burst.append(
                Task {
                    called += 1
                    await run {
                        passes += 1
                        workEnded = ContinuousClock.now
                    }
                    if firstResumed == nil { firstResumed = ContinuousClock.now }
                })
        }
        while called < size { await Task.yield() }
        let opened = ContinuousClock.now
        gate.open()
        await held.value
        for caller in burst { await caller.value }
        let allResumed = ContinuousClock.now
        var figures = Figures()
        figures.passes = passes
        figures.wakeNanosPerWaiter = nanos((firstResumed ?? allResumed) - workEnded) / Double(size)
        figures.resumeAllNanosPerWaiter = nanos(allResumed - opened) / Double(size)
        return figures
    }

    static func median(_ all: [Figures]) -> Figures {
        func mid(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        var figures = Figures()
        figures.passes = all.map(\.passes).max() ?? 0
        figures.wakeNanosPerWaiter = mid(all.map(\.wakeNanosPerWaiter))
        figures.resumeAllNanosPerWaiter = mid(all.map(\.resumeAllNanosPerWaiter))
        return figures
    }
}

/// The baseline: each pass is a `Task` that awaits the previous pass; every
/// caller awaits its own pass (no coalescing).
@MainActor
final class NaiveChainRunner {
    private var last: Task<Void, Never>?

    func run(_ work: @escaping @MainActor () async -> Void) async {
        let previous = last
        let pass = Task { @MainActor in
            await previous?.value
            await work()
        }
        last = pass
        await pass.value
    }
}

/// A gate the benchmark opens once.
@MainActor
final class BenchGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    var waiting: Int { waiters.count }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
