import Foundation
import Testing

@testable import RastrilloNativeCLI

/// The Go route scanner: which calls are registrations, what their literals say, and what the
/// lexer must never read as code.
@Suite("Go route scanner")
struct GoRouteScannerTests {
    typealias Route = GoRouteRegistration

    static func mux(_ call: String, _ method: String?, _ pattern: String, line: Int = 1, host: String? = nil) -> Route {
        Route(kind: .serveMux, call: call, method: method, host: host, pattern: pattern, line: line, isLiteral: true)
    }

    static func chi(_ call: String, _ method: String?, _ pattern: String, line: Int = 1) -> Route {
        Route(kind: .chi, call: call, method: method, host: nil, pattern: pattern, line: line, isLiteral: true)
    }

    static func dynamic(_ kind: Route.Kind, _ call: String, _ method: String?, line: Int = 1) -> Route {
        Route(kind: kind, call: call, method: method, host: nil, pattern: "", line: line, isLiteral: false)
    }

    /// A source and the routes it registers.
    struct Example: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        let routes: [Route]
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        Example(
            name: "HandleFunc with a method", source: #"mux.HandleFunc("GET /bookmarks/{id}", h)"#,
            routes: [mux("HandleFunc", "GET", "/bookmarks/{id}")]),
        Example(
            name: "Handle on any receiver, no method", source: #"a.b.router.Handle("/static/", fs)"#,
            routes: [mux("Handle", nil, "/static/")]),
        Example(
            name: "a host part", source: #"m.HandleFunc("GET example.com/x", h)"#,
            routes: [mux("HandleFunc", "GET", "/x", host: "example.com")]),
        Example(
            name: "a host without a method", source: #"m.HandleFunc("example.com/", h)"#,
            routes: [mux("HandleFunc", nil, "/", host: "example.com")]),
        Example(
            name: "tabs and spaces after the method", source: "m.HandleFunc(\"POST \t /a/{$}\", h)",
            routes: [mux("HandleFunc", "POST", "/a/{$}")]),
        Example(
            name: "a malformed ServeMux literal keeps its text", source: #"m.HandleFunc("GET nothing", h)"#,
            routes: [mux("HandleFunc", "GET", "nothing")]),
        Example(
            name: "a raw string pattern", source: "m.HandleFunc(`DELETE /x`, h)",
            routes: [mux("HandleFunc", "DELETE", "/x")]),
        Example(
            name: "escapes are decoded", source: #"m.HandleFunc("GET /a\x2Fb\u00e9\101\t", h)"#,
            routes: [mux("HandleFunc", "GET", "/a/bé" + "A\t")]),
        Example(
            name: "every chi verb",
            source: """
                r.Get("/g", h)
                r.Post("/p", h)
                r.Put("/u", h)
                r.Patch("/pa", h)
                r.Delete("/d", h)
                r.Head("/h", h)
                r.Options("/o", h)
                r.Connect("/c", h)
                r.Trace("/t", h)
                """,
            routes: [
                chi("Get", "GET", "/g", line: 1), chi("Post", "POST", "/p", line: 2), chi("Put", "PUT", "/u", line: 3),
                chi("Patch", "PATCH", "/pa", line: 4), chi("Delete", "DELETE", "/d", line: 5),
                chi("Head", "HEAD", "/h", line: 6), chi("Options", "OPTIONS", "/o", line: 7),
                chi("Connect", "CONNECT", "/c", line: 8), chi("Trace", "TRACE", "/t", line: 9),
            ]),
        Example(
            name: "Method, Mount and Route",
            source: """
                r.Method("get", "/m", h)
                r.Mount("/admin", admin)
                r.Route("/jobs", func(r chi.Router) {
                	r.Get("/{id}", job)
                })
                """,
            routes: [
                chi("Method", "GET", "/m", line: 1), chi("Mount", nil, "/admin", line: 2),
                chi("Route", nil, "/jobs", line: 3), chi("Get", "GET", "/{id}", line: 4),
            ]),
        Example(
            name: "chained and multi-line calls with a trailing comma",
            source: "r.With(mw).\n\tGet(\n\t\t\"/x\",\n\t\th,\n\t)",
            routes: [chi("Get", "GET", "/x", line: 2)]),
        Example(
            name: "dynamic first arguments",
            source: """
                mux.HandleFunc(pattern, h)
                mux.Handle("GET " + base, h)
                r.Get(prefix+"/x", h)
                r.Post(("/x"), h)
                r.Method(verb, "/m", h)
                r.Method("GET", path, h)
                r.Route(p, func(r chi.Router) {})
                """,
            routes: [
                dynamic(.serveMux, "HandleFunc", nil, line: 1), dynamic(.serveMux, "Handle", nil, line: 2),
                dynamic(.chi, "Get", "GET", line: 3), dynamic(.chi, "Post", "POST", line: 4),
                dynamic(.chi, "Method", nil, line: 5), dynamic(.chi, "Method", "GET", line: 6),
                dynamic(.chi, "Route", nil, line: 7),
            ]),
        Example(
            name: "calls that are not registrations",
            source: """
                q.Get("name")
                r.URL.Query().Get("q")
                http.Post(url, "application/json", body)
                client.Get("https://example.com/x", extra)
                values.Delete("k", v)
                r.Method("GET", "relative", h)
                Get("/bare", h)
                func (a *App) Get(path string, h http.Handler) {}
                mux.HandleFunc("/three", h, extra)
                m.Handler("/x", h)
                r.Gets("/x", h)
                """,
            routes: []),
        Example(
            name: "comments and literals hide calls",
            source: """
                // mux.HandleFunc("GET /line", h)
                /* r.Get("/block", h)
                   r.Post("/still", h) */
                s := "r.Get(\\"/in-string\\", h)"
                t := `r.Get("/in-raw", h)`
                c := '"'
                d := '\\''
                mux.HandleFunc("GET /after", h)
                """,
            routes: [mux("HandleFunc", "GET", "/after", line: 8)]),
        Example(
            name: "lines count through raw strings and block comments",
            source: "x := `a\nb\nc`\n/* 1\n2 */ r.Get(\"/x\", h) // r.Get(\"/no\", h)\nr.Post(\"/y\", h)",
            routes: [chi("Get", "GET", "/x", line: 5), chi("Post", "POST", "/y", line: 6)]),
        Example(
            name: "a string cut by a newline is not a literal",
            source: "r.Get(\"/x\n\", h)\nr.Get(\"/ok\", h)",
            routes: [chi("Get", "GET", "/ok", line: 3)]),
        Example(
            name: "a raw string drops carriage returns", source: "r.Get(`/a\r\nb`, h)",
            routes: [chi("Get", "GET", "/a\nb")]),
        Example(
            name: "an unclosed call is not counted", source: "r.Get(\"/x\", h\nr.Post(\"/y\", h)",
            routes: [chi("Post", "POST", "/y", line: 2)]),
        Example(
            name: "a mismatched closer drops the call it closes", source: "r.Get(\"/x\", h]\nr.Put(\"/y\", h)",
            routes: [chi("Put", "PUT", "/y", line: 2)]),
        Example(
            name: "routes come in the order their calls start",
            source: "r.Route(\"/a\", func(r chi.Router) { r.Get(\"/b\", h) })\nr.Get(\"/c\", h)",
            routes: [chi("Route", nil, "/a"), chi("Get", "GET", "/b"), chi("Get", "GET", "/c", line: 2)]),
    ]

    @Test("finds registrations and their literals", arguments: examples)
    func routes(_ example: Example) {
        let scan = GoRouteScanner.scan(Array(example.source.utf8))
        #expect(scan.routes == example.routes)
        #expect(scan.imports.isEmpty)
        #expect(!scan.truncated)
    }

    /// A source and the imports it declares.
    struct Imports: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        let imports: [String]
        var testDescription: String { name }
    }

    static let importExamples: [Imports] = [
        Imports(name: "a single import", source: "package x\nimport \"net/http\"\n", imports: ["net/http"]),
        Imports(
            name: "aliased, dot and blank imports",
            source: "import a \"x/a\"\nimport . \"x/dot\"\nimport _ \"x/blank\"", imports: ["x/a", "x/dot", "x/blank"]),
        Imports(
            name: "a grouped import with comments",
            source: """
                import (
                	"net/http" // the mux
                	/* "not/this" */

                	act_admin_ticket_types_id_delete_post "tickets/gen/actions/admin/ticket_types/id/delete_post"
                	_ "modernc.org/sqlite"; . "x/y"
                	`raw/path`
                )
                import "after/group"
                """,
            imports: [
                "net/http", "tickets/gen/actions/admin/ticket_types/id/delete_post", "modernc.org/sqlite", "x/y",
                "raw/path", "after/group",
            ]),
        Imports(name: "an empty group", source: "import ()\nvar s = \"not/an/import\"", imports: []),
        Imports(
            name: "strings after an import are not imports",
            source: "import \"a\"\nvar x = \"b\"\nfunc f() { import := \"c\" }", imports: ["a"]),
        Imports(name: "import in a comment", source: "// import \"no\"\n/* import \"no\" */", imports: []),
        Imports(name: "an import without a path", source: "import a b \"c\"", imports: []),
    ]

    @Test("finds import paths", arguments: importExamples)
    func imports(_ example: Imports) {
        #expect(GoRouteScanner.scan(Array(example.source.utf8)).imports == example.imports)
    }

    @Test("input beyond 4 MiB is not read, and the scan says so")
    func truncation() {
        let call = Array("r.Get(\"/x\", h)\n".utf8)
        var bytes = Array(repeating: UInt8(ascii: " "), count: GoRouteScanner.maxBytes - call.count) + call
        #expect(bytes.count == 4 << 20)
        var scan = GoRouteScanner.scan(bytes)
        #expect(scan.routes == [Self.chi("Get", "GET", "/x")])
        #expect(!scan.truncated)
        bytes.removeLast()
        bytes.append(contentsOf: Array("r.Put(\"/y\", h)".utf8))
        scan = GoRouteScanner.scan(bytes)
        #expect(scan.truncated)
        #expect(scan.routes == [Self.chi("Get", "GET", "/x")])
    }

    @Test("deep nesting and unterminated literals never trap")
    func hostile() {
        let deep = Array(repeating: UInt8(ascii: "("), count: 200_000) + Array(repeating: UInt8(ascii: ")"), count: 3)
        #expect(GoRouteScanner.scan(deep).routes.isEmpty)
        for source in ["\"", "`", "'", "/*", "r.Get(\"", "r.Get(`/x", "import (", "import", "\\", "r.Get(\"\\"] {
            #expect(GoRouteScanner.scan(Array(source.utf8)) == GoSourceScan())
        }
        #expect(GoRouteScanner.scan([0xFF, 0xFE, 0x2E, 0x47, 0x65, 0x74, 0x28]).routes.isEmpty)
    }

    @Test("invalid UTF-8 in a literal becomes U+FFFD")
    func invalidUTF8() {
        let bytes = Array("r.Get(\"/".utf8) + [0xFF] + Array("\", h)".utf8)
        #expect(GoRouteScanner.scan(bytes).routes == [Self.chi("Get", "GET", "/\u{FFFD}")])
    }

    // MARK: Fixtures

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/RastrilloApps")

    static func scanFixture(_ path: String) throws -> GoSourceScan {
        GoRouteScanner.scan(Array(try Data(contentsOf: fixtures.appendingPathComponent(path))))
    }

    /// `VERB /pattern` of every literal ServeMux route.
    static func spelled(_ scan: GoSourceScan) -> [String] {
        scan.routes.map { ($0.method.map { $0 + " " } ?? "") + $0.pattern }
    }

    static func generated(_ route: String, advanced: Bool) -> [String] {
        [
            "GET \(route)", "POST \(route)", "GET \(route)/new", "GET \(route)/{id}", "GET \(route)/{id}/edit",
            "POST \(route)/{id}/edit-basics", "GET \(route)/{id}/delete", "POST \(route)/{id}/delete",
        ] + (advanced ? ["POST \(route)/{id}/edit-advanced"] : [])
    }

    @Test("the tickets router lists §8's routes in order, with one import per handler")
    func ticketsRouter() throws {
        let scan = try Self.scanFixture("tickets/gen/router.go")
        #expect(
            Self.spelled(scan)
                == Self.generated("/admin/announcements", advanced: false)
                + Self.generated("/admin/ticket_types", advanced: true))
        #expect(scan.routes.allSatisfy { $0.kind == .serveMux && $0.isLiteral && $0.host == nil })
        #expect(scan.routes.map(\.line) == Array(29...45))
        #expect(scan.imports.count == 18)
        #expect(scan.imports.first == "net/http")
        #expect(scan.imports.contains("tickets/gen/actions/admin/ticket_types/id/delete_post"))
    }

    @Test("the notes, blog and routes-only routers")
    func otherRouters() throws {
        #expect(
            Self.spelled(try Self.scanFixture("notes/gen/router.go"))
                == Self.generated("/bookmarks", advanced: true) + [
                    "POST /bookmarks/{id}/publish", "POST /bookmarks/{id}/unpublish", "POST /bookmarks/bulk",
                ])
        #expect(
            Self.spelled(try Self.scanFixture("blog/gen/router.go"))
                == Self.generated("/admin/posts", advanced: false) + [
                    "POST /admin/posts/{id}/publish", "POST /admin/posts/{id}/unpublish", "GET /{$}",
                    "GET /posts/{id}",
                ])
        #expect(Self.spelled(try Self.scanFixture("routes-only/gen/router.go")) == ["GET /{$}"])
    }

    @Test("the notes app's chi routes and its password import")
    func notesApp() throws {
        let scan = try Self.scanFixture("notes/internal/notes/app.go")
        #expect(scan.imports.contains("github.com/carlosframework/rastrillo/password"))
        #expect(
            scan.routes == [
                Self.chi("Get", "GET", "/signin", line: 20), Self.chi("Post", "POST", "/signin", line: 21),
                Self.chi("Get", "GET", "/signup", line: 22), Self.chi("Post", "POST", "/signup", line: 23),
                Self.chi("Post", "POST", "/signout", line: 24), Self.chi("Get", "GET", "/export", line: 28),
                Self.chi("Get", "GET", "/jobs/{id}", line: 29), Self.mux("Handle", nil, "/notes/*", line: 30),
            ])
    }
}
