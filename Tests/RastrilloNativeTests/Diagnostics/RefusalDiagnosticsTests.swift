import Foundation
import RastrilloNative
import Testing

/// One ``RefusalDiagnostics`` value shared by the router and the bridge sees every refusal of
/// both, in order, and nothing that was accepted.
@Suite struct RefusalDiagnosticsTests {
    @Test @MainActor func oneHookSeesLinkAndBridgeRefusalsInOrder() async throws {
        let log = RefusalLog()
        let diagnostics = RefusalDiagnostics(log.append)
        let router = LinkRouter(manifest: BridgeFixture.manifest, diagnostics: diagnostics)
        let bridge = BridgeDispatcher(manifest: BridgeFixture.manifest, diagnostics: diagnostics)
        let subframe = BridgeFrame(isMainFrame: false, scheme: "https", host: "app.example.com", port: 0)

        _ = router.decide("https://user@app.example.com/notes/")
        _ = router.decide("https://app.example.com/notes/")
        _ = await bridge.receive(BridgeFixture.request("ping", "null"), from: subframe)
        _ = await bridge.receive(BridgeFixture.hello, from: BridgeFixture.mainFrame)
        _ = router.decide("https://evil.example/next", context: .redirect)

        let events = log.all
        #expect(events.count == 3)
        #expect(
            events.map(\.description) == [
                "refused https://user@app.example.com/notes/: userinfo (user@ or user:password@) in the authority",
                "refused bridge message from \(subframe): \(BridgeRefusal.untrusted(.notMainFrame(subframe)))",
                "refused https://evil.example/next: redirect target is not an internal URL",
            ])
        guard events.count == 3, case .link(let first) = events[0], case .bridge(let second) = events[1],
            case .link(let third) = events[2]
        else {
            Issue.record("expected link, bridge, link; got \(events)")
            return
        }
        #expect(first.refusal == .userinfo && first.context == .navigation)
        #expect(second.refusal == .untrusted(.notMainFrame(subframe)) && second.frame == subframe)
        #expect(third.refusal == .redirectNotInternal && third.context == .redirect)
    }

    @Test func reportingToAnotherHookKeepsTheDecisionsAndMovesTheReports() {
        let original = RefusalLog()
        let other = RefusalLog()
        let router = LinkRouter(manifest: BridgeFixture.manifest, diagnostics: RefusalDiagnostics(original.append))
        let rerouted = router.reporting(to: RefusalDiagnostics(other.append))
        for url in [
            "https://app.example.com/notes/", "https://app.example.com/%2e%2e/x", "mailto:a@b.c", "javascript:x",
        ] {
            #expect(rerouted.decide(url) == router.decide(url), "\(url)")
        }
        #expect(original.events.map(\.url) == ["https://app.example.com/%2e%2e/x", "mailto:a@b.c", "javascript:x"])
        #expect(other.events.map(\.url) == original.events.map(\.url))
    }

    @Test func theDefaultHookReportsNothingAndDecidesTheSame() {
        let silent = LinkRouter(manifest: BridgeFixture.manifest)
        let log = RefusalLog()
        let logged = LinkRouter(manifest: BridgeFixture.manifest, diagnostics: RefusalDiagnostics(log.append))
        #expect(silent.decide("https://user@app.example.com/") == logged.decide("https://user@app.example.com/"))
        #expect(log.all.count == 1)
    }
}
