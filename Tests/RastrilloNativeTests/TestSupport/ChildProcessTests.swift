import Foundation
import RastrilloTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ChildProcess`, the test helper every child process of the tests starts through.
@Suite("ChildProcess (test support)")
struct ChildProcessTests {
    /// Only this thread's mask is changed (a process-wide `SIG_IGN` would leak into children
    /// other tests start meanwhile).
    @Test("starts with SIGTERM unblocked and at its default action, even from a thread that blocks it")
    func cleanSignalMask() throws {
        var block = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTERM)
        var previousMask = sigset_t()
        #expect(pthread_sigmask(SIG_BLOCK, &block, &previousMask) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        // The shell sends itself SIGTERM: with SIGTERM blocked or ignored (inherited through
        // exec) it would print and exit 0; with a clean mask and the default action it dies of it.
        let shell = try ChildProcess(["sh", "-c", "kill -TERM $$; echo survived"])
        defer { shell.stop() }
        let output = String(decoding: shell.output.readDataToEndOfFile(), as: UTF8.self)
        #expect(shell.waitForExit() == 128 + SIGTERM)
        #expect(output == "")
    }

    @Test(
        "stop() ends a child that ignores SIGTERM, and its own child, and reaps it",
        .timeLimit(.minutes(1)))
    func stopEndsTheGroup() throws {
        // The shell ignores SIGTERM, starts a grandchild, prints its pid (once it runs) and waits.
        let shell = try ChildProcess(["sh", "-c", "trap '' TERM; sleep 600 & echo $!; wait"])
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = shell.output.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        _ = try #require(
            pid_t(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(shell.processID, SIGTERM) == 0)
        shell.stop()
        // Reaped: the shell's pid is no longer our child.
        var status: Int32 = 0
        #expect(waitpid(shell.processID, &status, WNOHANG) == -1 && errno == ECHILD)
        #expect(shell.waitForExit() == 128 + SIGKILL)
        // The grandchild holds the output pipe's write end too: end of file on it means
        // the grandchild has ended as well (a surviving grandchild would hang this read,
        // which the time limit turns into a failure).
        #expect(shell.output.readDataToEndOfFile().isEmpty)
    }

    @Test("a command that is not on PATH is a clear error naming it")
    func missingCommand() {
        #expect {
            _ = try ChildProcess(["rastrillo-no-such-command-\(UUID().uuidString)"])
        } throws: { error in
            String(describing: error).contains("could not start rastrillo-no-such-command-")
                && String(describing: error).contains("on PATH")
        }
    }
}
