import Foundation

/// When a version transfer that runs its own timers (the Linux socket and libcurl transfers)
/// must have read the response head, and when it must be done, both counted from its start.
struct TransferDeadlines {
    let connect: ContinuousClock.Instant
    let total: ContinuousClock.Instant
    private let options: ServerVersionClient.Options

    /// Deadlines from now, by `options`' connect and total timeouts.
    init(startingNow options: ServerVersionClient.Options) {
        let start = ContinuousClock().now
        connect = start + options.connectTimeout
        total = start + options.totalTimeout
        self.options = options
    }

    /// The deadline that applies now and the error once it passes: the connect deadline until
    /// the head is read (or the total one if that comes first), then the total one.
    func current(headRead: Bool, url: URL) -> (deadline: ContinuousClock.Instant, expired: ServerVersionError) {
        if headRead || total < connect {
            return (total, .timedOut(url, phase: .total, seconds: options.totalTimeout.secondsValue))
        }
        return (connect, .timedOut(url, phase: .connect, seconds: options.connectTimeout.secondsValue))
    }
}
