import Foundation

/// A one-shot gate a test opens to release a server thread that waits on it.
///
/// Server threads block in ``wait()`` (they are plain threads, not tasks);
/// the test calls ``open()``. Opening twice is harmless.
///
/// `@unchecked Sendable`: `isOpen` is only touched while holding `condition`.
final class LoopbackGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false

    init() {}

    /// Releases every thread waiting now and every later ``wait()``.
    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the calling thread until the gate is opened.
    func wait() {
        condition.lock()
        while !isOpen { condition.wait() }
        condition.unlock()
    }
}
