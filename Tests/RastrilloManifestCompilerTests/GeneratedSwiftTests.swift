import Foundation
import RastrilloJSON
import RastrilloNative
import Testing

/// Tests of the Swift generated from Tests/ManifestParity/parity-manifest.json
/// (checked in under Generated/, kept fresh by `make manifest-build-check`).
@Suite("Generated Swift")
struct GeneratedSwiftTests {
    static let noteID = UUID(uuidString: "6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f")!

    @Test("init?(url:) reads typed params")
    func readsURLs() throws {
        let url = try #require(
            URL(string: "https://app.example.com/notes/6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f/tags/red"))
        #expect(Destination(url: url) == .noteTag(id: Self.noteID, color: .red))
        #expect(Destination(string: "https://app.example.com/search?q=x&page=2") == .search(q: "x", page: 2))
        #expect(Destination(string: "https://app.example.com/search?q=x") == .search(q: "x", page: nil))
        #expect(Destination(string: "https://app.example.com@evil.com/notes/") == nil)
        #expect(Destination(string: "https://app.example.com/nowhere") == nil)
    }

    @Test(
        "Destination(url: d.url) == d",
        arguments: [
            Destination.home, .notes, .newNote, .note(id: noteID), .noteEdit(id: noteID),
            .noteTag(id: noteID, color: .blue), .docs, .docsSearch, .files(path: "a b/c%d/e"), .files(path: ""),
            .user(userID: -42), .userByName(name: "Ada Lovelace/?#&"), .report(year: 2026, month: 11, format: .csv),
            .report(year: 1, month: 2, format: nil), .billing, .help(topic: "ünïcode"),
            .search(q: "a+b & c=d", page: 3), .flag(enabled: false), .ratio(value: 0.1), .ratio(value: -1e300),
            .version(number: 9_007_199_254_740_991), .versionsAll, .encoded(item: "x"), .settings,
            .settingsSection(section: "general"),
        ])
    func roundTrip(destination: Destination) throws {
        let url = try #require(destination.url)
        #expect(Destination(url: url) == destination, "\(url)")
    }

    @Test("Destination is Codable")
    func codable() throws {
        let value = Destination.report(year: 2026, month: 11, format: .pdf)
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(Destination.self, from: data) == value)
    }

    @Test("commands carry their metadata and filter by destination, capability and placement")
    func commands() {
        #expect(Command.deleteNote.metadata.role == .destructive)
        #expect(Command.newNoteCommand.metadata.shortcut?.description == "cmd+n")
        let all = Set(Capability.allCases)
        #expect(
            Command.available(at: .note(id: Self.noteID), capabilities: all, placement: .contextMenu) == [.deleteNote])
        #expect(Command.available(at: .notes, capabilities: all, placement: .contextMenu).isEmpty)
        #expect(Command.available(at: nil, capabilities: [.notesRead], placement: .toolbar) == [.refresh])
        #expect(Capability.notesWrite.rawValue == "notes.write")
    }

    static func node(_ json: String) throws -> JSONNode { try JSONReader(options: .init()).read(Array(json.utf8)) }

    @Test("bridge payloads decode strictly")
    func bridgeDecoding() throws {
        let good = try Self.node(
            #"{"title": "T", "body": "B", "tags": ["a"], "pinned": true, "weight": 1.5, "revision": 3, "color": null}"#)
        let action = try BridgeAction(name: "saveNote", payload: good)
        #expect(
            action
                == .saveNote(
                    NoteDraft(title: "T", body: "B", tags: ["a"], color: nil, pinned: true, weight: 1.5, revision: 3)))
        let cases: [(String, String)] = [
            (#"{"title": "T", "body": "B", "tags": [], "pinned": true, "weight": 1, "revision": 3, "x": 1}"#, "/x"),
            (#"{"title": "T", "body": "B", "tags": [1], "pinned": true, "weight": 1, "revision": 3}"#, "/tags/0"),
            (#"{"title": "T", "body": "B", "tags": [], "pinned": true, "weight": 1, "revision": 3.5}"#, "/revision"),
            (
                #"{"title": "T", "body": "B", "tags": [], "pinned": true, "weight": 1, "revision": 9007199254740992}"#,
                "/revision"
            ),
            (#"{"title": "T", "body": "B", "tags": [], "pinned": 1, "weight": 1, "revision": 3}"#, "/pinned"),
            (#"{"title": "T", "body": "B", "tags": [], "pinned": true, "weight": 1}"#, ""),
            (
                #"{"title": "T", "body": "B", "tags": [], "pinned": true, "weight": 1, "revision": 1, "color": "pink"}"#,
                "/color"
            ),
            (
                #"{"id": "nope", "title": "T", "body": "B", "tags": [], "pinned": true, "weight": 1, "revision": 1}"#,
                "/id"
            ),
        ]
        for (json, pointer) in cases {
            let payload = try Self.node(json)
            do {
                _ = try BridgeAction(name: "saveNote", payload: payload)
                Issue.record("decoded \(json)")
            } catch {
                #expect(error.pointer == pointer, "\(json)")
            }
        }
        #expect(throws: ManifestValueError.self) { try BridgeAction(name: "unknown", payload: good) }
    }

    @Test("replies and events encode to JSON the strict reader reads back")
    func bridgeEncoding() throws {
        let reply = try BridgeReply.saveNote(SaveResult(id: Self.noteID, revision: 4))
        #expect(reply == #"{"id":"6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f","revision":4}"#)
        let draft = NoteDraft(title: "line\u{2028}sep \"q\"", body: "", tags: [], pinned: false, weight: 2, revision: 1)
        let event = try BridgeEvent.noteChanged(draft).payloadJSON()
        #expect(!event.contains("\u{2028}"))
        #expect(try NoteDraft(json: try Self.node(event)) == draft)
        #expect(throws: ManifestValueError.self) {
            try BridgeEvent.noteChanged(
                NoteDraft(title: "", body: "", tags: [], pinned: false, weight: .nan, revision: 1)
            ).payloadJSON()
        }
    }
}
