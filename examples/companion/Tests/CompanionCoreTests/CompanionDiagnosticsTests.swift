import Foundation
import RastrilloNative
import Testing

@testable import CompanionCore

/// The model's one diagnostics hook sees refused links (incoming and from the web screen) and
/// refused web-screen messages, as the app's logger would.
@MainActor
@Suite("Companion diagnostics")
struct CompanionDiagnosticsTests {
    /// Collects what the hook receives.
    // @unchecked: every access to `stored` holds `lock`.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [RefusalDiagnostics.Event] = []
        @Sendable func append(_ event: RefusalDiagnostics.Event) { lock.withLock { stored.append(event) } }
        var events: [RefusalDiagnostics.Event] { lock.withLock { stored } }
    }

    @Test("refused links and refused page messages reach the hook; accepted ones do not")
    func refusalsReachTheHook() async throws {
        let collected = Collected()
        let model = CompanionModel(
            store: .inMemory(), diagnostics: RefusalDiagnostics(collected.append),
            checker: { address, _ throws(ServerVersionError) in throw .cancelled(address.versionURL) })
        model.open(try #require(URL(string: "https://app.example.com/servers/")))
        model.open(try #require(URL(string: "javascript:alert(1)")))
        let subframe = BridgeFrame(isMainFrame: false, scheme: "https", host: "app.example.com", port: 0)
        // Built as Sources/WebScreen.swift builds it.
        let dispatcher = BridgeDispatcher(manifest: GeneratedManifest.manifest, diagnostics: model.diagnostics)
        _ = await dispatcher.receive(WebScreenBridgeTests.hello, from: subframe)
        let navigation = WebScreenNavigation(router: model.router)
        _ = navigation.decide(url: "https://user@app.example.com/", kind: .link, current: "https://app.example.com/")

        let events = collected.events
        #expect(events.count == 3, "\(events)")
        guard events.count == 3, case .link(let first) = events[0], case .bridge(let second) = events[1],
            case .link(let third) = events[2]
        else { return }
        #expect(first.url == "javascript:alert(1)" && first.refusal == .schemeNotAllowed("javascript"))
        #expect(second.frame == subframe && second.refusal == .untrusted(.notMainFrame(subframe)))
        #expect(third.refusal == .userinfo)
    }
}
