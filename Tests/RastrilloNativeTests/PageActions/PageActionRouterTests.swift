import RastrilloNative
import Testing

/// A form's or link's URL read as a bound command, with the router's own rules.
struct PageActionRouterTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let method: ManifestPageAction.Method
        let url: String
        let expected: PageActionMatch?
        var testDescription: String { "\(method.rawValue) \(url)" }
    }

    static let origin = NotesManifest.origin
    static func match(_ command: String, _ id: Int? = nil) -> PageActionMatch {
        PageActionMatch(command: command, params: id.map { ["id": .int(Int64($0))] } ?? [:])
    }

    static let rows: [Row] = [
        Row(method: .post, url: origin + "/bookmarks/3/publish", expected: match("publishBookmark", 3)),
        Row(method: .post, url: origin + "/bookmarks/3/unpublish", expected: match("unpublishBookmark", 3)),
        Row(method: .post, url: origin + "/bookmarks/12/delete", expected: match("deleteBookmark", 12)),
        Row(method: .post, url: origin + "/signout", expected: match("signOut")),
        Row(method: .get, url: origin + "/bookmarks/new", expected: match("newBookmarkCommand")),
        Row(method: .get, url: origin + "/bookmarks/7/edit", expected: match("editBookmarkCommand", 7)),
        Row(method: .get, url: "https://NOTES.example.com/bookmarks/7/edit", expected: match("editBookmarkCommand", 7)),
        Row(method: .get, url: origin + "/bookmarks/7/edit#top", expected: match("editBookmarkCommand", 7)),
        // The method is part of the binding: a form never runs a link's command and back.
        Row(method: .get, url: origin + "/bookmarks/3/publish", expected: nil),
        Row(method: .post, url: origin + "/bookmarks/7/edit", expected: nil),
        // Typed params, exact paths, exact origins.
        Row(method: .post, url: origin + "/bookmarks/abc/publish", expected: nil),
        Row(method: .post, url: origin + "/bookmarks/3/publish/extra", expected: nil),
        Row(method: .post, url: "https://evil.example/bookmarks/3/publish", expected: nil),
        Row(method: .post, url: "https://notes.example.com.evil.example/bookmarks/3/publish", expected: nil),
        Row(method: .post, url: "http://notes.example.com/bookmarks/3/publish", expected: nil),
        Row(method: .post, url: "https://notes.example.com:8443/bookmarks/3/publish", expected: nil),
        Row(method: .post, url: "https://user@notes.example.com/bookmarks/3/publish", expected: nil),
        Row(method: .post, url: "javascript:alert(1)", expected: nil),
        Row(method: .post, url: "/bookmarks/3/publish", expected: nil),
    ]

    @Test(arguments: rows)
    func readsTheURLAsTheRouterDoes(_ row: Row) throws {
        let actions = PageActionRouter(manifest: try NotesManifest.load())
        #expect(actions.match(row.method, row.url) == row.expected)
    }

    @Test func aManifestWithoutBindingsMatchesNothing() throws {
        let json = """
            {"schemaVersion": 1, "app": {"name": "T"}, "origins": [{"origin": "https://notes.example.com"}],
             "destinations": [{"id": "home", "pattern": "/{$}", "presentation": "web", "titleKey": "t"}],
             "commands": [{"id": "refresh", "titleKey": "t", "placements": ["menu"]}]}
            """
        let manifest = try AppManifest.decode(Array(json.utf8), source: "unbound.json")
        let actions = PageActionRouter(manifest: manifest)
        #expect(actions.isEmpty)
        #expect(actions.match(.post, NotesManifest.origin + "/bookmarks/3/publish") == nil)
    }
}
