import RastrilloNative
import Testing

/// Reload, pull-to-refresh, ⌘R and Retry go through the screen's one runner: a burst reloads
/// once, callers return when the page they asked for has loaded. A fake web view records the
/// effects; the test plays WebKit's callbacks. No sleeps: bounded yields and exact counts.
@MainActor
struct WebScreenModelTests {
    static let page = "https://app.example.com/releases/1.4.0"

    /// Records effects as WebKit would receive them.
    @MainActor final class FakeWebView {
        var effects: [WebScreenEffect] = []
        var nextID: UInt64 = 0

        func newID() -> WebNavigationID {
            nextID += 1
            return WebNavigationID(nextID)
        }
    }

    /// Counts callers that returned.
    @MainActor final class Returned {
        var count = 0
    }

    /// A model attached to a fake web view, with its first page loaded.
    func loadedScreen() async -> (WebScreenModel, FakeWebView) {
        let web = FakeWebView()
        let screen = WebScreenModel(url: Self.page)
        screen.attach { web.effects.append($0) }
        #expect(web.effects == [.load(Self.page)])
        play(screen, web, load: true)
        #expect(screen.display == .content(progress: nil))
        return (screen, web)
    }

    /// Plays one navigation: started, committed and finished (or failed with `error`).
    @discardableResult
    func play(_ screen: WebScreenModel, _ web: FakeWebView, load: Bool, error: WebLoadErrorKind? = nil)
        -> WebNavigationID
    {
        let id = web.newID()
        screen.handle(.started(id, url: Self.page))
        if let error {
            screen.handle(.failed(id, error))
        } else {
            screen.handle(.committed(id, url: Self.page))
            screen.handle(.finished(id))
        }
        return id
    }

    func call(_ count: Int, _ screen: WebScreenModel, into returned: Returned) {
        for _ in 0..<count {
            Task { @MainActor in
                await screen.reload()
                returned.count += 1
            }
        }
    }

    @Test("a burst of reloads made together reloads once; all return when that page has loaded")
    func burst() async {
        let (screen, web) = await loadedScreen()
        let returned = Returned()
        call(5, screen, into: returned)
        #expect(await yieldUntil { web.effects.count == 2 })
        #expect(web.effects.last == .reload)
        #expect(returned.count == 0)
        #expect(screen.reloader.isRunning)
        play(screen, web, load: true)
        #expect(await yieldUntil { returned.count == 5 })
        #expect(web.effects == [.load(Self.page), .reload])
        #expect(await yieldUntil { !screen.reloader.isRunning })
    }

    @Test("reloads asked for during a reload get one trailing reload and wait for it")
    func trailing() async {
        let (screen, web) = await loadedScreen()
        let first = Returned()
        let later = Returned()
        call(1, screen, into: first)
        #expect(await yieldUntil { web.effects.count == 2 })
        call(3, screen, into: later)
        play(screen, web, load: true)
        #expect(await yieldUntil { first.count == 1 })
        // The trailing reload starts; its callers wait for its page, not the one already loaded.
        #expect(await yieldUntil { web.effects.count == 3 })
        #expect(later.count == 0)
        play(screen, web, load: true)
        #expect(await yieldUntil { later.count == 3 })
        #expect(web.effects == [.load(Self.page), .reload, .reload])
    }

    @Test("a content-process crash during a reload loads the page again; callers wait for that load")
    func crashDuringReload() async {
        let (screen, web) = await loadedScreen()
        let returned = Returned()
        call(2, screen, into: returned)
        #expect(await yieldUntil { web.effects.count == 2 })
        let id = web.newID()
        screen.handle(.started(id, url: Self.page))
        screen.handle(.processTerminated)
        #expect(web.effects.last == .load(Self.page))
        #expect(screen.display == .loading(progress: 0))
        // The crashed navigation's late failure is stale.
        screen.handle(.failed(id, .other("WebKit error 2")))
        for _ in 0..<100 { await Task.yield() }
        #expect(returned.count == 0)
        play(screen, web, load: true)
        #expect(await yieldUntil { returned.count == 2 })
        #expect(screen.display == .content(progress: nil))
        #expect(web.effects == [.load(Self.page), .reload, .load(Self.page)])
    }

    @Test("a second crash during a reload shows the failure and releases the callers")
    func secondCrashDuringReload() async {
        let (screen, web) = await loadedScreen()
        let returned = Returned()
        call(1, screen, into: returned)
        #expect(await yieldUntil { web.effects.count == 2 })
        screen.handle(.started(web.newID(), url: Self.page))
        screen.handle(.processTerminated)
        screen.handle(.started(web.newID(), url: Self.page))
        screen.handle(.processTerminated)
        #expect(await yieldUntil { returned.count == 1 })
        #expect(screen.display == .failed(.contentProcessTerminated))
    }

    @Test("a burst of Retry taps on the failure view loads once; all return when the page loaded")
    func retryBurst() async {
        let web = FakeWebView()
        let screen = WebScreenModel(url: Self.page)
        screen.attach { web.effects.append($0) }
        play(screen, web, load: false, error: .offline)
        #expect(screen.display == .failed(.offline))
        let returned = Returned()
        call(4, screen, into: returned)
        #expect(await yieldUntil { web.effects.count == 2 })
        #expect(screen.display == .loading(progress: 0))
        play(screen, web, load: false, error: .unreachableHost)
        #expect(await yieldUntil { returned.count == 4 })
        #expect(screen.display == .failed(.unreachableHost))
        // The server came back: one more Retry loads it.
        call(1, screen, into: returned)
        #expect(await yieldUntil { web.effects.count == 3 })
        play(screen, web, load: true)
        #expect(await yieldUntil { returned.count == 5 })
        #expect(screen.display == .content(progress: nil))
        #expect(web.effects == [.load(Self.page), .load(Self.page), .load(Self.page)])
    }

    @Test("the screen going away releases a waiting reload, and later reloads return at once")
    func detach() async {
        let (screen, web) = await loadedScreen()
        let returned = Returned()
        call(1, screen, into: returned)
        #expect(await yieldUntil { web.effects.count == 2 })
        screen.handle(.detached)
        #expect(await yieldUntil { returned.count == 1 })
        await screen.reload()
        #expect(web.effects.count == 2)
    }

    @Test("a reload before the adapter attaches returns at once and loads nothing")
    func reloadBeforeAttach() async {
        let screen = WebScreenModel(url: Self.page)
        await screen.reload()
        #expect(screen.display == .loading(progress: 0))
    }

    @Test("a main-frame navigation while one is provisional is its server redirect: never a push")
    func provisionalIsRedirect() throws {
        let navigation = WebScreenNavigation(router: LinkRouter(manifest: try WebScreenNavigationTests.manifest()))
        let web = FakeWebView()
        let screen = WebScreenModel(url: Self.page)
        screen.attach { web.effects.append($0) }
        let first = web.newID()
        screen.handle(.started(first, url: Self.page))
        let guide = "https://app.example.com/guide/"
        let notes = "https://app.example.com/notes/"
        let notesDecision = LinkDecision.native(.init(destination: "notes", params: [:]))
        #expect(screen.decide(guide, kind: .link, using: navigation) == .load)
        #expect(screen.decide(notes, kind: .link, using: navigation) == .replace(notesDecision))
        #expect(
            screen.decide("https://elsewhere.example/", kind: .link, using: navigation)
                == .leave(.refused(.redirectNotInternal)))
        // Once the page committed, the same links are the person's: pushed.
        screen.handle(.committed(first, url: Self.page))
        #expect(
            screen.decide(guide, kind: .link, using: navigation)
                == .push(.web(.init(destination: "guide", params: [:]))))
        #expect(screen.decide(notes, kind: .link, using: navigation) == .push(notesDecision))
    }

    @Test("a form's redirect, asked again as a form submission while provisional, lands the form")
    func provisionalFormSubmissionIsItsRedirect() throws {
        // WebKit asks the policy for a form's 303 with the form's navigation type (WebKitGTK's
        // decide-policy shows `form-submitted`, marked as a redirect: `make webkit-questions`).
        let navigation = WebScreenNavigation(router: LinkRouter(manifest: try WebScreenNavigationTests.manifest()))
        let web = FakeWebView()
        let screen = WebScreenModel(url: Self.page)
        screen.attach { web.effects.append($0) }
        let opened = web.newID()
        screen.handle(.started(opened, url: Self.page))
        screen.handle(.committed(opened, url: Self.page))
        screen.handle(.finished(opened))
        let guide = "https://app.example.com/guide/"
        #expect(screen.decide(guide, kind: .formSubmission, using: navigation) == .load, "the POST itself")
        let posted = web.newID()
        screen.handle(.started(posted, url: guide))
        let landing = "https://app.example.com/releases/2.0"
        let release = LinkDecision.web(.init(destination: "releaseNotes", params: ["version": .string("2.0")]))
        #expect(
            screen.decide(landing, kind: .formSubmission, using: navigation) == .submitted(release),
            "the 303 lands the form on another screen, as the redirect callback decides it")
        #expect(screen.decide(landing, kind: .redirect, using: navigation) == .submitted(release))
    }

    @Test("the screen's own load is loaded in place; other links are decided by the navigation rules")
    func ownLoadInPlace() async throws {
        let manifest = try WebScreenNavigationTests.manifest()
        let navigation = WebScreenNavigation(router: LinkRouter(manifest: manifest))
        let web = FakeWebView()
        let screen = WebScreenModel(url: Self.page)
        screen.attach { web.effects.append($0) }
        let other = "https://app.example.com/notes/"
        #expect(screen.decide(Self.page, kind: .link, using: navigation) == .load)
        #expect(
            screen.decide(other, kind: .link, using: navigation)
                == .push(.native(.init(destination: "notes", params: [:]))))
        screen.handle(.started(web.newID(), url: Self.page))
        // Once started, the same URL is the shown page's: still in place; a new window never is.
        #expect(screen.decide(Self.page, kind: .link, using: navigation) == .load)
        #expect(screen.decide(Self.page, kind: .newWindow, using: navigation) != .load)
    }
}
