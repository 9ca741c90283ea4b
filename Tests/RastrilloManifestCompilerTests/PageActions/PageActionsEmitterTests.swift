import Foundation
import Testing

@testable import RastrilloManifestCompiler

/// `page-actions.js`: written only for a manifest with bound commands, from `Runtime/page-actions.js`
/// with the routing runtime and one route table per method; node runs it (`make page-actions-js`).
@Suite("Emitter: page-actions.js")
struct PageActionsEmitterTests {
    static func compile(_ relativePath: String) throws -> ManifestCompiler {
        let url = EmitterTests.root.appendingPathComponent(relativePath)
        return try ManifestCompiler.compile(Array(try Data(contentsOf: url)), sourceName: url.lastPathComponent)
    }

    static let notes = "examples/notes/Sources/NotesCore/app-manifest.json"

    @Test("the router is app-manifest.js's routing runtime, its exports made plain functions")
    func routerIsTheModulesRuntime() throws {
        let runtime = PageActionsEmitter.routerRuntime
        #expect(runtime.contains("\nfunction route(input, options = {}) {"))
        #expect(runtime.contains("\nfunction readURL(text) {"))
        #expect(!runtime.contains("export "))
        #expect(!runtime.contains("@slot") && !runtime.contains("const MANIFEST"))
        let module = try #require(
            try Self.compile(Self.notes).files(only: ["js"]).first { $0.name == "app-manifest.js" })
        #expect(
            module.contents.contains(
                runtime.replacingOccurrences(of: "\nfunction route(", with: "\nexport function route(")
                    .replacingOccurrences(of: "\nfunction pathFor(", with: "\nexport function pathFor(")
                    .replacingOccurrences(of: "\nfunction urlFor(", with: "\nexport function urlFor(")))
    }

    @Test("no bound command, no script; a bound command gives page-actions.js with both tables")
    func onlyWhenBound() throws {
        let companion = try Self.compile("examples/companion/Sources/CompanionCore/app-manifest.json")
        #expect(!companion.files().contains { $0.name == "page-actions.js" })
        #expect(companion.files(only: ["page-actions"]).isEmpty)
        let notes = try Self.compile(Self.notes)
        let script = try #require(notes.files(only: ["page-actions"]).first)
        #expect(script.name == "page-actions.js")
        #expect(script.contents.hasPrefix("// generated from app-manifest.json, do not edit\n"))
        #expect(!script.contents.contains("// @slot") && !script.contents.contains("// @end"))
        #expect(!script.contents.contains("\nexport ") && !script.contents.contains(" export function"))
        #expect(script.contents.contains(#"{"id": "publishBookmark", "segments": [["l", "bookmarks"], ["w", "id"]"#))
        #expect(
            script.contents.contains(#"{"id": "newBookmarkCommand", "segments": [["l", "bookmarks"], ["l", "new"]]"#))
        #expect(script.contents.contains(#"handler: "rastrilloPageActions""#))
        #expect(script.contents.contains("maxOffers: 512, maxURLBytes: 8192, maxReportBytes: 262144"))
        #expect(notes.files(only: ["page-actions"]) == notes.files(only: ["page-actions"]))
    }

    @Test("a manifest binding only one method gets null for the other table")
    func oneMethod() throws {
        let text = #"""
            {"schemaVersion": 1, "app": {"name": "A"}, "origins": [{"origin": "https://a.example"}],
             "destinations": [{"id": "home", "pattern": "/{$}", "presentation": "web", "titleKey": "t"}],
             "commands": [{"id": "openPage", "titleKey": "t", "placements": ["menu"],
                           "pageAction": {"method": "GET", "pattern": "/go"}}]}
            """#
        let compiler = try ManifestCompiler.compile(Array(text.utf8), sourceName: "a.json")
        let script = try #require(compiler.files(only: ["page-actions"]).first).contents
        #expect(script.contains("\n  POST: null,\n"))
        #expect(!script.contains("\n  GET: null"))
        // The manifest's destinations (the page's screen) and each bound command's scope.
        #expect(script.contains("\n  PAGE: {"))
        #expect(
            script.contains(
                "\n  const SCOPE = Object.freeze({\n  \"openPage\": [{command: \"openPage\", destinations: [], "
                    + "pathParams: [], submitter: null, fields: []}]\n  });\n  const HAS_FIELDS = false;\n"))
    }

    @Test("each bound command's scope: its destinations and its path params")
    func scope() throws {
        let text = #"""
            {"schemaVersion": 1, "app": {"name": "A"}, "origins": [{"origin": "https://a.example"}],
             "destinations": [{"id": "item", "pattern": "/items/{id}", "params": {"id": "int"}, "presentation": "web",
                               "titleKey": "t"}],
             "commands": [{"id": "publishItem", "titleKey": "t", "placements": ["menu"], "destinations": ["item"],
                           "pageAction": {"method": "POST", "pattern": "/items/{id}/publish", "params": {"id": "int"}}},
                          {"id": "filter", "titleKey": "t", "placements": ["menu"],
                           "pageAction": {"method": "GET", "pattern": "/items", "params": {"q": "string"}}}]}
            """#
        let compiler = try ManifestCompiler.compile(Array(text.utf8), sourceName: "a.json")
        let script = try #require(compiler.files(only: ["page-actions"]).first).contents
        #expect(
            script.contains(
                #""publishItem": [{command: "publishItem", destinations: ["item"], pathParams: ["id"], "#
                    + #"submitter: null, fields: []}]"#))
        #expect(
            script.contains(
                #""filter": [{command: "filter", destinations: [], pathParams: [], submitter: null, fields: []}]"#),
            "a query param is not a path param")
    }

    @Test("commands of one route told apart by their submit buttons, and bound fields")
    func submittersAndFields() throws {
        let text = #"""
            {"schemaVersion": 1, "app": {"name": "A"}, "origins": [{"origin": "https://a.example"}],
             "destinations": [{"id": "items", "pattern": "/items", "presentation": "web", "titleKey": "t"}],
             "commands": [{"id": "publishAll", "titleKey": "t", "placements": ["menu"],
                           "pageAction": {"method": "POST", "pattern": "/items/bulk",
                                          "submitter": {"name": "action", "value": "publish"}}},
                          {"id": "deleteAll", "titleKey": "t", "placements": ["menu"],
                           "pageAction": {"method": "POST", "pattern": "/items/bulk",
                                          "submitter": {"name": "action", "value": "de\"lete"}}},
                          {"id": "language", "titleKey": "t", "placements": ["menu"],
                           "pageAction": {"method": "POST", "pattern": "/_locale", "fields": {"locale": "string"}}}]}
            """#
        let compiler = try ManifestCompiler.compile(Array(text.utf8), sourceName: "a.json")
        let script = try #require(compiler.files(only: ["page-actions"]).first).contents
        // One route for the two bulk commands (named by the first), both in its SCOPE entry.
        #expect(script.contains(#"{"id": "publishAll", "segments": [["l", "items"], ["l", "bulk"]]"#))
        #expect(!script.contains(#"{"id": "deleteAll", "segments""#), "one route table entry")
        #expect(
            script.contains(
                #""publishAll": [{command: "publishAll", destinations: [], pathParams: [], "#
                    + #"submitter: {name: "action", value: "publish"}, fields: []}, {command: "deleteAll", "#
                    + #"destinations: [], pathParams: [], submitter: {name: "action", value: "de\"lete"}, fields: []}]"#
            ))
        #expect(script.contains(#"submitter: null, fields: ["locale"]}]"#))
        #expect(script.contains("\n  const HAS_FIELDS = true;\n"))
    }
}
