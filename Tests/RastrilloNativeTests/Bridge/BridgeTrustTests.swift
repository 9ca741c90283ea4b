import Foundation
import RastrilloNative
import Testing

/// Trust is decided from the frame facts alone, against the manifest's internal origins.
@Suite struct BridgeTrustTests {
    let policy = BridgeTrustPolicy(manifest: BridgeFixture.manifest)

    static let trusted: [BridgeFrame] = [
        BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com", port: 0),
        BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com", port: 443),
        BridgeFrame(isMainFrame: true, scheme: "HTTPS", host: "App.Example.COM", port: 0),
        BridgeFrame(isMainFrame: true, scheme: "https", host: "www.example.com", port: 0),
        BridgeFrame(isMainFrame: true, scheme: "http", host: "localhost", port: 8080),
    ]

    @Test(arguments: trusted)
    func trustsTheMainFrameOfAnInternalOriginOrAlias(frame: BridgeFrame) throws {
        let origin = try policy.decide(frame).get()
        #expect(BridgeFixture.manifest.internalOrigins.contains(origin))
    }

    static let refused: [(BridgeFrame, String)] = [
        (BridgeFrame(isMainFrame: false, scheme: "https", host: "app.example.com", port: 0), "not-main-frame"),
        (BridgeFrame(isMainFrame: true, scheme: "https", host: "evil.example", port: 0), "foreign-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com.evil.tld", port: 0), "foreign-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "https", host: "evilapp.example.com", port: 0), "foreign-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "https", host: "example.com", port: 0), "foreign-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "http", host: "app.example.com", port: 0), "foreign-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com", port: 8443), "foreign-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "http", host: "localhost", port: 0), "foreign-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com.", port: 0), "invalid-host"),
        (
            BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com@evil.example", port: 0),
            "invalid-host"
        ),
        (BridgeFrame(isMainFrame: true, scheme: "https", host: "2130706433", port: 0), "invalid-host"),
        (BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com", port: 70_000), "invalid-port"),
        (BridgeFrame(isMainFrame: true, scheme: "", host: "", port: 0), "opaque-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "null", host: "", port: 0), "opaque-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "about", host: "", port: 0), "opaque-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "about", host: "app.example.com", port: 0), "opaque-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "data", host: "", port: 0), "opaque-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "blob", host: "app.example.com", port: 0), "opaque-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "file", host: "app.example.com", port: 0), "opaque-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "https", host: "null", port: 0), "opaque-origin"),
        (BridgeFrame(isMainFrame: true, scheme: "ht tps", host: "app.example.com", port: 0), "invalid-host"),
        (BridgeFrame(isMainFrame: true, scheme: "https:", host: "app.example.com", port: 0), "invalid-host"),
    ]

    @Test(arguments: refused)
    func refuses(frame: BridgeFrame, code: String) {
        switch policy.decide(frame) {
        case .success(let origin): Issue.record("\(frame) was trusted as \(origin)")
        case .failure(let refusal): #expect(refusal.code == code, "\(frame): \(refusal)")
        }
    }

    @Test @MainActor func aSubframeGetsAnErrorReplyAndTheHookSeesIt() async throws {
        let (dispatcher, log) = BridgeFixture.dispatcher()
        let frame = BridgeFrame(isMainFrame: false, scheme: "https", host: "app.example.com", port: 0)
        let reply = try ReplyEnvelope(await dispatcher.receive(BridgeFixture.request("ping", "null"), from: frame))
        #expect(reply.type == "error" && reply.code == "untrusted-sender")
        #expect(log.events.map(\.refusal) == [.untrusted(.notMainFrame(frame))])
    }

    @Test @MainActor func aForeignOriginCannotSayHelloOrSend() async throws {
        let (dispatcher, log) = BridgeFixture.dispatcher()
        let frame = BridgeFrame(isMainFrame: true, scheme: "https", host: "evil.example", port: 0)
        let hello = try ReplyEnvelope(await dispatcher.receive(BridgeFixture.hello, from: frame))
        let request = try ReplyEnvelope(await dispatcher.receive(BridgeFixture.request("ping", "null"), from: frame))
        #expect(hello.code == "untrusted-sender" && request.code == "untrusted-sender")
        #expect(dispatcher.page == .notReady)
        #expect(log.events.count == 2)
    }

    @Test @MainActor func anOriginSpoofedInsideThePayloadChangesNothing() async throws {
        let (dispatcher, log) = BridgeFixture.dispatcher()
        let foreign = BridgeFrame(isMainFrame: true, scheme: "https", host: "evil.example", port: 0)
        // An extra envelope field claiming the internal origin is an unknown field…
        let envelope =
            #"{"protocol":1,"type":"request","id":"s1","action":"ping","payload":"x","origin":"https://app.example.com"}"#
        let fromMain = try ReplyEnvelope(await dispatcher.receive(envelope, from: BridgeFixture.mainFrame))
        #expect(fromMain.code == "unknown-field")
        // …and a payload value naming the internal origin does not make a foreign frame trusted.
        let spoof = BridgeFixture.request("ping", #""https://app.example.com""#)
        let fromForeign = try ReplyEnvelope(await dispatcher.receive(spoof, from: foreign))
        #expect(fromForeign.code == "untrusted-sender")
        let fromTrusted = try ReplyEnvelope(await dispatcher.receive(spoof, from: BridgeFixture.mainFrame))
        #expect(fromTrusted.type == "reply")
        #expect(log.events.map(\.refusal.code) == ["unknown-field", "untrusted-sender"])
    }

    @Test @MainActor func aRedirectToAnotherInternalPageKeepsWorking() async throws {
        let (dispatcher, _) = BridgeFixture.dispatcher()
        let navigation = WebScreenNavigation(router: LinkRouter(manifest: BridgeFixture.manifest))
        _ = await dispatcher.receive(BridgeFixture.hello, from: BridgeFixture.mainFrame)
        // The server redirects the web screen to a page on an alias origin: allowed, and the new
        // document's messages are trusted (no comparison with the URL the screen was opened with).
        let target = "https://www.example.com/notes/6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10/edit?from=redirect"
        let current = "https://app.example.com/notes/6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10/edit"
        #expect(navigation.decide(url: target, kind: .redirect, current: current) == .load)
        dispatcher.documentDidChange()
        let alias = BridgeFrame(isMainFrame: true, scheme: "https", host: "www.example.com", port: 0)
        let welcome = try ReplyEnvelope(await dispatcher.receive(BridgeFixture.hello, from: alias))
        #expect(welcome.type == "welcome")
        let reply = try ReplyEnvelope(await dispatcher.receive(BridgeFixture.request("ping", #""again""#), from: alias))
        #expect(reply.payloadJSON == #""pong: again""#)
        guard case .ready(let page) = dispatcher.page else {
            Issue.record("page not ready after the redirect's hello")
            return
        }
        #expect(page.origin == ManifestOrigin(scheme: "https", host: "www.example.com"))
        // A same-document navigation (pushState, fragment) reports no navigation: still ready.
        #expect(try dispatcher.eventEnvelope(BridgeEvents.SyncStateChanged.self, .idle).contains("idle"))
    }

    @Test @MainActor func navigatingToAnExternalPageStopsTheBridge() async throws {
        let (dispatcher, _) = BridgeFixture.dispatcher()
        let navigation = WebScreenNavigation(router: LinkRouter(manifest: BridgeFixture.manifest))
        _ = await dispatcher.receive(BridgeFixture.hello, from: BridgeFixture.mainFrame)
        // A link to an external page is not loaded in the web screen: it goes to the browser.
        let current = "https://app.example.com/"
        #expect(
            navigation.decide(url: "https://evil.example/", kind: .link, current: current) == .leave(.external(nil)))
        // A server redirect to an external page is refused outright.
        #expect(
            navigation.decide(url: "https://evil.example/", kind: .redirect, current: current)
                == .leave(.refused(.redirectNotInternal)))
        // Had the main frame navigated anyway, events stop at the navigation and the foreign
        // document can neither say hello nor send.
        dispatcher.documentDidChange()
        #expect(throws: BridgeEventRefusal.pageNotReady(event: "syncStateChanged")) {
            try dispatcher.eventScript(BridgeEvents.SyncStateChanged.self, .syncing)
        }
        let foreign = BridgeFrame(isMainFrame: true, scheme: "https", host: "evil.example", port: 0)
        let hello = try ReplyEnvelope(await dispatcher.receive(BridgeFixture.hello, from: foreign))
        #expect(hello.code == "untrusted-sender")
        #expect(dispatcher.page == .notReady)
    }

    @Test func subframeLoadsAreLeftToThePageAndNativeLinksLeaveTheWebView() {
        let navigation = WebScreenNavigation(router: LinkRouter(manifest: BridgeFixture.manifest))
        let current = "https://app.example.com/notes/"
        #expect(navigation.decide(url: "https://video.example/embed/1", kind: .subframe, current: current) == .load)
        #expect(
            navigation.decide(url: "https://app.example.com/", kind: .link, current: current)
                == .push(.native(LinkMatch(destination: "home", params: [:]))))
        #expect(
            navigation.decide(url: "javascript:alert(1)", kind: .link, current: current)
                == .leave(.refused(.schemeNotAllowed("javascript"))))
    }
}
