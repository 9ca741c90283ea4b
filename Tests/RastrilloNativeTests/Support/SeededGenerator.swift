import Foundation

/// A deterministic random generator (SplitMix64) so fuzz tests are reproducible from their printed seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The seed from `FUZZ_SEED`, or `value` so CI runs are stable; rerun a
    /// failure with `FUZZ_SEED=<printed seed>`.
    static func seedFromEnvironment(default value: UInt64) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["FUZZ_SEED"], let seed = UInt64(text) { return seed }
        return value
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
