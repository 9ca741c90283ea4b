import Dispatch

/// Runs async work from the synchronous CLI entry point and waits for it.
///
/// The CLI's `main` is synchronous; the work runs on the global executor while
/// the calling thread waits on a semaphore, so the work must not need the
/// calling thread (it never touches the main actor).
enum CLIAsync {
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}

/// Hands a value from the detached task to the waiting thread.
///
/// `@unchecked Sendable`: `value` is written once by the task before it
/// signals the semaphore and read only after the wait returns, so the
/// semaphore orders the write before the read.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
