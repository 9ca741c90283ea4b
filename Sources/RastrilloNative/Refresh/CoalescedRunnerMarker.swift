/// The task-local marker that lets ``CoalescedRunner`` recognise a call made
/// from inside its own work. Child tasks and `Task { }` inherit task-local
/// values, so work that starts a task and calls `run` from it is caught too.
enum CoalescedRunnerMarker {
    /// The runners whose work the current task is running (nested runners
    /// each add themselves).
    @TaskLocal static var runners: Set<ObjectIdentifier> = []

    /// Whether the current task runs inside the work of `runner`.
    static func isInsideWork(of runner: AnyObject) -> Bool {
        runners.contains(ObjectIdentifier(runner))
    }
}
