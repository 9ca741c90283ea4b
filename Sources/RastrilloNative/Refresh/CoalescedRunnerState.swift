/// The pure bookkeeping of ``CoalescedRunner``: which callers wait for which
/// pass, and which closure the next pass runs. It never resumes a
/// continuation or starts a task; the runner does that with what it returns.
///
/// Waiters live in two owned collections keyed by id — the burst waiting for
/// the next pass and the batch of the running pass — and are always removed
/// before they are resumed, so each is resumed exactly once.
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
    /// Callers of the pending burst. A value is `nil` until the caller's
    /// continuation is attached.
    private var pending: [UInt64: Waiter?] = [:]
    /// Callers the running pass will release.
    private var running: [UInt64: Waiter?] = [:]

    /// Number of callers waiting for the next pass (for tests and diagnostics).
    var pendingCount: Int { pending.count }

    /// Number of callers the running pass will release.
    var runningCount: Int { running.count }

    /// Adds a caller to the pending burst and returns its id. The first
    /// caller of a burst supplies the closure the pass runs.
    mutating func enqueue(_ work: @escaping Work) -> UInt64 {
        nextID &+= 1
        if pending.isEmpty { pendingWork = work }
        pending[nextID] = .some(nil)
        return nextID
    }

    /// Stores the continuation of caller `id`. If the caller is no longer
    /// waiting (its pass finished or it was cancelled first), the
    /// continuation is resumed at once so it can never leak.
    mutating func attach(_ waiter: Waiter, to id: UInt64) {
        if pending[id] != nil {
            pending[id] = waiter
        } else if running[id] != nil {
            running[id] = waiter
        } else {
            waiter.resume(returning: nil)
        }
    }

    /// Removes caller `id` wherever it waits and returns its continuation to
    /// resume. Idempotent: a caller already released yields `nil`. When the
    /// last caller of the pending burst leaves, the burst is dropped and no
    /// pass runs for it.
    mutating func cancel(_ id: UInt64) -> Waiter? {
        if let waiter = pending.removeValue(forKey: id) {
            if pending.isEmpty { pendingWork = nil }
            return waiter
        }
        if let waiter = running.removeValue(forKey: id) {
            return waiter
        }
        return nil
    }

    /// Takes the pending burst as the batch of a new pass and returns the
    /// closure to run, or `nil` (and stops driving) when nobody waits.
    mutating func beginPass() -> Work? {
        guard !pending.isEmpty, let work = pendingWork else {
            pending = [:]
            pendingWork = nil
            isDriving = false
            return nil
        }
        running = pending
        pending = [:]
        passNumber += 1
        pendingWork = nil
        return work
    }

    /// Ends the running pass and returns the continuations to resume.
    mutating func endPass() -> [Waiter] {
        var waiters: [Waiter] = []
        waiters.reserveCapacity(running.count)
        for case .some(let waiter) in running.values { waiters.append(waiter) }
        running = [:]
        return waiters
    }
}
