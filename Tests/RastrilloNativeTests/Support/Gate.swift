/// A one-shot gate for deterministic tests: tasks that `wait()` suspend until
/// the test calls `open()`. No sleeps, no clocks.
@MainActor
final class Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Number of tasks suspended in `wait()`.
    var waitingCount: Int { waiters.count }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        let resumed = waiters
        waiters = []
        for waiter in resumed { waiter.resume() }
    }
}

/// Yields to other main-actor work until `condition` holds, for at most
/// `limit` yields (a bound on scheduling steps, not on time). Returns whether
/// the condition became true.
@MainActor
@discardableResult
func yieldUntil(limit: Int = 100_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<limit {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
