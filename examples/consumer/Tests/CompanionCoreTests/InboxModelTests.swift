import CompanionCore
import Testing

@MainActor
@Suite("CompanionCore adopts the runner through its typealias")
struct InboxModelTests {
    @Test("The alias is usable as the app's own type")
    func aliasIsTheAppsType() async {
        let runner: CoalescedRunner = CoalescedRunner()
        var ran = 0
        await runner.run { ran += 1 }
        #expect(ran == 1)
        #expect(!runner.isRunning)
    }

    @Test("Refreshes requested together share one load")
    func refreshesCoalesce() async {
        var served = 0
        let model = InboxModel {
            served += 1
            return ["message \(served)"]
        }
        let requests = (0..<5).map { _ in Task { await model.refresh() } }
        for request in requests { await request.value }
        #expect(model.loads == 1)
        #expect(model.messages == ["message 1"])
        await model.refresh()
        #expect(model.loads == 2)
        #expect(model.messages == ["message 2"])
    }
}
