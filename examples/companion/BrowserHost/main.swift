// The native side of the web-screen browser harness (tools/web-screen-harness/harness.py).
//
// It runs what the WebKit adapter (`WebViewBridge`) runs, with the companion's own model:
// a `BridgeDispatcher` built from the companion's manifest with the `compareRelease` handler
// registered exactly as Sources/WebScreen.swift registers it, the `WebScreenNavigationPolicy`
// from the model's router, and `followFromWebScreen` for every navigation the policy cancels.
// The harness stands in for WebKit: it reads frame facts from Chromium (DevTools) and sends
// them here, one JSON object per line on stdin; each answer is one JSON line on stdout.
//
//   {"op":"message","body":"…","frame":{"main":true,"scheme":"https","host":"…","port":0}}
//   {"op":"message","nonText":"a number","frame":{…}}
//   {"op":"navigate","url":"…","main":true,"redirect":false}
//   {"op":"event"}        checks the server again, then the `serverChecked` event script
//   {"op":"document"}     the main frame committed another document
//   {"op":"refusals"}     every refusal reported to the diagnostics hook so far
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

/// One web screen's native side: the model, its dispatcher and its navigation policy.
@MainActor
final class Host {
    let model: CompanionModel
    let dispatcher: BridgeDispatcher
    let navigation: WebScreenNavigationPolicy
    let log: RefusalLog

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
        self.navigation = WebScreenNavigationPolicy(router: model.router)
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
        case "message":
            guard let frame = Self.frame(request["frame"]) else {
                return ["error": "message needs frame {main, scheme, host, port}: \(line)"]
            }
            if let body = request["body"] as? String {
                return ["reply": await dispatcher.receive(body, from: frame)]
            }
            return ["reply": dispatcher.receive(nonText: request["nonText"] as? String ?? "unknown", from: frame)]
        case "navigate":
            guard let url = request["url"] as? String, let main = request["main"] as? Bool,
                let redirect = request["redirect"] as? Bool
            else {
                return ["error": "navigate needs url, main and redirect: \(line)"]
            }
            switch navigation.decide(url: url, isMainFrame: main, isRedirect: redirect) {
            case .allow:
                return ["allow": true]
            case .cancel(let decision):
                guard let target = URL(string: url) else {
                    return ["allow": false, "link": decision.name, "outcome": "not a URL"]
                }
                return [
                    "allow": false, "link": decision.name,
                    "outcome": Self.describe(model.followFromWebScreen(target, decision: decision)),
                ]
            }
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
                    }
                }
            ]
        default:
            return ["error": "unknown op \(op)"]
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
        case .showWeb(let screen): return "show web \(screen)"
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
