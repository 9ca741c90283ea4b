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
    /// Python prints the signals blocked in its main thread and whether SIGTERM is ignored.
    static let reportSignals = """
        import signal
        blocked = sorted(int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, []))
        print(blocked, signal.getsignal(signal.SIGTERM) == signal.SIG_IGN)
        """

    /// Only this thread's mask is changed (a process-wide `SIG_IGN` would leak into children
    /// other tests start meanwhile).
    @Test("starts with an empty signal mask, even from a thread that blocks SIGTERM")
    func cleanSignalMask() throws {
        var block = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTERM)
        var previousMask = sigset_t()
        #expect(pthread_sigmask(SIG_BLOCK, &block, &previousMask) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        let python = try ChildProcess(["python3", "-c", Self.reportSignals])
        defer { python.stop() }
        let output = String(decoding: python.output.readDataToEndOfFile(), as: UTF8.self)
        #expect(python.waitForExit() == 0)
        #expect(output == "[] False\n")
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
