import Testing

@testable import RastrilloNative

/// The contract of `CoalescedRunner`, point by point. Every test is driven by
/// gates and bounded yield loops: no sleeps, no wall-clock deadlines.
@MainActor
@Suite("CoalescedRunner")
struct CoalescedRunnerTests {
    @Test("A burst of calls during a pass queues exactly one trailing pass")
    func burstDuringPassRunsOneTrailingPass() async {
        let runner = CoalescedRunner()
        let gate = Gate()
        var passes = 0
        let first = Task {
            await runner.run {
                passes += 1
                await gate.wait()
            }
        }
        #expect(await yieldUntil { gate.waitingCount == 1 })
        var returned = 0
        for _ in 0..<50 {
            Task {
                await runner.run { passes += 1 }
                returned += 1
            }
        }
        #expect(await yieldUntil { runner.waitingCount == 50 })
        #expect(passes == 1)
        gate.open()
        await first.value
        // Bounded, so a dropped waiter fails the test instead of hanging it.
        #expect(await yieldUntil { returned == 50 }, "every caller of the burst returned")
        #expect(passes == 2)
        #expect(!runner.isRunning)
    }

    @Test("Calls made before the first pass starts share that pass")
    func callsBeforeFirstPassShareIt() async {
        let runner = CoalescedRunner()
        var passes = 0
        let callers = (0..<10).map { _ in Task { await runner.run { passes += 1 } } }
        for caller in callers { await caller.value }
        #expect(passes == 1)
    }

    @Test("Each caller returns only after a pass that started after its call completed")
    func freshness() async {
        let runner = CoalescedRunner()
        let log = EventLog()
        let gate = Gate()
        let work: @MainActor () async -> Void = {
            let start = log.tick()
            await gate.wait()
            log.passes.append((start, log.tick()))
        }
        let first = Task { await runner.run(work) }
        #expect(await yieldUntil { gate.waitingCount == 1 })
        // These callers arrive while the first pass runs: that pass must not satisfy them.
        let late = (0..<5).map { _ in
            Task {
                let called = log.tick()
                await runner.run(work)
                return (called, log.tick())
            }
        }
        #expect(await yieldUntil { runner.waitingCount == 5 })
        gate.open()
        await first.value
        for caller in late {
            let (called, returned) = await caller.value
            #expect(log.hasPass(startedAfter: called, endedBefore: returned))
            let firstPass = log.passes[0]
            #expect(firstPass.start < called, "the first pass was already running")
        }
        #expect(log.passes.count == 2)
    }

    @Test("The trailing pass runs the closure of the first caller of its burst, and no other")
    func trailingPassRunsFirstCallersClosure() async {
        let runner = CoalescedRunner()
        let gate = Gate()
        var ran: [String] = []
        let first = Task {
            await runner.run {
                ran.append("first")
                await gate.wait()
            }
        }
        #expect(await yieldUntil { gate.waitingCount == 1 })
        var burst: [Task<Void, Never>] = []
        for index in 0..<5 {
            burst.append(Task { await runner.run { ran.append("burst-\(index)") } })
            // Make the arrival order explicit: caller `index` is queued before the next is created.
            #expect(await yieldUntil { runner.waitingCount == index + 1 })
        }
        gate.open()
        await first.value
        for caller in burst { await caller.value }
        #expect(ran == ["first", "burst-0"])
    }

    @Test("A cancelled waiter returns promptly; the work and the other waiters are unaffected")
    func cancelledWaiterReturnsPromptly() async {
        let runner = CoalescedRunner()
        let gate = Gate()
        var passes = 0
        var workSawCancellation = false
        let work: @MainActor () async -> Void = {
            passes += 1
            await gate.wait()
            if Task.isCancelled { workSawCancellation = true }
        }
        // The first caller's own pass: cancelling it must not reach the work.
        let first = Task { await runner.run(work) }
        #expect(await yieldUntil { gate.waitingCount == 1 })
        let cancelled = Task { await runner.run(work) }
        let other = Task {
            await runner.run(work)
            return passes
        }
        #expect(await yieldUntil { runner.waitingCount == 2 })
        var cancelledReturned = 0
        Task {
            await first.value
            await cancelled.value
            cancelledReturned = 2
        }
        first.cancel()
        cancelled.cancel()
        // Both return while the pass is still held by the gate (bounded, so a
        // caller that keeps waiting fails the test instead of hanging it).
        let returnedPromptly = await yieldUntil { cancelledReturned == 2 }
        #expect(returnedPromptly, "cancelled callers returned before the pass ended")
        if !returnedPromptly { gate.open() }
        #expect(runner.isRunning)
        #expect(gate.waitingCount == 1)
        #expect(runner.waitingCount == 1, "the other waiter is still queued")
        gate.open()
        let passesSeenByOther = await other.value
        #expect(passesSeenByOther == 2, "the other waiter got its trailing pass")
        #expect(!workSawCancellation)
    }

    @Test("A call from an already-cancelled task returns at once and queues nothing")
    func alreadyCancelledCallQueuesNothing() async {
        let runner = CoalescedRunner()
        var passes = 0
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await runner.run { passes += 1 }
            return runner.waitingCount
        }
        let waitingAfterCall = await caller.value
        #expect(waitingAfterCall == 0)
        #expect(await yieldUntil(limit: 1_000) { passes > 0 } == false)
        #expect(!runner.isRunning)
    }

    @Test("A burst whose callers all cancelled runs no pass")
    func fullyCancelledBurstRunsNoPass() async {
        let runner = CoalescedRunner()
        let gate = Gate()
        var passes = 0
        let first = Task {
            await runner.run {
                passes += 1
                await gate.wait()
            }
        }
        #expect(await yieldUntil { gate.waitingCount == 1 })
        let burst = (0..<3).map { _ in Task { await runner.run { passes += 1 } } }
        #expect(await yieldUntil { runner.waitingCount == 3 })
        for caller in burst { caller.cancel() }
        for caller in burst { await caller.value }
        #expect(runner.waitingCount == 0)
        gate.open()
        await first.value
        #expect(await yieldUntil { !runner.isRunning })
        #expect(passes == 1)
    }

    @Test("A trailing pass still runs the first caller's closure when that caller alone cancelled")
    func trailingPassKeepsCancelledFirstCallersClosure() async {
        let runner = CoalescedRunner()
        let gate = Gate()
        var ran: [String] = []
        let first = Task {
            await runner.run {
                ran.append("first")
                await gate.wait()
            }
        }
        #expect(await yieldUntil { gate.waitingCount == 1 })
        let leader = Task { await runner.run { ran.append("leader") } }
        #expect(await yieldUntil { runner.waitingCount == 1 })
        let follower = Task { await runner.run { ran.append("follower") } }
        #expect(await yieldUntil { runner.waitingCount == 2 })
        leader.cancel()
        await leader.value
        gate.open()
        await first.value
        await follower.value
        #expect(ran == ["first", "leader"])
    }

    @Test("A pass that returns early leaves the runner usable")
    func earlyReturnLeavesRunnerUsable() async {
        let runner = CoalescedRunner()
        var completed = 0
        func work(stoppingEarly: Bool) -> @MainActor () async -> Void {
            {
                guard !stoppingEarly else { return }
                completed += 1
            }
        }
        await runner.run(work(stoppingEarly: true))
        #expect(completed == 0)
        #expect(!runner.isRunning)
        await runner.run(work(stoppingEarly: false))
        #expect(completed == 1)
    }

    @Test("isRunning is true exactly while a pass runs")
    func isRunningTracksThePass() async {
        let runner = CoalescedRunner()
        let gate = Gate()
        #expect(!runner.isRunning)
        let caller = Task { await runner.run { await gate.wait() } }
        #expect(await yieldUntil { gate.waitingCount == 1 })
        #expect(runner.isRunning)
        gate.open()
        await caller.value
        #expect(await yieldUntil { !runner.isRunning })
    }

    @Test("A different runner may run inside the work")
    func nestedDifferentRunnerIsAllowed() async {
        let outer = CoalescedRunner()
        let inner = CoalescedRunner()
        var innerRan = false
        await outer.run { await inner.run { innerRan = true } }
        #expect(innerRan)
    }

    @Test("CoalescedRunners keeps one runner per key")
    func keyedRunners() async {
        let runners = CoalescedRunners<String>()
        #expect(runners.runner(for: "a") === runners.runner(for: "a"))
        #expect(runners.runner(for: "a") !== runners.runner(for: "b"))
        var ran: [String] = []
        await runners.run(for: "a") { ran.append("a") }
        await runners.run(for: "b") { ran.append("b") }
        #expect(ran == ["a", "b"])
        let old = runners.runner(for: "a")
        runners.removeRunner(for: "a")
        #expect(runners.runner(for: "a") !== old)
    }
}

/// A logical clock and the passes it saw, for freshness checks.
@MainActor
final class EventLog {
    private var now = 0
    var passes: [(start: Int, end: Int)] = []

    func tick() -> Int {
        now += 1
        return now
    }

    /// Whether some pass started after `called` and ended before `returned`.
    func hasPass(startedAfter called: Int, endedBefore returned: Int) -> Bool {
        passes.contains { $0.start > called && $0.end < returned }
    }
}
