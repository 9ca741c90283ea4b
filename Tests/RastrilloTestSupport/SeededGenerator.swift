import Foundation

/// SplitMix64: a small deterministic generator for seeded property, fuzz and
/// stress tests, shared by every test target so a printed seed replays the
/// same run anywhere.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that replays the sequence of `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`.
    public mutating func next(upTo bound: UInt64) -> UInt64 { next() % bound }

    /// The seed from the `RASTRILLO_FUZZ_SEED` environment variable when set,
    /// else `fallback`; printed with `name` so a failure can be replayed.
    public static func seed(_ name: String, fallback: UInt64) -> UInt64 {
        let seed = ProcessInfo.processInfo.environment["RASTRILLO_FUZZ_SEED"].flatMap(UInt64.init) ?? fallback
        print("\(name): seed \(seed) (set RASTRILLO_FUZZ_SEED=\(seed) to replay)")
        return seed
    }
}
