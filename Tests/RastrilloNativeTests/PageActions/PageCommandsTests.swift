import RastrilloNative
import Synchronization
import Testing

/// The commands a page offers: trust-checked, read again by native, scoped, and confirmed.
struct PageCommandsTests {
    static let origin = NotesManifest.origin
    static let show = origin + "/bookmarks/3"

    /// Collects what reaches the diagnostics hook.
    final class Log: Sendable {
        let events = Mutex<[RefusalDiagnostics.Event]>([])
        var diagnostics: RefusalDiagnostics {
            RefusalDiagnostics { [self] event in events.withLock { $0.append(event) } }
        }
        var all: [RefusalDiagnostics.Event] { events.withLock { $0 } }
    }

    static func report(_ offers: [(Int, String, String)]) -> String {
        let items = offers.map { #"{"target":\#($0.0),"method":"\#($0.1)","url":"\#($0.2)"}"# }
        return #"{"v":1,"offers":["# + items.joined(separator: ",") + "]}"
    }

    @Test func aPagesFormsAndLinksBecomeItsCommands() throws {
        var commands = PageCommands(manifest: try NotesManifest.load())
        let offers = try commands.receive(
            Self.report([
                (0, "GET", Self.origin + "/bookmarks/3/edit"), (1, "POST", Self.origin + "/bookmarks/3/publish"),
                (2, "POST", Self.origin + "/bookmarks/3/delete"), (3, "POST", Self.origin + "/signout"),
            ]), from: NotesManifest.mainFrame, pageURL: Self.show
        ).get()
        #expect(offers.map(\.command) == ["editBookmarkCommand", "publishBookmark", "deleteBookmark", "signOut"])
        #expect(offers[1].params == ["id": .int(3)])
        #expect(commands.isEnabled("publishBookmark"))
        #expect(!commands.isEnabled("unpublishBookmark"))
        #expect(commands.request("publishBookmark") == .invoke(offers[1]))
        #expect(commands.request("unpublishBookmark") == .unavailable)
    }

    @Test func aDestructiveCommandIsConfirmedAgainstThePageAsItIsThen() throws {
        var commands = PageCommands(manifest: try NotesManifest.load())
        let delete = (2, "POST", Self.origin + "/bookmarks/3/delete")
        commands.receive(Self.report([delete]), from: NotesManifest.mainFrame, pageURL: Self.show)
        guard case .confirm(let confirmation) = commands.request("deleteBookmark") else {
            Issue.record("a destructive command must ask first")
            return
        }
        #expect(confirmation.titleKey == "command.delete")
        #expect(commands.confirm(confirmation) == .invoke(confirmation.offer))
        // The page changed while the person read the question: another bookmark's form.
        commands.receive(
            Self.report([(0, "POST", Self.origin + "/bookmarks/4/delete")]), from: NotesManifest.mainFrame,
            pageURL: Self.origin + "/bookmarks/4")
        #expect(commands.confirm(confirmation) == .unavailable)
        commands.clear()
        #expect(commands.confirm(confirmation) == .unavailable)
    }

    @Test func aLinkToThePageItselfIsNeverACommand() throws {
        var commands = PageCommands(manifest: try NotesManifest.load())
        // The new-bookmark form's skip link points at the form page itself.
        let form = Self.origin + "/bookmarks/new"
        let offers = try commands.receive(
            Self.report([(0, "GET", form + "#main"), (1, "GET", form)]), from: NotesManifest.mainFrame, pageURL: form
        ).get()
        #expect(offers.isEmpty)
        #expect(!commands.isEnabled("newBookmarkCommand"))
    }

    @Test func aPageCanOfferOnlyWhatTheManifestBinds() throws {
        let log = Log()
        var commands = PageCommands(manifest: try NotesManifest.load(), diagnostics: log.diagnostics)
        let offers = try commands.receive(
            Self.report([
                (0, "POST", "https://evil.example/bookmarks/3/publish"),
                (1, "POST", Self.origin + "/bookmarks/3/edit-basics"), (2, "GET", Self.origin + "/bookmarks/3/publish"),
                (3, "POST", Self.origin + "/bookmarks/3/publish"),
            ]), from: NotesManifest.mainFrame, pageURL: Self.show
        ).get()
        #expect(offers.map(\.target) == [3])
        #expect(log.all.count == 3)
        #expect(log.all.first?.description.contains("matches no command's page action") == true)
    }

    static let untrusted: [BridgeFrame] = [
        BridgeFrame(isMainFrame: false, scheme: "https", host: "notes.example.com", port: 443),
        BridgeFrame(isMainFrame: true, scheme: "https", host: "evil.example", port: 443),
        BridgeFrame(isMainFrame: true, scheme: "http", host: "notes.example.com", port: 80),
    ]

    @Test(arguments: untrusted)
    func onlyTheMainFrameOfAnInternalOriginIsHeard(_ frame: BridgeFrame) throws {
        let log = Log()
        var commands = PageCommands(manifest: try NotesManifest.load(), diagnostics: log.diagnostics)
        let result = commands.receive(
            Self.report([(0, "POST", Self.origin + "/bookmarks/3/publish")]), from: frame, pageURL: Self.show)
        guard case .failure(.untrustedFrame) = result else {
            Issue.record("accepted from \(frame): \(result)")
            return
        }
        #expect(commands.offers.isEmpty)
        #expect(log.all.count == 1)
    }

    @Test func aTruncatedReportIsReadAndReportedToTheDiagnosticsHook() throws {
        let log = Log()
        var commands = PageCommands(manifest: try NotesManifest.load(), diagnostics: log.diagnostics)
        let text =
            #"{"v":1,"offers":[{"target":0,"method":"POST","#
            + #""url":"https://notes.example.com/bookmarks/3/publish"}],"truncated":true}"#
        let offers = try commands.receive(text, from: NotesManifest.mainFrame, pageURL: Self.show).get()
        #expect(offers.map(\.command) == ["publishBookmark"])
        #expect(log.all.count == 1)
        guard case .pageAction(let event)? = log.all.first, case .truncatedReport(kept: 1) = event.refusal else {
            Issue.record("\(log.all)")
            return
        }
        #expect(event.refusal.description.contains("1 were read"))
    }

    @Test func aMalformedReportKeepsTheOffersItHad() throws {
        var commands = PageCommands(manifest: try NotesManifest.load())
        commands.receive(
            Self.report([(0, "POST", Self.origin + "/bookmarks/3/publish")]), from: NotesManifest.mainFrame,
            pageURL: Self.show)
        let result = commands.receive(#"{"v":1,"offers":"#, from: NotesManifest.mainFrame, pageURL: Self.show)
        guard case .failure(.malformedReport) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(commands.isEnabled("publishBookmark"))
    }

    @Test func commandsAreScopedToTheirDestinationsAndNeverGuessBetweenRows() throws {
        var commands = PageCommands(manifest: try NotesManifest.load())
        // The list page: one publish form per row (the manifest scopes publish to a bookmark's
        // screens), two links to the same new-bookmark page, two rows' edit links.
        let offers = try commands.receive(
            Self.report([
                (0, "GET", Self.origin + "/bookmarks/new"), (1, "POST", Self.origin + "/bookmarks/1/publish"),
                (2, "POST", Self.origin + "/bookmarks/2/publish"), (3, "GET", Self.origin + "/bookmarks/new"),
                (4, "POST", Self.origin + "/signout"),
            ]), from: NotesManifest.mainFrame, pageURL: Self.origin + "/bookmarks"
        ).get()
        #expect(offers.map(\.command) == ["newBookmarkCommand", "signOut"])
        #expect(offers.first?.target == 0)
        // On bookmark 3's edit page, a delete form for bookmark 9 too (a related bookmark's row):
        // Delete acts on bookmark 3, the one the screen shows; 9's form is a row's action.
        let edit = try commands.receive(
            Self.report([
                (0, "POST", Self.origin + "/bookmarks/9/delete"), (1, "POST", Self.origin + "/bookmarks/3/delete"),
            ]), from: NotesManifest.mainFrame, pageURL: Self.origin + "/bookmarks/3/edit"
        ).get()
        #expect(edit.map(\.target) == [1])
        #expect(commands.request("deleteBookmark") == .confirm(.init(offer: edit[0], titleKey: "command.delete")))
    }

    /// A manifest whose commands name no destinations, so only the scope rule decides.
    static func unscopedManifest() throws -> AppManifest {
        try NotesManifest.decode { text in
            text.replacingOccurrences(of: #""destinations": ["bookmark", "editBookmark"], "#, with: "")
                .replacingOccurrences(of: #""destinations": ["bookmark", "editBookmark", "confirmDelete"], "#, with: "")
                .replacingOccurrences(of: #""destinations": ["bookmark"], "#, with: "")
                .replacingOccurrences(of: #""destinations": ["bookmarks"], "#, with: "")
        }
    }

    @Test func aRowsActionIsNeverACommandOfTheWholeScreen() throws {
        var commands = PageCommands(manifest: try Self.unscopedManifest())
        #expect(commands.actions.manifest.commands.allSatisfy { $0.destinations.isEmpty })
        // The list: every row's Publish, Edit and Delete act on a row; New Bookmark and Sign Out on no one.
        let list = try commands.receive(
            Self.report([
                (0, "GET", Self.origin + "/bookmarks/1/edit"), (1, "POST", Self.origin + "/bookmarks/1/publish"),
                (2, "POST", Self.origin + "/bookmarks/1/delete"), (3, "GET", Self.origin + "/bookmarks/new"),
                (4, "POST", Self.origin + "/signout"),
            ]), from: NotesManifest.mainFrame, pageURL: Self.origin + "/bookmarks"
        ).get()
        #expect(list.map(\.command) == ["newBookmarkCommand", "signOut"])
        // Bookmark 8's page, which also lists bookmark 9 with its own Publish: Publish is 8's.
        let show = try commands.receive(
            Self.report([
                (0, "POST", Self.origin + "/bookmarks/9/publish"), (1, "POST", Self.origin + "/bookmarks/8/publish"),
                (2, "GET", Self.origin + "/bookmarks/9/edit"),
            ]), from: NotesManifest.mainFrame, pageURL: Self.origin + "/bookmarks/8"
        ).get()
        #expect(show.map(\.command) == ["publishBookmark"])
        #expect(show.first?.params == ["id": .int(8)])
        #expect(commands.availability(of: "editBookmarkCommand") == .unavailable)
    }

    @Test(arguments: [
        ("/bookmarks/8", ["id": LinkValue.int(8)] as LinkParams, true),
        ("/bookmarks/8", ["id": LinkValue.int(9)] as LinkParams, false),
        ("/bookmarks/8", ["id": LinkValue.string("8")] as LinkParams, false),
        ("/bookmarks", ["id": LinkValue.int(8)] as LinkParams, false),
        ("/bookmarks/8", [:] as LinkParams, true),
    ])
    func theScopeRule(example: (page: String, offer: LinkParams, scoped: Bool)) throws {
        let screen = LinkRouter(manifest: try NotesManifest.load()).decide(Self.origin + example.page).match?.params
        #expect(PageCommands.isScoped(example.offer, pathParams: ["id"], to: screen ?? [:]) == example.scoped)
    }
}
