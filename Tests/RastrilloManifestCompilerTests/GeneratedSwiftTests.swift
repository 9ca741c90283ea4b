import Foundation
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

    @Test("bound commands carry their page action, and the session names sign-in and sign-out")
    func pageActionsAndSession() {
        let publish = Command.publishReport.metadata.pageAction
        #expect(publish?.method == .post)
        #expect(publish?.pattern.text == "/reports/{year}/{month}/publish")
        #expect(publish?.params.map(\.name) == ["year", "month"])
        #expect(Command.editHelp.metadata.pageAction?.method == .get)
        #expect(Command.editHelp.metadata.pageAction?.params.map(\.name) == ["topic", "lang"])
        #expect(Command.refresh.metadata.pageAction == nil)
        #expect(GeneratedManifest.signInDestination == "signIn")
        #expect(GeneratedManifest.signOutCommand == .signOut)
        #expect(Command.signOut.metadata.pageAction?.pattern.text == "/signout")
        #expect(Destination(string: "https://app.example.com/signin?return_to=%2Fnotes%2F") == .signIn)
    }
}
