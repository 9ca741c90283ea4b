import Foundation
import RastrilloNative
import Testing

@testable import CompanionCore

/// The release-notes page asks native which version the server runs (`compareRelease`) and hears
/// `serverChecked`: messages go through a `BridgeDispatcher` built from the companion's manifest,
/// decoded into the generated types, answered by ``CompanionModel/compareRelease(_:)``.
@MainActor
@Suite("Companion web screen bridge")
struct WebScreenBridgeTests {
    /// The main frame of the manifest's internal origin, as WebKit reports it (port 0: the default).
    static let page = BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com", port: 0)
    /// What the generated module posts first: `JSON.stringify` of its hello.
    static let hello =
        #"{"protocol":1,"type":"hello","id":"m1","versions":[1],"actions":["compareRelease"],"events":["serverChecked"]}"#

    /// One conversation recorded byte for byte in `Tests/web-screen-wire.json`; the page's node
    /// test (examples/companion-web) checks the generated module against the same file.
    struct Wire: Decodable {
        let release, serverVersion, hello, welcome, request, reply, event, eventScript: String

        static func load() throws -> Wire {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("web-screen-wire.json")
            return try JSONDecoder().decode(Wire.self, from: Data(contentsOf: url))
        }
    }

    /// What the generated module posts for `send("compareRelease", payload)`.
    static func request(_ payloadJSON: String, id: String = "m2") -> String {
        #"{"protocol":1,"type":"request","id":"\#(id)","action":"compareRelease","payload":\#(payloadJSON)}"#
    }

    /// A model whose checks answer `answers` in turn, and the dispatcher the web screen builds for it.
    private func screen(_ answers: [Result<ServerVersion, ServerVersionError>]) -> (
        CompanionModel, BridgeDispatcher, CompanionModelTests.ScriptedChecker
    ) {
        let scripted = CompanionModelTests.ScriptedChecker(answers)
        let model = CompanionModel(store: .inMemory("https://rastrillo.example"), checker: scripted.checker)
        let dispatcher = BridgeDispatcher(manifest: GeneratedManifest.manifest)
        // The same registration as Sources/WebScreen.swift.
        dispatcher.handle(BridgeActions.CompareRelease.self) { query in try await model.compareRelease(query) }
        return (model, dispatcher, scripted)
    }

    private func object(_ json: String) throws -> NSDictionary {
        try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary, "not an object: \(json)")
    }

    private func version(_ text: String) throws -> ServerVersion { try ServerVersion(body: Array(text.utf8)) }

    @Test("the recorded conversation: native answers the module's exact messages with the exact texts")
    func recordedConversation() async throws {
        let wire = try Wire.load()
        #expect(wire.hello == Self.hello)
        #expect(wire.request == Self.request(#"{"release":"\#(wire.release)"}"#))
        let (model, dispatcher, _) = screen([.success(try version(wire.serverVersion))])
        #expect(await dispatcher.receive(wire.hello, from: Self.page) == wire.welcome)
        #expect(await dispatcher.receive(wire.request, from: Self.page) == wire.reply)
        #expect(try dispatcher.eventEnvelope(BridgeEvents.ServerChecked.self, model.status.check) == wire.event)
        #expect(try dispatcher.eventScript(BridgeEvents.ServerChecked.self, model.status.check) == wire.eventScript)
    }

    @Test("the page's hello is welcomed with the manifest's action and event")
    func handshake() async throws {
        let (_, dispatcher, _) = screen([])
        let welcome = try object(await dispatcher.receive(Self.hello, from: Self.page))
        #expect(
            welcome
                == [
                    "protocol": 1, "type": "welcome", "id": "m1", "version": 1, "actions": ["compareRelease"],
                    "events": ["serverChecked"],
                ])
    }

    @Test("never checked: native checks once, then answers with the server's version and the match")
    func firstAnswerChecksOnce() async throws {
        let (model, dispatcher, scripted) = screen([.success(try version("v1.4.0"))])
        _ = await dispatcher.receive(Self.hello, from: Self.page)
        let reply = try object(await dispatcher.receive(Self.request(#"{"release":"1.4.0"}"#), from: Self.page))
        #expect(
            reply
                == [
                    "protocol": 1, "type": "reply", "id": "m2",
                    "payload": ["check": "reachable", "version": "v1.4.0", "match": "thisRelease"],
                ])
        #expect(await scripted.calls == ["https://rastrillo.example"])
        // Asked again: the answer comes from the last check, no new request to the server.
        let again = try object(
            await dispatcher.receive(Self.request(#"{"release":"1.5.0"}"#, id: "m3"), from: Self.page))
        #expect(
            again["payload"] as? NSDictionary == ["check": "reachable", "version": "v1.4.0", "match": "otherVersion"])
        #expect(await scripted.calls.count == 1)
        #expect(model.status == .reachable(try version("v1.4.0")))
    }

    @Test("a failed check answers its state, no version, match unknown")
    func failedCheck() async throws {
        let url = try #require(URL(string: "https://rastrillo.example/api/version"))
        let (_, dispatcher, _) = screen([.failure(.unreachable(url, reason: "connection refused"))])
        let reply = try object(await dispatcher.receive(Self.request(#"{"release":"1.4.0"}"#), from: Self.page))
        #expect(reply["payload"] as? NSDictionary == ["check": "unreachable", "match": "unknown"])
    }

    nonisolated static let matches: [(server: String, release: String, match: ReleaseMatch)] = [
        ("v1.4.0", "1.4.0", .thisRelease),
        ("v1.4.0", "v1.4.0", .thisRelease),
        ("1.4.0", "v1.4.0", .thisRelease),
        ("2026-11-30 build", "2026-11-30 build", .thisRelease),
        ("v1.4.0-dirty", "1.4.0", .basedOnThisRelease),
        ("v1.4.0-3-g1a2b3c4", "1.4.0", .basedOnThisRelease),
        ("v1.4.0-3-g1a2b3c4-dirty", "v1.4.0", .basedOnThisRelease),
        ("v1.5.0", "1.4.0", .otherVersion),
        ("v1.4.0-rc.1", "1.4.0", .otherVersion),
        ("v1.4.0-3-g1a2b3c4", "1.4", .otherVersion),
        ("V1.4.0", "1.4.0", .otherVersion),
        ("vv1.4.0", "v1.4.0", .otherVersion),
        ("dev", "dev", .otherVersion),
        ("1a2b3c4", "1a2b3c4", .otherVersion),
    ]

    @Test("how the server's version relates to the page's release", arguments: matches)
    func match(server: String, release: String, expected: ReleaseMatch) throws {
        #expect(ReleaseMatch(server: try version(server), release: release) == expected)
    }

    @Test("an empty or overlong release is an action-failed reply naming the rule; no check runs")
    func invalidRelease() async throws {
        let (_, dispatcher, scripted) = screen([])
        let long = String(repeating: "9", count: CompanionModel.maximumReleaseLength + 1)
        for payload in [#"{"release":""}"#, #"{"release":"\#(long)"}"#] {
            let reply = try object(await dispatcher.receive(Self.request(payload), from: Self.page))
            let error = try #require(reply["error"] as? NSDictionary)
            #expect(error["code"] as? String == "action-failed")
            #expect((error["message"] as? String)?.contains("/releases/{version}") == true)
        }
        #expect(await scripted.calls.isEmpty)
    }

    @Test("payloads that do not match ReleaseQuery are refused before the model sees them")
    func invalidPayload() async throws {
        let (_, dispatcher, scripted) = screen([])
        for payload in [
            #"{"release":140}"#, #"{"release":"1.4.0","origin":"https://app.example.com"}"#, #"{}"#, "null",
        ] {
            let reply = try object(await dispatcher.receive(Self.request(payload), from: Self.page))
            #expect((reply["error"] as? NSDictionary)?["code"] as? String == "invalid-payload", "\(payload)")
        }
        #expect(await scripted.calls.isEmpty)
    }

    @Test("a subframe or a foreign origin is refused, whatever the message says")
    func untrusted() async throws {
        let (_, dispatcher, scripted) = screen([])
        let frames = [
            BridgeFrame(isMainFrame: false, scheme: "https", host: "app.example.com", port: 0),
            BridgeFrame(isMainFrame: true, scheme: "https", host: "app.example.com.evil.example", port: 0),
            BridgeFrame(isMainFrame: true, scheme: "http", host: "app.example.com", port: 0),
        ]
        for frame in frames {
            let reply = try object(await dispatcher.receive(Self.request(#"{"release":"1.4.0"}"#), from: frame))
            #expect((reply["error"] as? NSDictionary)?["code"] as? String == "untrusted-sender", "\(frame)")
        }
        #expect(await scripted.calls.isEmpty)
    }

    @Test("serverChecked carries the status's state, once the page said hello")
    func event() async throws {
        let (model, dispatcher, _) = screen([.success(try version("dev"))])
        #expect(throws: BridgeEventRefusal.pageNotReady(event: "serverChecked")) {
            try dispatcher.eventEnvelope(BridgeEvents.ServerChecked.self, model.status.check)
        }
        _ = await dispatcher.receive(Self.hello, from: Self.page)
        await model.refresh()
        let envelope = try object(try dispatcher.eventEnvelope(BridgeEvents.ServerChecked.self, model.status.check))
        #expect(envelope == ["protocol": 1, "type": "event", "name": "serverChecked", "payload": "reachable"])
    }

    @Test("every status has its own ServerCheck, and every ServerCheck is some status's")
    func checks() throws {
        let statuses: [ServerStatus] = [
            .notChecked, .checking, .reachable(try version("dev")), .unreachable("m"), .notRastrillo("m"),
            .insecureAddress("m"), .invalidAddress("m"),
        ]
        #expect(Set(statuses.map(\.check)) == Set(ServerCheck.allCases))
        #expect(statuses.count == ServerCheck.allCases.count)
    }
}
