import RastrilloNative
import Testing

/// `WebViewBridge.detach()` removes every user script and adds back what `OwnedUserScripts`
/// keeps: these hold that the app's scripts all come back, in order, and the adapter's never do.
@Suite struct OwnedUserScriptsTests {
    final class Script {
        let source: String
        init(_ source: String) { self.source = source }
    }

    @Test func theAppsScriptsStayInTheirOrderAndTheAdaptersGo() {
        let appFirst = Script("app 1")
        let ours = Script("page-actions")
        let appSecond = Script("app 2")
        let appThird = Script("app 3")
        let kept = OwnedUserScripts.remaining([appFirst, ours, appSecond, appThird], removing: [ours])
        #expect(kept.map(\.source) == ["app 1", "app 2", "app 3"])
        #expect(kept.allSatisfy { $0 !== ours })
    }

    @Test func identityDecidesNotContent() {
        let ours = Script("page-actions")
        let appCopy = Script("page-actions")  // the app added a script with the same source
        let kept = OwnedUserScripts.remaining([appCopy, ours], removing: [ours])
        #expect(kept.count == 1)
        #expect(kept.first === appCopy)
    }

    @Test func aScriptAddedTwiceByTheAdapterGoesBothTimes() {
        let ours = Script("page-actions")
        let app = Script("app")
        #expect(OwnedUserScripts.remaining([ours, app, ours], removing: [ours]).map(\.source) == ["app"])
    }

    @Test func nothingOwnedKeepsEverything() {
        let scripts = [Script("a"), Script("b")]
        let kept = OwnedUserScripts.remaining(scripts, removing: [])
        #expect(kept.count == 2 && kept[0] === scripts[0] && kept[1] === scripts[1])
        #expect(OwnedUserScripts.remaining([Script](), removing: scripts).isEmpty)
    }
}
