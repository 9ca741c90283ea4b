import Foundation

/// The one outcome of a transfer that several parties race to decide — the transfer itself, its
/// timers, the caller's cancellation — handed to the one caller waiting for it, exactly once.
///
/// ```swift
/// let outcome = TransferOutcome<Result<Int, MyError>>()
/// let result = await outcome.wait { startTheWork() }   // anyone may call outcome.decide(…)
/// ```
///
/// A transfer that must undo something when another party decides first (cancel a task, wake
/// a poll) stores that handle under its own lock *before* it checks ``isDecided``, and the
/// deciding party reads the handle *after* ``decide(_:)``: whichever order the two run in,
/// one of them sees the other.
///
/// `@unchecked Sendable`: `outcome` and `continuation` are read and written only while holding
/// `lock`; the continuation is taken out under the lock before it is resumed.
final class TransferOutcome<Outcome: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: Outcome?
    private var continuation: CheckedContinuation<Outcome, Never>?

    /// Whether an outcome was decided.
    var isDecided: Bool { lock.withLock { outcome != nil } }

    /// Waits for the outcome. `start` runs once the caller is waiting, unless an outcome was
    /// decided before (a cancellation that came first); that outcome is then returned at once.
    func wait(start: () -> Void) async -> Outcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let decided: Outcome? = lock.withLock {
                if let outcome { return outcome }
                self.continuation = continuation
                return nil
            }
            if let decided {
                continuation.resume(returning: decided)
            } else {
                start()
            }
        }
    }

    /// Decides `outcome` unless one was decided already, and resumes the waiting caller with it.
    /// Returns whether this call decided.
    @discardableResult
    func decide(_ outcome: Outcome) -> Bool {
        let (decided, continuation): (Bool, CheckedContinuation<Outcome, Never>?) = lock.withLock {
            guard self.outcome == nil else { return (false, nil) }
            self.outcome = outcome
            defer { self.continuation = nil }
            return (true, self.continuation)
        }
        continuation?.resume(returning: outcome)
        return decided
    }
}
