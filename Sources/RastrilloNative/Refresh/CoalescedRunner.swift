import Observation

/// A refresh gate that runs at most one pass of shared work at a time and
/// coalesces every call made during a pass into exactly one trailing pass.
///
/// Use one runner per operation and account: pull-to-refresh, a toolbar
/// button, a ⌘R menu command and a `.task` modifier that refresh the same
/// data all call ``run(_:)`` on the same runner, so a burst of refresh
/// requests costs at most the pass that is running plus one more. Two
/// different operations (or two accounts) need two runners; a runner never
/// looks at what its closure does. ``CoalescedRunners`` keeps one runner per
/// key for apps with several accounts.
///
/// ## Who waits for what
///
/// - A pass starts when it takes its batch of waiters: every caller waiting
///   at that moment belongs to that pass. Calls made back to back before the
///   first pass begins therefore share one pass.
/// - Calls made while a pass runs queue exactly one trailing pass, however
///   many there are (a *burst*).
/// - Freshness: `run` returns only after a pass that *started after the call
///   was made* has completed. No caller is ever satisfied by a pass that was
///   already running when it called.
/// - The trailing pass runs the closure of the first caller of its burst;
///   the closures of later callers in the same burst are never run. Give
///   every caller of one runner an equivalent closure.
/// - The closure does not throw: errors stay inside it. A pass that ends
///   early (returns at any point) still releases its waiters and leaves the
///   runner usable.
///
/// ## Cancellation
///
/// Each pass runs in its own unstructured task, so cancelling a caller never
/// cancels the shared work and never delays or drops other waiters. A
/// cancelled caller stops waiting and returns promptly (after one hop to the
/// main actor), without waiting for the pass; the data may not be fresh yet
/// when it returns. Edge cases:
///
/// - A call made from an already-cancelled task returns at once and queues
///   nothing.
/// - A burst whose callers have all cancelled before its pass starts runs no
///   pass at all.
/// - When only the first caller of a burst cancelled, the trailing pass still
///   runs that first caller's closure for the remaining waiters.
///
/// ## Recursion is a programming error
///
/// Calling `run` on the same runner from inside its own work — directly, or
/// from a `Task { }` the work started (child and unstructured tasks inherit
/// the marker) — would wait for itself forever. The runner detects it and
/// stops the program with a message naming the misuse. Running a *different*
/// runner from inside the work is fine. Work started with `Task.detached`
/// does not inherit the marker and is not detected.
///
/// ## Adopting it in an existing app
///
/// Apps that copied the runner keep their own name with a typealias in their
/// core module:
///
/// ```swift
/// public typealias CoalescedRunner = RastrilloNative.CoalescedRunner
/// ```
///
/// ## Example
///
/// ```swift
/// @MainActor @Observable final class InboxModel {
///     let refresher = CoalescedRunner()
///     var messages: [Message] = []
///
///     func refresh() async {
///         await refresher.run { [weak self] in
///             guard let self else { return }
///             self.messages = (try? await api.messages()) ?? self.messages
///         }
///     }
/// }
/// ```
///
/// ``isRunning`` is observable, so a toolbar can show progress while a pass
/// runs.
@MainActor
@Observable
public final class CoalescedRunner {
    /// Whether a pass of the work is running now. Observable (Observation
    /// framework): SwiftUI views that read it update when it changes.
    public private(set) var isRunning = false

    @ObservationIgnored private var state = CoalescedRunnerState()

    /// Creates an idle runner. Keep it for as long as the operation it guards
    /// lives, usually as a stored property of the model that owns the data.
    public init() {}

    /// Callers waiting for the next pass (diagnostics and tests).
    var waitingCount: Int { state.pendingCount }

    /// Callers the running pass will release (diagnostics and tests).
    var batchCount: Int { state.runningCount }

    /// Runs `work`, or joins the next pass that will run, and returns once a
    /// pass that started after this call has completed.
    ///
    /// - Parameter work: The shared work. It runs on the main actor in its own
    ///   unstructured task; it is only run if this caller is the first caller
    ///   of its burst. It must not call `run` on this runner.
    ///
    /// If the calling task is cancelled, `run` returns promptly without
    /// waiting for the pass, and the pass itself is not cancelled.
    public func run(_ work: @escaping @MainActor () async -> Void) async {
        _ = await runReportingPass(work)
    }

    /// ``run(_:)``, returning the number of the pass that released the caller
    /// (passes are numbered from 1), or `nil` if the caller was cancelled
    /// before a pass released it. Tests use it to check which pass served whom.
    func runReportingPass(_ work: @escaping @MainActor () async -> Void) async -> UInt64? {
        if CoalescedRunnerMarker.isInsideWork(of: self) {
            fatalError(
                "CoalescedRunner.run was called from inside this runner's own work "
                    + "(directly or from a task the work started). It would wait for "
                    + "itself forever. Call it from outside the work, or use a second runner."
            )
        }
        if Task.isCancelled { return nil }
        let id = state.enqueue(work)
        startDriverIfNeeded()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<UInt64?, Never>) in
                state.attach(continuation, to: id)
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.cancelWaiter(id) }
        }
    }

    /// The number of the running pass, or of the last one (0 before the first).
    var passNumber: UInt64 { state.passNumber }

    private func cancelWaiter(_ id: UInt64) {
        state.cancel(id)?.resume(returning: nil)
    }

    private func startDriverIfNeeded() {
        guard !state.isDriving else { return }
        state.isDriving = true
        // The passes run in their own unstructured task, never in a caller's:
        // a caller's cancellation cannot reach the work.
        Task { @MainActor in await self.drive() }
    }

    private func drive() async {
        while let work = state.beginPass() {
            isRunning = true
            await CoalescedRunnerMarker.$runners.withValue(
                CoalescedRunnerMarker.runners.union([ObjectIdentifier(self)])
            ) {
                await work()
            }
            let number = state.passNumber
            for continuation in state.endPass() {
                continuation.resume(returning: number)
            }
        }
        isRunning = false
    }
}
