/// SplitMix64: a small deterministic generator for seeded property tests.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed from `RASTRILLO_FUZZ_SEED` when set, else `fallback`; printed so a failure can be replayed.
    static func seed(_ name: String, fallback: UInt64) -> UInt64 {
        let seed = environmentSeed() ?? fallback
        print("\(name): seed \(seed) (set RASTRILLO_FUZZ_SEED=\(seed) to replay)")
        return seed
    }

    private static func environmentSeed() -> UInt64? {
        guard let text = getenvString("RASTRILLO_FUZZ_SEED") else { return nil }
        return UInt64(text)
    }
}
