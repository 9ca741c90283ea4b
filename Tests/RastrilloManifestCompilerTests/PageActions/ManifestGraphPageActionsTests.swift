import Foundation
import RastrilloManifestCompiler
import RastrilloNative
import Testing

/// `manifest graph` on a manifest with bound commands and a session (the notes example's).
@Suite("Manifest graph: page actions and the session")
struct ManifestGraphPageActionsTests {
    static func notes() throws -> ManifestGraph {
        let url = ManifestGraphTests.root.appendingPathComponent("examples/notes/Sources/NotesCore/app-manifest.json")
        let compiler = try ManifestCompiler.compile(Array(try Data(contentsOf: url)), sourceName: "app-manifest.json")
        return ManifestGraph(manifest: compiler.manifest)
    }

    @Test("each bound command carries its page action, method first; unbound commands none")
    func model() throws {
        let graph = try Self.notes()
        let actions = Dictionary(uniqueKeysWithValues: graph.commands.map { ($0.id, $0.pageAction) })
        #expect(actions["publishBookmark"] == "POST /bookmarks/{id}/publish")
        #expect(actions["editBookmarkCommand"] == "GET /bookmarks/{id}/edit")
        #expect(actions["signOut"] == "POST /signout")
        let session = try #require(graph.session)
        #expect(graph.destinations[session.signIn].id == "signIn")
        #expect(session.signOut == "signOut")
        #expect(try ManifestGraphTests.companion().session == nil)
        #expect(try ManifestGraphTests.companion().commands.allSatisfy { $0.pageAction == nil })
    }

    @Test("the SVG shows each page action and the session, as text and as data- attributes")
    func svg() throws {
        let graph = try Self.notes()
        let svg = ManifestGraphSVG.render(graph)
        let elements = try ManifestGraphTests.Elements.parse(svg)
        let bound = elements.with("data-page-action").map { [$0["data-command"] ?? "", $0["data-page-action"] ?? ""] }
        #expect(
            bound == [
                ["newBookmarkCommand", "GET /bookmarks/new"], ["editBookmarkCommand", "GET /bookmarks/{id}/edit"],
                ["publishBookmark", "POST /bookmarks/{id}/publish"],
                ["unpublishBookmark", "POST /bookmarks/{id}/unpublish"],
                ["deleteBookmark", "POST /bookmarks/{id}/delete"],
                ["publishSelected", "POST /bookmarks/bulk [action=publish]"],
                ["unpublishSelected", "POST /bookmarks/bulk [action=unpublish]"],
                ["deleteSelected", "POST /bookmarks/bulk [action=delete]"],
                ["switchLanguage", "POST /_locale {locale}"],
                ["signOut", "POST /signout"],
            ])
        #expect(elements.text.contains("page action POST /bookmarks/{id}/publish"))
        let session = try #require(elements.with("data-sign-in").first)
        #expect(session["data-sign-in"] == "signIn" && session["data-sign-out"] == "signOut")
        #expect(elements.text.contains("sign in: signIn (/signin)"))
        #expect(elements.text.contains("sign out: signOut (POST /signout)"))
        #expect(svg == ManifestGraphSVG.render(try Self.notes()))
    }

    @Test("docs/images/notes-manifest.svg is what manifest graph draws for the notes manifest")
    func committedImageIsCurrent() throws {
        let image = ManifestGraphTests.root.appendingPathComponent("docs/images/notes-manifest.svg")
        let committed = String(decoding: try Data(contentsOf: image), as: UTF8.self)
        #expect(
            committed == ManifestGraphSVG.render(try Self.notes()),
            "run rastrillo-native manifest graph examples/notes/Sources/NotesCore/app-manifest.json --out docs/images/notes-manifest.svg"
        )
    }
}
