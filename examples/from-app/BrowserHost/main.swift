// The native side of the notes companion in the headless-Chromium harness
// (tools/web-screen-harness). The protocol is PROTOCOL.md in this folder.
//
// It runs the notes companion's real core: `NotesModel` (its stack and sheet, one
// `WebScreenModel` per screen with `PageCommands`, the shared `WebScreenNavigation`). The harness
// stands in for WebKit: it reports frame facts and load events and carries out the effects.
// Nothing is decided here: each line becomes a NotesModel call, and the answer is NotesModel's
// state as JSON.
//
// Usage: notes-browser-host [--session auth [--keymail-servers host,…]] (the notes companion's own
// manifest; with --session auth its session is Rastrillo auth, for the web app's -signin auth).

import Foundation
import RastrilloNative

@testable import NotesCore

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

@MainActor
final class Host {
    let model: NotesModel
    let log: RefusalLog
    /// Effects not handed over yet, in order.
    var effects: [[String: Any]] = []
    /// Who waits for a screen's next effect (a reload the model started on a later turn).
    var effectWaiters: [(screen: Int, resume: () -> Void)] = []
    /// Every keymail attempt an `authenticate` effect handed out, by id: `keymailEnded` reports
    /// the attempt it names, as the Apple adapter reports the attempt it ran, and the core
    /// decides whether it is still the one under way.
    var attempts: [UInt64: KeymailAttempt] = [:]

    init(manifest: AppManifest) {
        let log = RefusalLog()
        self.log = log
        model = NotesModel(manifest: manifest, diagnostics: RefusalDiagnostics { log.append($0) })
        model.screenChanges = { [weak self] change in self?.changed(change) }
    }

    /// The harness's side of the web views: an opened screen's page is attached (it loads its
    /// URL), a closed one's page is closed.
    private func changed(_ change: NotesModel.ScreenChange) {
        switch change {
        case .opened(let screen):
            let id = screen.id
            screen.page.attach { [weak self] effect in self?.record(id, effect) }
        case .closed(let screen):
            append(screen.id, ["screen": screen.id, "close": true])
        }
    }

    private func record(_ screen: Int, _ effect: WebScreenEffect) {
        switch effect {
        case .load(let url): append(screen, ["screen": screen, "load": url])
        case .reload: append(screen, ["screen": screen, "reload": true])
        case .invokePageAction(let offer):
            append(
                screen,
                [
                    "screen": screen,
                    "invoke": [
                        "target": offer.target, "method": offer.method.rawValue, "url": offer.url,
                        "submitter": offer.submitter.map { ["name": $0.name, "value": $0.value] as Any } ?? NSNull(),
                        "fields": offer.fields,
                    ],
                ])
        case .authenticate(let attempt):
            attempts[attempt.id] = attempt
            let authorization = attempt.authorization
            append(
                screen,
                [
                    "screen": screen,
                    "authenticate": [
                        "attempt": attempt.id, "url": authorization.url, "callbackHost": authorization.callbackHost,
                        "callbackPath": authorization.callbackPath, "state": authorization.state,
                        "ephemeral": authorization.prefersEphemeralSession,
                    ] as [String: Any],
                ])
        case .cancelAuthentication(let attempt):
            append(screen, ["screen": screen, "cancelAuthentication": attempt.id])
        case .loadSettled: break  // never handed to the web view
        }
    }

    private func append(_ screen: Int, _ effect: [String: Any]) {
        effects.append(effect)
        let ready = effectWaiters.filter { $0.screen == screen }
        effectWaiters.removeAll { $0.screen == screen }
        for waiter in ready { waiter.resume() }
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
        let reloadsBefore = model.reloads.count
        var answer: [String: Any]
        switch op {
        case "launch":
            model.launch()
            answer = [:]
        case "navigate":
            guard let screen = screen(request) else { return unknownScreen(line) }
            guard let url = request["url"] as? String, let kindName = request["kind"] as? String,
                let kind = Self.kinds[kindName]
            else {
                return ["error": "navigate needs screen, url and kind (one of \(Self.kinds.keys.sorted())): \(line)"]
            }
            let action = model.navigate(url, kind: kind, on: screen)
            answer = ["action": Self.name(of: action)]
            // Where a URL that leaves goes: `in-app-browser`, `external` or `refused` (and why).
            if case .leave(let decision) = action {
                answer["decision"] = decision.name
                if case .refused(let refusal) = decision { answer["refusal"] = refusal.code }
            }
        case "screen":
            guard let screen = screen(request) else { return unknownScreen(line) }
            guard let object = request["event"] as? [String: Any], let event = Self.event(object) else {
                return ["error": "screen needs an event {type, …} the adapter sends: \(line)"]
            }
            screen.page.handle(event)
            answer = [:]
        case "pageActions":
            guard let screen = screen(request) else { return unknownScreen(line) }
            guard let body = request["body"] as? String, let frame = Self.frame(request["frame"]) else {
                return ["error": "pageActions needs body (text) and frame {main, scheme, host, port}: \(line)"]
            }
            switch screen.page.receivePageActions(body, from: frame) {
            case .success(let offers): answer = ["accepted": offers.map(Self.json)]
            case .failure(let refusal): answer = ["accepted": [], "refused": refusal.description]
            }
        case "command":
            guard let id = request["id"] as? String, let command = Command(rawValue: id) else {
                return ["error": "command needs an id, one of \(Command.allCases.map(\.rawValue)): \(line)"]
            }
            if let choice = request["choice"] as? [String: String] {
                // One of a command's choices, by its params (string values: the locale switch).
                answer = Self.json(model.request(command, choice: LinkParams(choice.mapValues { .string($0) })))
            } else {
                answer = Self.json(model.request(command))
            }
        case "confirm":
            guard let accept = request["accept"] as? Bool else {
                return ["error": "confirm needs accept (true or false): \(line)"]
            }
            answer = Self.json(model.confirm(accept))
        case "retry":
            guard let screen = screen(request) else { return unknownScreen(line) }
            model.retry(screen)
            answer = [:]
        case "signIn":
            guard let screen = screen(request) else { return unknownScreen(line) }
            model.signIn(for: screen)
            answer = [:]
        case "back":
            model.back()
            answer = [:]
        case "dismissSheet":
            model.dismissSheet()
            answer = [:]
        case "state":
            answer = [:]
        case "refusals":
            return ["refusals": log.all.map(Self.json)]
        case "keymailEnded":
            guard let screen = screen(request) else { return unknownScreen(line) }
            guard let id = request["attempt"] as? Int, let outcome = Self.outcome(request) else {
                return [
                    "error":
                        "keymailEnded needs attempt (the id of its authenticate effect) and outcome (callback with "
                        + "url, cancelled, failed with reason, unavailable): \(line)"
                ]
            }
            guard id >= 0, let attempt = attempts[UInt64(id)] else {
                return ["error": "keymailEnded: no authenticate effect had attempt \(id): \(line)"]
            }
            answer = ["completion": Self.json(screen.page.keymailEnded(attempt, outcome, using: model.navigation))]
        case "openURL":
            guard let text = request["url"] as? String, let url = URL(string: text) else {
                return ["error": "openURL needs url (an incoming link): \(line)"]
            }
            model.open(url)
            answer = [:]
        case "pasteSignInLink":
            guard let text = request["text"] as? String else {
                return ["error": "pasteSignInLink needs text (what the person pasted): \(line)"]
            }
            answer = ["refused": model.pasteSignInLink(text)?.description ?? NSNull()]
        default:
            return [
                "error":
                    "unknown op \(op); use launch, navigate, screen, pageActions, command, confirm, retry, "
                    + "signIn, back, dismissSheet, state, refusals, keymailEnded, openURL or pasteSignInLink"
            ]
        }
        await awaitReloads(from: reloadsBefore)
        answer["effects"] = effects
        effects = []
        answer["state"] = state()
        return answer
    }

    /// Reloads the model started during this request ask the web view on a later turn of the
    /// main actor (through the screen's runner): wait for each one's effect, or its end.
    private func awaitReloads(from index: Int) async {
        for reload in model.reloads.dropFirst(index) {
            let screen = reload.screen
            let asked = effects.contains { effect in
                effect["screen"] as? Int == screen && (effect["reload"] != nil || effect["load"] != nil)
            }
            if asked { continue }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let once = Once { continuation.resume() }
                effectWaiters.append((screen, once.run))
                Task { @MainActor in
                    await reload.task.value
                    once.run()
                }
            }
        }
    }

    private func screen(_ request: [String: Any]) -> NotesScreen? {
        (request["screen"] as? Int).flatMap(model.screen)
    }

    private func unknownScreen(_ line: String) -> [String: Any] {
        let open = model.screens.map(\.id)
        return ["error": "no open screen with that \"screen\" (open: \(open)); send launch first: \(line)"]
    }

    // MARK: State

    private func state() -> [String: Any] {
        [
            "stack": model.stack.map(json),
            "sheet": model.sheet.map(json) ?? NSNull(),
            "visible": model.visible?.id ?? NSNull(),
            "commands": model.commandStates.map(Self.json),
            "confirmation": model.confirmation.map { pending -> [String: Any] in
                ["command": pending.confirmation.offer.command, "titleKey": pending.confirmation.titleKey]
            } ?? NSNull(),
            "leftApp": model.leftApp.map { ["url": $0.url, "how": $0.how.rawValue] },
        ]
    }

    private func json(_ screen: NotesScreen) -> [String: Any] {
        var object: [String: Any] = [
            "screen": screen.id,
            "destination": screen.screen.destination?.id ?? NSNull(),
            "params": Self.json(screen.screen.destination?.params ?? [:]),
            "url": screen.url,
            "title": screen.title(fallback: screen.screen.titleKey),
            "role": screen.role == .signIn ? "signIn" : "content",
        ]
        switch ScreenPresentation(screen.page.display) {
        case .loading: object["display"] = "loading"
        case .content: object["display"] = "content"
        case .failed(let failure):
            object["display"] = "failed"
            object["failure"] = failure.name
            if let status = failure.status { object["status"] = status }
        case .signInRequired: object["display"] = "signInRequired"
        }
        return object
    }

    static func json(_ state: CommandState) -> [String: Any] {
        let availability: String
        switch state.availability {
        case .available: availability = "available"
        case .unavailable: availability = "unavailable"
        case .ambiguous: availability = "ambiguous"
        }
        return [
            "id": state.command.rawValue,
            "enabled": state.isEnabled,
            "availability": availability,
            "placements": state.metadata.placements.map(\.rawValue),
            "shortcut": state.metadata.shortcut?.description ?? NSNull(),
            "role": state.metadata.role?.rawValue ?? NSNull(),
            "choices": state.choices.map { json($0.params.dictionary) },
        ]
    }

    static func json(_ request: PageCommandRequest) -> [String: Any] {
        switch request {
        case .invoke: return ["request": "invoke"]
        case .unavailable: return ["request": "unavailable"]
        case .ambiguous: return ["request": "ambiguous"]
        case .confirm(let confirmation):
            return [
                "request": "confirm",
                "confirmation": ["command": confirmation.offer.command, "titleKey": confirmation.titleKey],
            ]
        }
    }

    static func json(_ offer: PageCommandOffer) -> [String: Any] {
        ["command": offer.command, "params": json(offer.params.dictionary), "target": offer.target]
    }

    static func json(_ params: [String: LinkValue]) -> [String: Any] {
        params.mapValues { value -> Any in
            switch value {
            case .string(let text): return text
            case .int(let number): return number
            case .bool(let flag): return flag
            case .double(let number): return number
            case .uuid(let uuid): return uuid.uuidString.lowercased()
            }
        }
    }

    static func json(_ event: RefusalDiagnostics.Event) -> [String: Any] {
        switch event {
        case .bridge: return ["kind": "bridge", "text": event.description]
        case .link: return ["kind": "link", "text": event.description]
        case .pageAction: return ["kind": "pageAction", "text": event.description]
        case .signIn: return ["kind": "signIn", "text": event.description]
        }
    }

    static func outcome(_ request: [String: Any]) -> KeymailOutcome? {
        switch request["outcome"] as? String {
        case "callback": return (request["url"] as? String).map { .callback($0) }
        case "cancelled": return .cancelled
        case "failed": return .failed(request["reason"] as? String ?? "failed")
        case "unavailable": return .unavailable
        default: return nil
        }
    }

    static func json(_ completion: KeymailCompletion) -> [String: Any] {
        switch completion {
        case .loadingCallback(let url): return ["loadingCallback": url]
        case .sendingALinkInstead(let url, let reason): return ["sendingALinkInstead": url, "because": reason]
        case .ignored: return ["ignored": true]
        }
    }

    static func name(of action: WebScreenNavigation.Action) -> String {
        switch action {
        case .load: return "load"
        case .push: return "push"
        case .replace: return "replace"
        case .leave: return "leave"
        case .submitted: return "submitted"
        case .signIn: return "signIn"
        case .signInEnded: return "signInEnded"
        case .signedOut: return "signedOut"
        case .authenticate: return "authenticate"
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
}

/// Runs its closure once, however often ``run()`` is called.
@MainActor
final class Once {
    private var body: (() -> Void)?

    init(_ body: @escaping () -> Void) { self.body = body }

    func run() {
        let body = self.body
        self.body = nil
        body?()
    }
}

/// `notes-browser-host [--session auth [--keymail-servers host,host:port]]`: the notes manifest as
/// shipped (password sign-in), or with a Rastrillo `auth` session for the web app's `-signin auth`.
@MainActor func hostManifest(_ arguments: [String]) -> AppManifest? {
    switch arguments {
    case []: return GeneratedManifest.manifest
    case ["--session", "auth"]: return NotesModel.authManifest(keymailServers: nil)
    case let arguments where arguments.count == 4 && arguments[0...2] == ["--session", "auth", "--keymail-servers"]:
        return NotesModel.authManifest(keymailServers: arguments[3].split(separator: ",").map(String.init))
    default: return nil
    }
}
guard let manifest = hostManifest(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(
        Data("usage: notes-browser-host [--session auth [--keymail-servers host[:port],…]]\n".utf8))
    exit(2)
}
let host = Host(manifest: manifest)
let reader = Task.detached {
    while let line = readLine(strippingNewline: true) {
        let answer = await host.handle(line)
        FileHandle.standardOutput.write(Data((answer + "\n").utf8))
    }
}
await reader.value
