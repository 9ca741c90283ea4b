import Testing

@testable import RastrilloNative

/// Calling `run` on a runner from inside its own work is a programming error
/// that would hang forever; the runner stops the process with a message.
@Suite("CoalescedRunner recursion")
struct CoalescedRunnerRecursionTests {
    @Test("run called directly from inside the work stops with a clear message")
    func directRecursionStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await RecursionScenarios.direct()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("called from inside this runner's own work"))
    }

    @Test("run called from a task the work started stops with a clear message")
    func recursionFromChildTaskStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await RecursionScenarios.fromStartedTask()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("called from inside this runner's own work"))
    }
}

@MainActor
enum RecursionScenarios {
    static func direct() async {
        let runner = CoalescedRunner()
        await runner.run { await runner.run {} }
    }

    static func fromStartedTask() async {
        let runner = CoalescedRunner()
        await runner.run {
            await Task { await runner.run {} }.value
        }
    }
}
