#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calling thread's CPU time, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
///
/// Benchmarks that compare two code paths in one run measure both with it, so time
/// the thread spends preempted by other processes on a busy machine counts for neither.
enum ThreadCPUClock {
    static func nanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}

/// The whole process's CPU time, every thread's, in nanoseconds (`CLOCK_PROCESS_CPUTIME_ID`):
/// what a transfer on a thread of its own costs, with the server in another process.
enum ProcessCPUClock {
    static func nanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
