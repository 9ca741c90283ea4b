/// The pure bookkeeping of ``CoalescedRunner``: which callers wait for which
/// pass, and which closure the next pass runs. It never resumes a
/// continuation or starts a task; the runner does that with what it returns.
///
/// Waiters live in two owned batches keyed by id — the burst waiting for the
/// next pass and the batch of the running pass — and are always removed
/// before they are resumed, so each is resumed exactly once. Ids are handed
/// out in order and a pass takes the whole pending burst, so each batch holds
/// a contiguous range of ids: a slot is found by subtraction, and waking a
/// batch is a walk over an array.
struct CoalescedRunnerState {
    typealias Work = @MainActor () async -> Void
    /// Resumed with the number of the pass that released the caller, or `nil`
    /// when the caller stopped waiting because it was cancelled.
    typealias Waiter = CheckedContinuation<UInt64?, Never>

    /// Whether the runner's driver task is alive (running or about to run passes).
    var isDriving = false

    private var nextID: UInt64 = 0
    /// The number of the running (or last) pass; passes are numbered from 1.
    private(set) var passNumber: UInt64 = 0
    /// The closure of the first caller of the pending burst.
    private var pendingWork: Work?
    /// Callers of the pending burst.
    private var pending = WaiterBatch(firstID: 1)
    /// Callers the running pass will release.
    private var running = WaiterBatch(firstID: 1)

    /// Number of callers waiting for the next pass (for tests and diagnostics).
    var pendingCount: Int { pending.count }

    /// Number of callers the running pass will release.
    var runningCount: Int { running.count }

    /// Adds a caller to the pending burst and returns its id. The first
    /// caller of a burst supplies the closure the pass runs.
    mutating func enqueue(_ work: @escaping Work) -> UInt64 {
        nextID &+= 1
        if pending.count == 0 { pendingWork = work }
        pending.append(nextID)
        return nextID
    }

    /// Stores the continuation of caller `id`. If the caller is no longer
    /// waiting (its pass finished or it was cancelled first), the
    /// continuation is resumed at once so it can never leak.
    mutating func attach(_ waiter: Waiter, to id: UInt64) {
        if !pending.attach(waiter, to: id) && !running.attach(waiter, to: id) {
            waiter.resume(returning: nil)
        }
    }

    /// Removes caller `id` wherever it waits and returns its continuation to
    /// resume. Idempotent: a caller already released yields `nil`. When the
    /// last caller of the pending burst leaves, the burst is dropped and no
    /// pass runs for it.
    mutating func cancel(_ id: UInt64) -> Waiter? {
        if let waiter = pending.remove(id) {
            if pending.count == 0 { pendingWork = nil }
            return waiter
        }
        return running.remove(id) ?? nil
    }

    /// Takes the pending burst as the batch of a new pass and returns the
    /// closure to run, or `nil` (and stops driving) when nobody waits.
    mutating func beginPass() -> Work? {
        guard pending.count > 0, let work = pendingWork else {
            pending = WaiterBatch(firstID: nextID &+ 1)
            pendingWork = nil
            isDriving = false
            return nil
        }
        running = pending
        pending = WaiterBatch(firstID: nextID &+ 1)
        pendingWork = nil
        passNumber += 1
        return work
    }

    /// Ends the running pass and returns the continuations to resume.
    mutating func endPass() -> [Waiter] {
        let waiters = running.drain()
        running = WaiterBatch(firstID: nextID &+ 1)
        return waiters
    }
}

/// Callers with consecutive ids, each queued, attached to a continuation, or gone.
struct WaiterBatch {
    enum Slot {
        case queued
        case attached(CoalescedRunnerState.Waiter)
        case gone
    }

    private var firstID: UInt64
    private var slots: [Slot] = []
    /// Callers still waiting (queued or attached).
    private(set) var count = 0

    init(firstID: UInt64) { self.firstID = firstID }

    private func index(of id: UInt64) -> Int? {
        guard id >= firstID, id - firstID < UInt64(slots.count) else { return nil }
        return Int(id - firstID)
    }

    /// Adds caller `id`, which must be the next id after the last one added.
    mutating func append(_ id: UInt64) {
        if slots.isEmpty { firstID = id }
        precondition(id == firstID + UInt64(slots.count), "waiter ids must be consecutive")
        slots.append(.queued)
        count += 1
    }

    /// Attaches the continuation of a queued caller; `false` if `id` is not waiting here.
    mutating func attach(_ waiter: CoalescedRunnerState.Waiter, to id: UInt64) -> Bool {
        guard let index = index(of: id), case .queued = slots[index] else { return false }
        slots[index] = .attached(waiter)
        return true
    }

    /// Removes caller `id`. Returns `nil` if it is not waiting here,
    /// `.some(nil)` if it was queued without a continuation yet, and
    /// `.some(waiter)` if it had one.
    mutating func remove(_ id: UInt64) -> CoalescedRunnerState.Waiter?? {
        guard let index = index(of: id) else { return nil }
        switch slots[index] {
        case .gone:
            return nil
        case .queued:
            slots[index] = .gone
            count -= 1
            return .some(nil)
        case .attached(let waiter):
            slots[index] = .gone
            count -= 1
            return .some(waiter)
        }
    }

    /// Empties the batch and returns every attached continuation.
    mutating func drain() -> [CoalescedRunnerState.Waiter] {
        var waiters: [CoalescedRunnerState.Waiter] = []
        waiters.reserveCapacity(count)
        for slot in slots {
            if case .attached(let waiter) = slot { waiters.append(waiter) }
        }
        slots = []
        count = 0
        return waiters
    }
}
