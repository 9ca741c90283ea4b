import Foundation

/// SplitMix64: a small, fast, seedable generator so fuzz tests are reproducible.
/// Tests print the seed; rerun with `FUZZ_SEED=<seed>` to replay a failure.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The seed from `FUZZ_SEED`, or a fixed default so CI runs are stable.
    static func seedFromEnvironment(default value: UInt64) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["FUZZ_SEED"], let seed = UInt64(text) { return seed }
        return value
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
