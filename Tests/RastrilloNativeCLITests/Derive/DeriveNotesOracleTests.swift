import Foundation
import RastrilloNative
import Testing

@testable import RastrilloNativeCLI

/// The oracle: the notes fixture (shaped like examples/notes/web as a generated Rastrillo app
/// would be) derives what the notes companion's hand-written manifest says, except for the
/// differences listed here, each with why.
@Suite("manifest derive: the notes oracle")
struct DeriveNotesOracleTests {
    static let handWritten = CompanionFixture.repositoryRoot.appendingPathComponent(
        "examples/notes/Sources/NotesCore/app-manifest.json")

    static func manifests() throws -> (derived: AppManifest, notes: AppManifest) {
        let notes = try AppManifest.decode(Array(Data(contentsOf: handWritten)), source: "notes")
        return (try DeriveFixture.derive("notes").manifest, notes)
    }

    /// `METHOD pattern [submitter]` of each bound command.
    static func bindings(_ manifest: AppManifest) -> Set<String> {
        Set(
            manifest.commands.compactMap { command in
                command.pageAction.map { action in
                    "\(action.method.rawValue) \(action.pattern)" + (action.submitter.map { " \($0)" } ?? "")
                }
            })
    }

    @Test("the same pages, except the hand-written home redirect")
    func destinations() throws {
        let (derived, notes) = try Self.manifests()
        let derivedPatterns = Set(derived.destinations.map(\.pattern.description))
        let notesPatterns = Set(notes.destinations.map(\.pattern.description))
        // examples/notes/web answers GET /{$} with a redirect to /bookmarks, registered by hand in
        // its app.go; the fixture's gen/router.go has no such route, as a generated app would not.
        #expect(notesPatterns.subtracting(derivedPatterns) == ["/{$}"])
        #expect(derivedPatterns.subtracting(notesPatterns) == [])
        // Same ids, but the confirm page: the derived id names its resource.
        let renamed = Set(notes.destinations.map(\.id)).symmetricDifference(derived.destinations.map(\.id))
        #expect(renamed == ["home", "confirmDelete", "confirmDeleteBookmark"])
        #expect(derived.destinations.allSatisfy { $0.presentation == .web })
        #expect(derived.session?.signIn == notes.session?.signIn)
        #expect(derived.session?.signOut == notes.session?.signOut)
    }

    @Test("the same commands and bindings, except the bulk bar's three buttons")
    func commands() throws {
        let (derived, notes) = try Self.manifests()
        // The bulk bar is one form with three submit buttons (name=action); the files do not name
        // them, so derive binds the form once and reports it as needs-you.
        #expect(
            Self.bindings(notes).subtracting(Self.bindings(derived)) == [
                "POST /bookmarks/bulk action=publish", "POST /bookmarks/bulk action=unpublish",
                "POST /bookmarks/bulk action=delete",
            ])
        #expect(Self.bindings(derived).subtracting(Self.bindings(notes)) == ["POST /bookmarks/bulk"])
        for command in derived.commands {
            guard let hand = notes.commands.first(where: { $0.id == command.id }) else { continue }
            #expect(command.symbol == hand.symbol, "\(command.id)")
            #expect(command.role == hand.role, "\(command.id)")
            #expect(command.pageAction == hand.pageAction, "\(command.id)")
        }
        let shared = Set(derived.commands.map(\.id)).intersection(notes.commands.map(\.id))
        #expect(
            shared == [
                "newBookmarkCommand", "editBookmarkCommand", "publishBookmark", "unpublishBookmark", "deleteBookmark",
                "switchLanguage", "signOut",
            ])
    }

    @Test("what stays hand-written: links, capabilities, app IDs, and the list's typed query")
    func handWrittenOnly() throws {
        let (derived, notes) = try Self.manifests()
        #expect(!notes.capabilities.isEmpty && derived.capabilities.isEmpty)
        #expect(!notes.app.appIDs.isEmpty && derived.app.appIDs.isEmpty)
        #expect(notes.destinations.contains { $0.link == .universalLink })
        #expect(derived.destinations.allSatisfy { $0.link == .inApp })
        // The list takes the page's search and pagination, which the hand-written one leaves untyped.
        let list = try #require(derived.destinations.first { $0.id == "bookmarks" })
        #expect(list.params.map(\.name) == ["q", "page"])
    }
}
