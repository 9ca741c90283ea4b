import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process for tests that is always ended and reaped.
///
/// Foundation's `Process` hands the child the signal mask of the thread that
/// starts it; under the test runner that mask can block `SIGTERM`, so
/// `terminate()` does nothing and the child outlives the tests. A
/// `ChildProcess` starts with an empty signal mask and default signal actions,
/// in its own process group, found on `PATH` (`posix_spawnp`). ``stop()``
/// kills the whole group with `SIGKILL` and reaps the child; call it in a
/// `defer` right after starting, so a failing, throwing or cancelled test ends
/// it too. `deinit` calls it as a last resort.
public final class ChildProcess: @unchecked Sendable {
    // @unchecked Sendable: `exitStatus` is read and written only while holding `lock`.

    /// Where the child's standard error goes.
    public enum ErrorOutput: Sendable {
        /// The test process's own standard error.
        case inherit
        /// `/dev/null`.
        case discard
        /// The same pipe as standard output.
        case mergeWithOutput
    }

    /// A failure to start the child.
    public struct StartError: Error, CustomStringConvertible {
        /// The command that could not start.
        public let arguments: [String]
        /// The `errno` value `posix_spawnp` (or `pipe`) returned.
        public let code: Int32

        /// What failed and why.
        public var description: String {
            "could not start \(arguments.joined(separator: " ")): \(String(cString: strerror(code))) (is it installed and on PATH?)"
        }
    }

    /// The child's process id, which is also its process group id.
    public let processID: pid_t
    /// The write end of the child's standard input (`nil` unless requested); close it to send end of file.
    public let input: FileHandle?
    /// The read end of the child's standard output.
    public let output: FileHandle

    private let lock = NSLock()
    private var exitStatus: Int32?

    /// Starts `arguments[0]` (looked up on `PATH`) with the rest as its arguments,
    /// in the current environment and working directory.
    public init(_ arguments: [String], input wantsInput: Bool = false, errorOutput: ErrorOutput = .inherit) throws {
        precondition(!arguments.isEmpty, "ChildProcess needs a command")
        let outputPipe = try Self.makePipe(arguments)
        let inputPipe = wantsInput ? try Self.makePipe(arguments) : nil

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        if let inputPipe {
            posix_spawn_file_actions_adddup2(&actions, inputPipe.read, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
        switch errorOutput {
        case .inherit: break
        case .discard: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .mergeWithOutput: posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 2)
        }

        // Own process group (so stop() reaches grandchildren), empty mask, default actions.
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in 1..<32 where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&defaults, Int32(signal))
        }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + environment { free(pointer) }
        }
        var pid = pid_t()
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environment)
        close(outputPipe.write)
        if let inputPipe { close(inputPipe.read) }
        guard result == 0 else {
            close(outputPipe.read)
            if let inputPipe { close(inputPipe.write) }
            throw StartError(arguments: arguments, code: result)
        }
        processID = pid
        output = FileHandle(fileDescriptor: outputPipe.read, closeOnDealloc: true)
        input = inputPipe.map { FileHandle(fileDescriptor: $0.write, closeOnDealloc: true) }
    }

    deinit { stop() }

    /// Waits until the child exits and reaps it. Returns its exit status, or
    /// 128 + the signal number when a signal ended it.
    @discardableResult
    public func waitForExit() -> Int32 {
        if let status = lock.withLock({ exitStatus }) { return status }
        var raw: Int32 = 0
        while waitpid(processID, &raw, 0) == -1 {
            if errno == EINTR { continue }
            // ECHILD: stop() reaped it meanwhile.
            return lock.withLock { exitStatus ?? -1 }
        }
        let status = Self.decode(raw)
        lock.withLock { exitStatus = status }
        return status
    }

    /// Ends the child and every process in its group (`SIGKILL`) and reaps the
    /// child. Does nothing once the child has been reaped; safe to call twice.
    public func stop() {
        lock.withLock {
            guard exitStatus == nil else { return }
            // Until it is reaped the child (even as a zombie) holds the group id,
            // so this reaches only its own group.
            kill(-processID, SIGKILL)
            var raw: Int32 = 0
            while waitpid(processID, &raw, 0) == -1 && errno == EINTR {}
            exitStatus = Self.decode(raw)
        }
    }

    private static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }

    private static func makePipe(_ arguments: [String]) throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw StartError(arguments: arguments, code: errno) }
        // Not inherited by children other tests start meanwhile (the child's dup2 copies are).
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }
}
