import RastrilloNative
import Testing

/// A command bound to a page action, and the manifest's sign-in session: decoded and validated.
struct ManifestPageActionTests {
    @Test func theNotesManifestBindsItsCommandsToTheWebAppsForms() throws {
        let manifest = try NotesManifest.load()
        let bound = Dictionary(
            uniqueKeysWithValues: manifest.commands.compactMap { command in
                command.pageAction.map { (command.id, "\($0.method.rawValue) \($0.pattern)") }
            })
        #expect(bound["publishBookmark"] == "POST /bookmarks/{id}/publish")
        #expect(bound["editBookmarkCommand"] == "GET /bookmarks/{id}/edit")
        #expect(bound["signOut"] == "POST /signout")
        let publish = try #require(manifest.commands.first { $0.id == "publishBookmark" }?.pageAction)
        #expect(publish.params.map(\.name) == ["id"])
        #expect(publish.params.first?.type == .int)
        #expect(manifest.session?.signIn == "signIn")
        #expect(manifest.session?.signOut == "signOut")
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        let from: String
        let to: String
        let message: String
        let pointer: String
        var testDescription: String { message }
    }

    static let invalid: [Invalid] = [
        Invalid(
            from: #""method": "GET", "pattern": "/bookmarks/new""#,
            to: #""method": "PUT", "pattern": "/bookmarks/new""#,
            message: "GET for a link, POST for a form", pointer: "/commands/0/pageAction/method"),
        Invalid(
            from: #""pageAction": {"method": "POST", "pattern": "/signout"}"#,
            to: #""pageAction": {"method": "POST", "pattern": "/signout", "target": "_blank"}"#,
            message: "target", pointer: "/commands/9/pageAction/target"),
        Invalid(
            from: #""pattern": "/bookmarks/{id}/unpublish""#, to: #""pattern": "/bookmarks/{id}/publish""#,
            message: "is also the one of 'publishBookmark': a form posting there would be both",
            pointer: "/commands/3/pageAction/pattern"),
        Invalid(
            from: #""pattern": "/bookmarks/{id}/unpublish""#, to: #""pattern": "/bookmarks/{n}/publish""#,
            message: "matches the same paths as the one of 'publishBookmark'",
            pointer: "/commands/3/pageAction/pattern"),
        Invalid(
            from: #""placements": ["menu"], "pageAction""#, to: #""placements": ["menu", "appShortcut"], "pageAction""#,
            message: "an App Shortcut runs with no page", pointer: "/commands/8/placements"),
        Invalid(
            from: #""session": {"signIn": "signIn""#, to: #""session": {"signIn": "signUp""#,
            message: "destination 'signUp' is not declared", pointer: "/session/signIn"),
        Invalid(
            from: #""signOut": "signOut"}"#, to: #""signOut": "newBookmarkCommand"}"#,
            message: "must be bound to the sign-out form", pointer: "/session/signOut"),
        Invalid(
            from: #""/bookmarks/{id}/edit", "params": {"id": "int"}}"#,
            to: #""/bookmarks/{id}/edit", "params": {"id": {"array": "int"}}}"#,
            message: "path params must be string, int", pointer: "/commands/1/pageAction/params/id"),
        Invalid(
            from: #"{"id": "signIn", "pattern": "/signin", "presentation": "web""#,
            to: #"{"id": "signIn", "pattern": "/signin", "presentation": "native""#,
            message: "must be a \"web\" destination", pointer: "/session/signIn"),
    ]

    @Test(arguments: invalid)
    func aWrongBindingOrSessionIsRefusedWithWhatToFix(_ row: Invalid) throws {
        var edited = false
        do {
            _ = try NotesManifest.decode { text in
                edited = text.contains(row.from)
                return text.replacingOccurrences(of: row.from, with: row.to)
            }
            Issue.record("accepted: \(row.to)")
        } catch {
            #expect(edited, "the fixture no longer contains \(row.from)")
            let issue = error.issues.first { $0.message.contains(row.message) }
            #expect(issue != nil, "\(error.issues.map(\.message))")
            #expect(issue?.pointer == row.pointer)
        }
    }
}
