/// One goal of a benchmark and its verdict, printed on one line: the measured value, the
/// baseline measured in the same run, the ratio between them, the goal, and whether it was met.
struct BenchGoal {
    /// What the goal is about (`throughput`, `per URL at 1,000 destinations`).
    let name: String
    /// The measured value, with what was measured and its unit.
    let measured: String
    /// The baseline timed in the same run, with its unit; `nil` when the goal is an absolute
    /// budget that nothing in the run is compared with.
    let baseline: String?
    /// The ratio between the measured value and the baseline, as the goal reads it.
    let ratio: String?
    /// The goal (`≥ 100,000 msg/s`).
    let goal: String
    /// Whether the measured value meets the goal.
    let met: Bool

    /// `goal <name>: <measured>; baseline <baseline>; ratio <ratio>; goal <goal>: met|NOT met`.
    var line: String {
        "goal \(name): \(measured); baseline \(baseline ?? "none (an absolute budget)"); "
            + "ratio \(ratio ?? "n/a"); goal \(goal): \(met ? "met" : "NOT met")"
    }

    /// Prints every goal's line, then `goals: met` when all were met, else `goals: NOT met`.
    static func report(_ goals: [BenchGoal]) {
        for goal in goals { print(goal.line) }
        print(goals.allSatisfy(\.met) ? "goals: met" : "goals: NOT met")
    }
}
