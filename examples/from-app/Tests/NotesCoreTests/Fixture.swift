import RastrilloNative
import Testing

@testable import NotesCore

/// A notes model whose web views are fakes: each opened screen's page is attached and records
/// its effects, and the test plays WebKit's callbacks in WebKit's order (start, response
/// status, commit, finish; a redirect is asked as a main-frame link while the navigation is
/// provisional). No timers: a reload the model starts is completed by the fake when the test
/// asks for it (``completeLoads``) and awaited through ``NotesModel/reloads``.
@MainActor
final class Fixture {
    /// The generated manifest's first origin, which the pages are served from.
    static let origin = GeneratedManifest.manifest.origins[0].primary.description
    /// `path` on ``origin``.
    static func url(_ path: String) -> String { origin + path }
    /// The main frame of a page on ``origin``, as the WebKit adapter reports it.
    static let mainFrame: BridgeFrame = {
        let primary = GeneratedManifest.manifest.origins[0].primary
        return BridgeFrame(isMainFrame: true, scheme: primary.scheme, host: primary.host, port: primary.port)
    }()

    let model: NotesModel
    /// Every effect each screen's page asked for, by screen id, in order.
    var effects: [Int: [WebScreenEffect]] = [:]
    /// The screens opened and closed, by id, in order.
    var opened: [Int] = []
    var closed: [Int] = []
    /// Whether a `load` or `reload` the pages ask for now completes (start, commit, finish) on
    /// the next turn of the main actor, as a web view would.
    var completeLoads = false
    private var lastNavigation: UInt64 = 0
    /// Who waits for a screen's next effect.
    private var effectWaiters: [(screen: Int, continuation: CheckedContinuation<WebScreenEffect, Never>)] = []

    init(manifest: AppManifest = GeneratedManifest.manifest) {
        model = NotesModel(manifest: manifest)
        model.screenChanges = { [weak self] change in
            guard let self else { return }
            switch change {
            case .opened(let screen):
                opened.append(screen.id)
                let id = screen.id
                let page = screen.page
                page.attach { [weak self, weak page] effect in
                    guard let self else { return }
                    effects[id, default: []].append(effect)
                    let ready = effectWaiters.filter { $0.screen == id }
                    effectWaiters.removeAll { $0.screen == id }
                    for waiter in ready { waiter.continuation.resume(returning: effect) }
                    guard completeLoads, let page else { return }
                    let target: String
                    switch effect {
                    case .load(let url): target = url
                    case .reload: target = page.machine.url
                    default: return
                    }
                    let navigation = nextNavigation()
                    Task { @MainActor in
                        page.handle(.started(navigation, url: target))
                        page.handle(.committed(navigation, url: target))
                        page.handle(.finished(navigation))
                    }
                }
            case .closed(let screen):
                closed.append(screen.id)
            }
        }
    }

    func nextNavigation() -> WebNavigationID {
        lastNavigation += 1
        return WebNavigationID(lastNavigation)
    }

    /// Launches the app and loads the start screen's page (``NotesModel/start``'s URL).
    @discardableResult
    func launched() -> NotesScreen {
        model.launch()
        let start = model.stack[0]
        load(start, start.url)
        return start
    }

    /// A whole load of `url` in `screen`: start, the response's status, commit, finish.
    func load(_ screen: NotesScreen, _ url: String, status: Int = 200) {
        let navigation = nextNavigation()
        screen.page.handle(.started(navigation, url: url))
        screen.page.handle(.httpStatus(status))
        screen.page.handle(.committed(navigation, url: url))
        screen.page.handle(.finished(navigation))
    }

    /// The page-actions script reports these forms and links of `screen`'s page.
    @discardableResult
    func offer(_ screen: NotesScreen, _ offers: [(method: String, path: String)]) -> [PageCommandOffer] {
        offer(screen, offers.map { ($0.method, $0.path, nil, [:]) })
    }

    /// As the other `offer`, each offer with its submit button's pair and its
    /// bound fields' values.
    @discardableResult
    func offer(
        _ screen: NotesScreen,
        _ offers: [(method: String, path: String, submitter: ManifestPageAction.Submitter?, fields: [String: String])]
    ) -> [PageCommandOffer] {
        let items = offers.enumerated().map { index, offer in
            var item = #"{"target":\#(index),"method":"\#(offer.method)","url":"\#(Self.url(offer.path))""#
            if let submitter = offer.submitter {
                item += #","submitter":{"name":"\#(submitter.name)","value":"\#(submitter.value)"}"#
            }
            if !offer.fields.isEmpty {
                item +=
                    #","fields":{"#
                    + offer.fields.sorted { $0.key < $1.key }.map { #""\#($0.key)":"\#($0.value)""# }
                    .joined(separator: ",") + "}"
            }
            return item + "}"
        }
        let report = #"{"v":1,"offers":["# + items.joined(separator: ",") + "]}"
        return (try? screen.page.receivePageActions(report, from: Self.mainFrame).get()) ?? []
    }

    /// The person follows a link of `screen`'s page to `path`.
    @discardableResult
    func follow(_ screen: NotesScreen, _ path: String) -> WebScreenNavigation.Action {
        model.navigate(Self.url(path), kind: .link, on: screen)
    }

    /// `screen`'s page submits a form to `path` and the submission starts loading.
    func submit(_ screen: NotesScreen, _ path: String) {
        let action = model.navigate(Self.url(path), kind: .formSubmission, on: screen)
        #expect(action == .load, "a form posts in place")
        screen.page.handle(.started(nextNavigation(), url: Self.url(path)))
    }

    /// The submission under way in `screen` is answered with a 303 to `path`: WebKit asks the
    /// policy for it as a main-frame link while the navigation is provisional.
    @discardableResult
    func redirect(_ screen: NotesScreen, to path: String) -> WebScreenNavigation.Action {
        model.navigate(Self.url(path), kind: .link, on: screen)
    }

    /// The navigation under way in `screen` is answered at `url` with `status` (a re-render, a 403).
    func answer(_ screen: NotesScreen, _ url: String, status: Int) {
        guard let navigation = screen.page.machine.currentNavigation else {
            Issue.record("no navigation under way")
            return
        }
        screen.page.handle(.httpStatus(status))
        screen.page.handle(.committed(navigation, url: url))
        screen.page.handle(.finished(navigation))
    }

    /// Waits for every reload the model started since `index`, completing their loads.
    func awaitReloads(from index: Int) async {
        completeLoads = true
        defer { completeLoads = false }
        for reload in model.reloads.dropFirst(index) {
            await reload.task.value
        }
    }

    /// The next effect `screen`'s page asks for (a reload the model started asks on a later turn
    /// of the main actor, through the screen's runner).
    func nextEffect(of screen: NotesScreen) async -> WebScreenEffect {
        await withCheckedContinuation { effectWaiters.append((screen.id, $0)) }
    }

    /// The screens of the stack, as what they show.
    var stack: [Screen] { model.stack.map(\.screen) }
}
