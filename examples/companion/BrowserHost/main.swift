// The native side of the web-screen browser harness (tools/web-screen-harness).
//
// It runs what the WebKit adapter (`WebViewBridge`) runs, with the companion's own model:
// a `BridgeDispatcher` built from the companion's manifest with the `compareRelease` handler
// registered exactly as Sources/WebScreen.swift registers it, one `WebScreenModel` per opened
// screen (state machine, reload through its `CoalescedRunner`), `WebScreenNavigation` from the
// model's router for every navigation, and `followFromWebScreen(_:action:in:)` for every navigation
// it does not load in place. The harness stands in for WebKit: it reads frame facts and page
// events from Chromium (DevTools), translates them into the `WebScreenEvent`s the adapter sends,
// and carries out the effects the model asks for. Nothing is decided here: each answer is what
// the model, the state machine or the navigation decided.
//
// One JSON object per line on stdin; each answer is one JSON line on stdout.
//
//   {"op":"open","url":"…"}                     a new web screen for url (the stack starts over)
//   {"op":"navigate","url":"…","kind":"link"}  link, formSubmission, newWindow, redirect, subframe
//   {"op":"screen","event":{"type":"started","navigation":1,"url":"…"}}   a WebScreenEvent
//   {"op":"reload","count":3}                   count reload() calls at once (Retry, ⌘R, pull)
//   {"op":"state","reloads":4}                  the screen's state once `reloads` calls returned
//   {"op":"message","body":"…","frame":{"main":true,"scheme":"https","host":"…","port":0}}
//   {"op":"message","nonText":"a number","frame":{…}}
//   {"op":"event"}        checks the server again, then the `serverChecked` event script
//   {"op":"document"}     the main frame committed another document
//   {"op":"refusals"}     every refusal reported to the diagnostics hook so far
//
// Answers to open, screen and reload carry "effects": what the model asked the web view to do
// ({"load":URL} or {"reload":true}), in order, each handed over once.
//
// Usage: companion-browser-host <server address>  (http://127.0.0.1:PORT: the test server whose
// /api/version the model checks; plain http is allowed for loopback in debug builds).

import Foundation
import RastrilloNative

@testable import CompanionCore

/// Refusals reported to the diagnostics hook, in order.
final class RefusalLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [RefusalDiagnostics.Event] = []

    func append(_ event: RefusalDiagnostics.Event) {
        lock.lock()
        defer { lock.unlock() }
        events.append(event)
    }

    var all: [RefusalDiagnostics.Event] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }
}

/// One web screen's native side: the model, its dispatcher, the screen's model and its navigation.
@MainActor
final class Host {
    let model: CompanionModel
    let dispatcher: BridgeDispatcher
    let navigation: WebScreenNavigation
    let log: RefusalLog
    /// The web screen opened last, and the screen (destination or page) it shows.
    var screen: WebScreenModel?
    var shown: Screen?
    /// Effects the screen asked for that the harness has not been given yet.
    var effects: [WebScreenEffect] = []
    var effectWaiters: [CheckedContinuation<Void, Never>] = []
    /// How many `reload()` calls have returned, and who waits for a count.
    var reloadsReturned = 0
    var reloadWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(address: String) {
        let log = RefusalLog()
        let diagnostics = RefusalDiagnostics { log.append($0) }
        let model = CompanionModel(store: .inMemory(address), diagnostics: diagnostics)
        model.allowsInsecureLocalNetwork = true
        let dispatcher = BridgeDispatcher(manifest: GeneratedManifest.manifest, diagnostics: model.diagnostics)
        // The same registration as Sources/WebScreen.swift.
        dispatcher.handle(BridgeActions.CompareRelease.self) { [model] query in
            try await model.compareRelease(query)
        }
        self.model = model
        self.dispatcher = dispatcher
        self.navigation = WebScreenNavigation(router: model.router)
        self.log = log
    }

    /// Answers one request line with one JSON line (without its line feed).
    func handle(_ line: String) async -> String {
        let answer = await answer(line)
        let data = (try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private func answer(_ line: String) async -> [String: Any] {
        guard let data = line.data(using: .utf8),
            let request = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let op = request["op"] as? String
        else {
            return ["error": "not a JSON object with an \"op\": \(line)"]
        }
        switch op {
        case "open":
            guard let url = request["url"] as? String, let target = URL(string: url) else {
                return ["error": "open needs a url: \(line)"]
            }
            return open(target)
        case "navigate":
            guard let url = request["url"] as? String, let kindName = request["kind"] as? String else {
                return ["error": "navigate needs url and kind: \(line)"]
            }
            guard let kind = Self.kinds[kindName] else {
                return ["error": "navigate: unknown kind \(kindName); use one of \(Self.kinds.keys.sorted())"]
            }
            guard let screen else { return ["error": "navigate before any open: \(line)"] }
            return navigate(url, kind: kind, screen: screen)
        case "screen":
            guard let screen else { return ["error": "screen event before any open: \(line)"] }
            guard let object = request["event"] as? [String: Any], let event = Self.event(object) else {
                return ["error": "screen needs an event {type, …} the adapter sends: \(line)"]
            }
            screen.handle(event)
            return ["effects": drainEffects(), "state": state(of: screen)]
        case "reload":
            guard let screen else { return ["error": "reload before any open: \(line)"] }
            let count = request["count"] as? Int ?? 1
            guard count >= 1 else { return ["error": "reload needs a count of 1 or more: \(line)"] }
            for _ in 0..<count {
                Task { @MainActor in
                    await screen.reload()
                    self.reloadReturned()
                }
            }
            // The runner's pass asks the web view for its load on a later turn of the main actor.
            if effects.isEmpty { await withCheckedContinuation { effectWaiters.append($0) } }
            return ["effects": drainEffects()]
        case "state":
            guard let screen else { return ["error": "state before any open: \(line)"] }
            let count = request["reloads"] as? Int ?? 0
            if reloadsReturned < count {
                await withCheckedContinuation { reloadWaiters.append((count, $0)) }
            }
            return ["state": state(of: screen), "reloadsReturned": reloadsReturned, "stack": stack()]
        case "message":
            guard let frame = Self.frame(request["frame"]) else {
                return ["error": "message needs frame {main, scheme, host, port}: \(line)"]
            }
            if let body = request["body"] as? String {
                return ["reply": await dispatcher.receive(body, from: frame)]
            }
            return ["reply": dispatcher.receive(nonText: request["nonText"] as? String ?? "unknown", from: frame)]
        case "event":
            await model.refresh()
            do {
                return ["script": try dispatcher.eventScript(BridgeEvents.ServerChecked.self, model.status.check)]
            } catch {
                return ["refused": "\(error)"]
            }
        case "document":
            dispatcher.documentDidChange()
            return ["ok": true]
        case "refusals":
            return [
                "refusals": log.all.map { event -> [String: Any] in
                    switch event {
                    case .bridge(let bridge):
                        return [
                            "kind": "bridge", "code": bridge.refusal.code, "frame": bridge.frame.description,
                            "text": event.description,
                        ]
                    case .link:
                        return ["kind": "link", "text": event.description]
                    case .pageAction:
                        return ["kind": "pageAction", "text": event.description]
                    case .signIn:
                        return ["kind": "signIn", "text": event.description]
                    }
                }
            ]
        default:
            return ["error": "unknown op \(op)"]
        }
    }

    /// A new web screen for `target`, as the companion shows one: the stack starts over at the
    /// screen the link opens, and the screen's model asks the web view to load its URL.
    private func open(_ target: URL) -> [String: Any] {
        screen?.handle(.detached)
        effects = []
        let outcome = model.open(target)
        guard case .showWeb(let web) = outcome else {
            return ["error": "open: \(target) is not a web screen (\(Self.describe(outcome)))"]
        }
        let page = WebScreenModel(url: target.absoluteString)
        screen = page
        shown = web
        page.attach { [weak self] effect in self?.record(effect) }
        return ["effects": drainEffects(), "stack": stack()]
    }

    private func navigate(_ url: String, kind: WebScreenNavigation.Kind, screen: WebScreenModel) -> [String: Any] {
        let action = screen.decide(url, kind: kind, using: navigation)
        let name: String
        let decision: LinkDecision?
        switch action {
        case .load: (name, decision) = ("load", nil)
        case .push(let link): (name, decision) = ("push", link)
        case .replace(let link): (name, decision) = ("replace", link)
        case .leave(let link): (name, decision) = ("leave", link)
        case .submitted(let link): (name, decision) = ("submitted", link)
        case .signIn(let link): (name, decision) = ("signIn", link)
        case .signInEnded(let link): (name, decision) = ("signInEnded", link)
        case .signedOut: (name, decision) = ("signedOut", nil)
        case .authenticate: (name, decision) = ("authenticate", nil)
        }
        guard let decision else { return ["action": name, "stack": stack()] }
        guard let target = URL(string: url) else {
            return ["action": name, "link": decision.name, "outcome": "not a URL", "stack": stack()]
        }
        let outcome = model.followFromWebScreen(target, action: action)
        return ["action": name, "link": decision.name, "outcome": Self.describe(outcome), "stack": stack()]
    }

    private func record(_ effect: WebScreenEffect) {
        effects.append(effect)
        let waiters = effectWaiters
        effectWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    private func drainEffects() -> [[String: Any]] {
        defer { effects = [] }
        return effects.compactMap { effect in
            switch effect {
            case .load(let url): return ["load": url]
            case .reload: return ["reload": true]
            case .invokePageAction(let offer): return ["invoke": offer.target]
            case .authenticate(let attempt): return ["authenticate": attempt.id]
            case .cancelAuthentication(let attempt): return ["cancelAuthentication": attempt.id]
            case .loadSettled: return nil  // never handed to the web view
            }
        }
    }

    private func reloadReturned() {
        reloadsReturned += 1
        let ready = reloadWaiters.filter { $0.count <= reloadsReturned }
        reloadWaiters.removeAll { $0.count <= reloadsReturned }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// What the screen shows: the display, the failure view's title key and whether it offers
    /// Retry (`WebFailurePresentation`, as the SwiftUI view reads it), and the navigation title.
    private func state(of screen: WebScreenModel) -> [String: Any] {
        var state: [String: Any] = [
            "url": screen.machine.url,
            "title": screen.navigationTitle(fallback: shown.map(CompanionModel.titleKey(of:)) ?? ""),
        ]
        switch screen.display {
        case .loading(let progress):
            state["display"] = "loading"
            state["progress"] = progress
        case .content(let progress):
            state["display"] = "content"
            if let progress { state["progress"] = progress }
        case .failed(let failure):
            let presentation = WebFailurePresentation(failure)
            state["display"] = "failed"
            state["failure"] = "\(failure)"
            state["failureTitleKey"] = presentation.titleKey
            state["failureMessageKey"] = presentation.messageKey
        case .signInRequired:
            state["display"] = "signInRequired"
        }
        return state
    }

    /// The companion's navigation stack (selection, then pushed screens), as the view shows it.
    private func stack() -> [String] {
        model.stackPath.map { screen in
            switch screen {
            case .destination(let destination): return "\(destination)"
            case .webPage(let url): return "web page \(url.absoluteString)"
            }
        }
    }

    static let kinds: [String: WebScreenNavigation.Kind] = [
        "link": .link, "formSubmission": .formSubmission, "newWindow": .newWindow, "redirect": .redirect,
        "subframe": .subframe,
    ]

    /// The `WebScreenEvent` the harness translated from Chromium's reports; the load error is
    /// classified by RastrilloNative from the NSError domain and code WebKit would report.
    static func event(_ object: [String: Any]) -> WebScreenEvent? {
        let navigation = (object["navigation"] as? Int).map { WebNavigationID(UInt64($0)) }
        let url = object["url"] as? String
        switch object["type"] as? String {
        case "started": return navigation.flatMap { id in url.map { .started(id, url: $0) } }
        case "committed": return navigation.flatMap { id in url.map { .committed(id, url: $0) } }
        case "httpStatus": return (object["status"] as? Int).map { .httpStatus($0) }
        case "progress": return (object["progress"] as? Double).map { .progress($0) }
        case "finished": return navigation.map { .finished($0) }
        case "failed":
            guard let navigation, let domain = object["domain"] as? String, let code = object["code"] as? Int
            else { return nil }
            return .failed(navigation, WebLoadErrorKind(domain: domain, code: code))
        case "titleChanged": return .titleChanged(object["title"] as? String)
        case "processTerminated": return .processTerminated
        default: return nil
        }
    }

    static func frame(_ value: Any?) -> BridgeFrame? {
        guard let object = value as? [String: Any], let main = object["main"] as? Bool,
            let scheme = object["scheme"] as? String, let host = object["host"] as? String,
            let port = object["port"] as? Int
        else { return nil }
        return BridgeFrame(isMainFrame: main, scheme: scheme, host: host, port: port)
    }

    static func describe(_ outcome: LinkOutcome) -> String {
        switch outcome {
        case .navigate(let destination): return "navigate \(destination)"
        case .showWeb(.destination(let destination)): return "show web \(destination)"
        case .showWeb(.webPage(let url)): return "show web page \(url.absoluteString)"
        case .openExternally(let url, let inAppBrowser):
            return "open \(url.absoluteString) in \(inAppBrowser ? "the in-app browser" : "the browser")"
        case .refused(let message): return "refused: \(message)"
        case .stay: return "stay"
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: companion-browser-host <server address>\n".utf8))
    exit(2)
}
let host = Host(address: arguments[1])
let reader = Task.detached {
    while let line = readLine(strippingNewline: true) {
        let answer = await host.handle(line)
        FileHandle.standardOutput.write(Data((answer + "\n").utf8))
    }
}
await reader.value
