@_spi(Benchmarks) import RastrilloCrypto

/// `rastrillo-bench crypto`: Seal/Open and Sign/Verify of 1 KB messages through RastrilloCrypto,
/// against the same work done directly on the backend primitives in the same run. The ratio is
/// the cost of the format layer (goal: at most 10% overhead).
enum CryptoBench {
    static let context = "rastrillo-bench-v1"
    static let rounds = 7
    static let iterations = 300

    @MainActor static func run() async {
        do {
            try measure()
        } catch {
            print("crypto benchmark failed: \(error)")
            print("goals: NOT met (the benchmark did not finish)")
        }
    }

    static func measure() throws {
        let message = try CryptoPrimitives.randomBytes(1024)
        let box = try PrivateKey.generate()
        let signer = try PrivateKey.generate()
        let info = Array(context.utf8)
        let sealed = try Envelope.seal(message, to: box.publicKey, context: context)
        let signature = try Signing.sign(message, with: signer, context: context)
        print(
            "backend: \(CryptoPrimitives.backendName); message 1024 bytes; best of \(rounds) rounds × \(iterations) ops"
        )

        let cases: [(String, () throws -> Void, () throws -> Void)] = [
            (
                "seal",
                { _ = try Envelope.seal(message, to: box.publicKey, context: context) },
                {
                    let ephemeral = try scalar()
                    let ephemeralPublic = try CryptoPrimitives.publicKey(scalar: ephemeral)
                    let shared = try CryptoPrimitives.sharedSecret(scalar: ephemeral, peer: box.publicKey.uncompressed)
                    let key = try CryptoPrimitives.hkdf(key: shared, info: info)
                    let iv = try CryptoPrimitives.randomBytes(12)
                    _ =
                        ephemeralPublic + iv
                        + (try CryptoPrimitives.aesGCMSeal(key: key, nonce: iv, plaintext: message))
                }
            ),
            (
                "open",
                { _ = try Envelope.open(sealed, with: box, context: context) },
                {
                    let shared = try CryptoPrimitives.sharedSecret(scalar: box.rawScalar, peer: Array(sealed[0..<65]))
                    let key = try CryptoPrimitives.hkdf(key: shared, info: info)
                    _ = try CryptoPrimitives.aesGCMOpen(
                        key: key, nonce: Array(sealed[65..<77]), sealed: Array(sealed[77...]))
                }
            ),
            (
                "sign",
                { _ = try Signing.sign(message, with: signer, context: context) },
                { _ = try CryptoPrimitives.sign(scalar: signer.rawScalar, message: info + [0] + message) }
            ),
            (
                "verify",
                { try Signing.verify(signature, for: message, by: signer.publicKey, context: context) },
                {
                    _ = try CryptoPrimitives.verify(
                        point: signer.publicKey.uncompressed, message: info + [0] + message, signature: signature)
                }
            ),
        ]
        var goals: [BenchGoal] = []
        for (name, format, direct) in cases {
            var best = (format: Duration.seconds(1_000), direct: Duration.seconds(1_000))
            // Interleave the two so machine noise hits both alike; keep each one's best round.
            for _ in 0..<rounds {
                best.format = min(best.format, try time(format))
                best.direct = min(best.direct, try time(direct))
            }
            let formatRate = Double(iterations) / seconds(best.format)
            let directRate = Double(iterations) / seconds(best.direct)
            let overhead = (directRate / formatRate - 1) * 100
            goals.append(
                BenchGoal(
                    name: "\(name) overhead", measured: "RastrilloCrypto \(Int(formatRate)) ops/s",
                    baseline: "backend primitives \(Int(directRate)) ops/s, same run",
                    ratio: String(
                        format: "%.2f× the primitives' time (%+.1f%% overhead)", directRate / formatRate, overhead),
                    goal: "≤ 10% overhead", met: overhead <= 10))
        }
        BenchGoal.report(goals)
    }

    static func scalar() throws -> [UInt8] {
        while true {
            let candidate = try CryptoPrimitives.randomBytes(32)
            if CryptoPrimitives.isValidScalar(candidate) { return candidate }
        }
    }

    static func time(_ body: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<iterations { try body() }
        return clock.now - start
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
