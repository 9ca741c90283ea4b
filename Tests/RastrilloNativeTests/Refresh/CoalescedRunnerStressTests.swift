import Foundation
import RastrilloTestSupport
import Testing

@testable import RastrilloNative

/// A seeded, randomized schedule with thousands of callers, concurrent bursts,
/// random cancellations and random work lengths. Time is logical (a tick
/// counter), so the invariants hold for every interleaving, not for one timing.
@MainActor
@Suite("CoalescedRunner stress")
struct CoalescedRunnerStressTests {
    struct Outcome {
        let called: Int
        let returned: Int
        /// The pass that released the caller; `nil` when cancellation released it.
        let servedBy: UInt64?
    }

    @Test("Random schedules keep every invariant")
    func randomizedSchedules() async {
        let seed =
            ProcessInfo.processInfo.environment["RUNNER_STRESS_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 1...UInt64.max)
        // The seed fixes the inputs (bursts, delays, work lengths, cancellations), not the
        // interleaving the executor picks, so a rerun replays the same schedule of calls.
        print(
            "CoalescedRunner stress seed: \(seed) (RUNNER_STRESS_SEED=\(seed) replays the same calls, delays "
                + "and cancellations)")
        var random = SeededGenerator(seed: seed)
        let runner = CoalescedRunner()
        let log = EventLog()
        var active = 0
        var maxActive = 0
        var batchSizes: [Int] = []

        func makeWork(length: Int) -> @MainActor () async -> Void {
            {
                active += 1
                maxActive = max(maxActive, active)
                batchSizes.append(runner.batchCount)
                let start = log.tick()
                #expect(Int(runner.passNumber) == log.passes.count + 1)
                for _ in 0..<length { await Task.yield() }
                active -= 1
                log.passes.append((start, log.tick()))
            }
        }

        var callers: [Task<Outcome, Never>] = []
        var cancellers: [Task<Void, Never>] = []
        var totalCalls = 0
        while totalCalls < 12_000 {
            // One burst: callers created back to back, each arriving after a few yields.
            let burstSize = Int(random.next(upTo: 250)) + 1
            for _ in 0..<burstSize {
                let delay = Int(random.next(upTo: 4))
                let work = makeWork(length: Int(random.next(upTo: 30)) + 1)
                let caller = Task {
                    for _ in 0..<delay { await Task.yield() }
                    let called = log.tick()
                    let servedBy = await runner.runReportingPass(work)
                    return Outcome(called: called, returned: log.tick(), servedBy: servedBy)
                }
                callers.append(caller)
                if random.next(upTo: 10) == 0 {
                    let wait = Int(random.next(upTo: 40))
                    cancellers.append(
                        Task {
                            for _ in 0..<wait { await Task.yield() }
                            caller.cancel()
                        })
                }
            }
            totalCalls += burstSize
            // Let the burst make progress before the next one overlaps it.
            for _ in 0..<Int(random.next(upTo: 20)) { await Task.yield() }
        }

        var outcomes: [Outcome] = []
        for caller in callers { outcomes.append(await caller.value) }
        for canceller in cancellers { await canceller.value }
        #expect(await yieldUntil { !runner.isRunning })

        // Every caller resumed exactly once: each task returned one outcome
        // (a double resume would have trapped in the checked continuation).
        #expect(outcomes.count == totalCalls)
        #expect(totalCalls >= 10_000)
        #expect(maxActive == 1, "never more than one active pass")

        let passes = log.passes.sorted { $0.start < $1.start }
        var cancelledCount = 0
        var freshnessViolations = 0
        var tooManyPasses = 0
        for outcome in outcomes {
            guard let servedBy = outcome.servedBy else {
                cancelledCount += 1
                continue
            }
            let served = passes[Int(servedBy) - 1]
            // Freshness: the pass that released the caller started after the
            // call and ended before the caller returned.
            if !(served.start > outcome.called && served.end < outcome.returned) {
                freshnessViolations += 1
            }
            // Released by the first pass that started after the call, never a
            // later one: the callers of a burst (the calls made while one pass
            // runs) cost that pass plus one trailing pass, never more.
            let firstAfterCall = passes.firstIndex { $0.start > outcome.called }
            if firstAfterCall != Int(servedBy) - 1 {
                tooManyPasses += 1
            }
        }
        #expect(freshnessViolations == 0)
        #expect(tooManyPasses == 0)

        // The schedule must really have exercised the interesting paths.
        let trailingPasses = zip(passes, passes.dropFirst()).filter { $1.start == $0.end + 1 }.count
        print(
            "stress: \(totalCalls) calls, \(passes.count) passes, \(trailingPasses) trailing, "
                + "\(cancelledCount) cancelled, largest batch \(batchSizes.max() ?? 0)")
        #expect(cancelledCount >= 100)
        #expect(trailingPasses >= 10)
        #expect((batchSizes.max() ?? 0) >= 50, "some pass released many waiters")
        #expect(passes.count < totalCalls / 5, "calls were coalesced")
    }
}
