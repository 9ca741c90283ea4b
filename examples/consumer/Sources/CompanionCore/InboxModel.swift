import Observation

/// A small model shaped like an app's: pull-to-refresh, a toolbar button and
/// ⌘R all call ``refresh()``, which goes through one ``CoalescedRunner``.
@MainActor
@Observable
public final class InboxModel {
    /// The refresh gate for this inbox (one runner per operation and account).
    public let refresher = CoalescedRunner()
    /// The loaded messages.
    public private(set) var messages: [String] = []
    /// How many times the loader ran.
    public private(set) var loads = 0

    private let load: @MainActor () async -> [String]

    /// Creates a model that loads messages with `load`.
    public init(load: @escaping @MainActor () async -> [String]) {
        self.load = load
    }

    /// Refreshes the messages; concurrent calls share passes.
    public func refresh() async {
        await refresher.run { [weak self] in
            guard let self else { return }
            self.loads += 1
            self.messages = await self.load()
        }
    }
}
