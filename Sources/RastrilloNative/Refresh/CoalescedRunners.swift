/// One ``CoalescedRunner`` per key, for apps that refresh the same operation
/// for several accounts (or several independent operations).
///
/// A runner coalesces only calls for the same operation and account. Keying
/// runners by, say, an account id keeps one account's refresh from
/// satisfying — or waiting for — another's.
///
/// ```swift
/// let inboxRefresh = CoalescedRunners<Account.ID>()
/// await inboxRefresh.run(for: account.id) { await model.reload(account) }
/// ```
@MainActor
public final class CoalescedRunners<Key: Hashable> {
    private var runners: [Key: CoalescedRunner] = [:]

    /// Creates an empty set of runners; a runner is made on first use of a key.
    public init() {}

    /// The runner for `key`, created on first use and kept afterwards.
    public func runner(for key: Key) -> CoalescedRunner {
        if let runner = runners[key] { return runner }
        let runner = CoalescedRunner()
        runners[key] = runner
        return runner
    }

    /// Runs `work` through the runner for `key`; see ``CoalescedRunner/run(_:)``.
    public func run(for key: Key, _ work: @escaping @MainActor () async -> Void) async {
        await runner(for: key).run(work)
    }

    /// Forgets the runner for `key` (for example when an account is removed).
    /// Callers already waiting on it are still released by its passes.
    public func removeRunner(for key: Key) {
        runners[key] = nil
    }
}
