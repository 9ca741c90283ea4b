import Foundation
import RastrilloManifestCompiler
import RastrilloNative
import Testing

/// Binding rules docs/app-manifest.md states that the notes manifest's refusal table does not show.
@Suite("Page-action bindings: conflicts per method, the session's sign-out command")
struct PageActionBindingRulesTests {
    static func manifest(commands: String, session: String = "") -> String {
        #"""
        {"schemaVersion": 1, "app": {"name": "A"}, "origins": [{"origin": "https://a.example"}],
         "destinations": [{"id": "signIn", "pattern": "/signin", "presentation": "web", "titleKey": "t"}],
        """# + session + #"""
             "commands": [\#(commands)]}
            """#
    }

    static func command(_ id: String, _ method: String, _ pattern: String) -> String {
        #"{"id": "\#(id)", "titleKey": "t", "placements": ["menu"], "pageAction": {"method": "\#(method)", "pattern": "\#(pattern)"}}"#
    }

    @Test("a GET and a POST binding of one pattern are not a conflict; two of one method are")
    func conflictsPerMethod() throws {
        let both = Self.manifest(
            commands: Self.command("confirmDelete", "GET", "/items/{id}/delete") + ", "
                + Self.command("deleteItem", "POST", "/items/{id}/delete"))
        let compiled = try ManifestCompiler.compile(Array(both.utf8), sourceName: "a.json")
        #expect(compiled.manifest.commands.count == 2)
        let twice = Self.manifest(
            commands: Self.command("confirmDelete", "POST", "/items/{id}/delete") + ", "
                + Self.command("deleteItem", "POST", "/items/{item}/delete"))
        #expect(throws: ManifestError.self) { try ManifestCompiler.compile(Array(twice.utf8), sourceName: "a.json") }
    }

    @Test("a session's sign-out command must be declared")
    func signOutMustExist() throws {
        let text = Self.manifest(
            commands: Self.command("signOut", "POST", "/signout"),
            session: #" "session": {"signIn": "signIn", "signOut": "logOut"},"#)
        do {
            _ = try ManifestCompiler.compile(Array(text.utf8), sourceName: "a.json")
            Issue.record("accepted an undeclared sign-out command")
        } catch {
            let issue = error.issues.first { $0.pointer == "/session/signOut" }
            #expect(issue?.message.contains("command 'logOut' is not declared") == true, "\(error.issues)")
        }
    }
}
