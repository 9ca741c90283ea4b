import RastrilloNative
import Testing

/// Where a web screen's navigations go, decided from the router's decision.
struct WebScreenNavigationTests {
    static func manifest() throws -> AppManifest {
        let json = """
            {"schemaVersion": 1, "app": {"name": "T", "appIDs": ["ABCDE12345.com.example.t"]},
             "origins": [{"origin": "https://app.example.com"}],
             "links": {"foreignWeb": "inAppBrowser", "externalSchemes": ["mailto"]},
             "destinations": [
               {"id": "notes", "pattern": "/notes/{$}", "presentation": "native", "titleKey": "t.notes"},
               {"id": "releaseNotes", "pattern": "/releases/{version}", "presentation": "web", "titleKey": "t.release"},
               {"id": "guide", "pattern": "/guide/{$}", "presentation": "web", "titleKey": "t.guide"},
               {"id": "account", "pattern": "/account/", "presentation": "web", "titleKey": "t.account", "link": "externalBrowser"}
             ]}
            """
        return try AppManifest.decode(Array(json.utf8), source: "web-screen.json")
    }

    static let origin = "https://app.example.com"
    static let current = origin + "/releases/1.4.0"

    static func release(_ version: String) -> LinkDecision {
        .web(LinkMatch(destination: "releaseNotes", params: ["version": .string(version)]))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let url: String
        let kind: WebScreenNavigation.Kind
        let action: WebScreenNavigation.Action
        let note: String
        init(_ url: String, _ kind: WebScreenNavigation.Kind, _ action: WebScreenNavigation.Action, _ note: String) {
            self.url = url
            self.kind = kind
            self.action = action
            self.note = note
        }
        var testDescription: String { "\(kind) \(url): \(note)" }
    }

    static let notes = LinkDecision.native(LinkMatch(destination: "notes", params: [:]))
    static let guide = LinkDecision.web(LinkMatch(destination: "guide", params: [:]))

    static let rows: [Row] = [
        Row(current, .link, .load, "the page itself loads in place (first load, reload)"),
        Row(current + "#changes", .link, .load, "a fragment of the page loads in place"),
        Row(origin + "/releases/1.4.0?tab=all", .link, .load, "same destination, same params: in place"),
        Row(origin + "/releases/1.5.0", .link, .replace(release("1.5.0")), "same destination, new params: replace"),
        Row(origin + "/guide/", .link, .push(guide), "another web destination: push"),
        Row(origin + "/notes/", .link, .push(notes), "a native destination: push"),
        Row(origin + "/about", .link, .push(.web(nil)), "an internal page without a destination: push"),
        Row("https://elsewhere.example/", .link, .leave(.inAppBrowser(nil)), "a foreign page leaves the app"),
        Row(origin + "/account/", .link, .leave(.external(LinkMatch(destination: "account", params: [:]))), "external"),
        Row("javascript:alert(1)", .link, .leave(.refused(.schemeNotAllowed("javascript"))), "refused"),
        Row(current, .newWindow, .push(release("1.4.0")), "window.open of the page itself: a new screen"),
        Row(origin + "/guide/", .newWindow, .push(guide), "target=_blank to a web destination: push"),
        Row(origin + "/notes/", .newWindow, .push(notes), "window.open to a native destination: push"),
        Row("https://elsewhere.example/", .newWindow, .leave(.inAppBrowser(nil)), "window.open of a foreign page"),
        Row("javascript:alert(1)", .newWindow, .leave(.refused(.schemeNotAllowed("javascript"))), "no second view"),
        Row(origin + "/guide/", .formSubmission, .load, "a form posting to a web page loads in place"),
        Row(origin + "/notes/", .formSubmission, .push(notes), "a form to a native destination: push"),
        Row(origin + "/guide/", .redirect, .load, "a redirect to a web page continues in place"),
        Row(origin + "/notes/", .redirect, .replace(notes), "a redirect to a native destination replaces"),
        Row(
            "https://elsewhere.example/", .redirect, .leave(.refused(.redirectNotInternal)),
            "a redirect out of the app is refused"),
        Row("https://video.example/embed/1", .subframe, .load, "subframes are the page's business"),
    ]

    @Test("navigation decision", arguments: rows)
    func decide(_ row: Row) throws {
        let navigation = WebScreenNavigation(router: LinkRouter(manifest: try Self.manifest()))
        #expect(navigation.decide(url: row.url, kind: row.kind, current: Self.current) == row.action)
    }

    @Test("from an undeclared page, a link to another undeclared page pushes; to itself loads in place")
    func undeclaredPages() throws {
        let navigation = WebScreenNavigation(router: LinkRouter(manifest: try Self.manifest()))
        let about = Self.origin + "/about"
        #expect(navigation.decide(url: about, kind: .link, current: about) == .load)
        #expect(navigation.decide(url: Self.origin + "/team", kind: .link, current: about) == .push(.web(nil)))
        #expect(
            navigation.decide(url: Self.origin + "/releases/2.0", kind: .link, current: about)
                == .push(Self.release("2.0")))
    }

    @Test(
        "the page itself, whatever WebKit adds to an empty path, loads in place",
        arguments: [
            ("https://app.example.com", "https://app.example.com/", true),
            ("https://app.example.com/", "https://app.example.com", true),
            ("https://app.example.com?x=1", "https://app.example.com/?x=1", true),
            ("https://app.example.com/#top", "https://app.example.com", true),
            ("https://app.example.com/about", "https://app.example.com/about/", false),
            ("https://app.example.com/about?x=1", "https://app.example.com/about?x=2", false),
        ])
    func samePage(_ url: String, _ current: String, _ inPlace: Bool) throws {
        let navigation = WebScreenNavigation(router: LinkRouter(manifest: try Self.manifest()))
        let action = navigation.decide(url: url, kind: .link, current: current)
        #expect((action == .load) == inPlace, "\(action)")
    }

    @Test("every kind is in the table")
    func everyKind() {
        #expect(Set(Self.rows.map(\.kind)) == Set(WebScreenNavigation.Kind.allCases))
    }
}
