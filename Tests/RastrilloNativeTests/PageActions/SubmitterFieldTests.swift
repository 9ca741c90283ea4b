import Foundation
import RastrilloNative
import Testing

/// Commands told apart by what a form sends besides its URL: the submit button's `name=value`
/// (Rastrillo's bulk bar) and bound fields (the locale menu). The manifest is the page-action
/// fixtures' (Tests/PageActionsScript/fixtures), the one the Chromium and WebKit checks run with.
struct SubmitterFieldTests {
    static let origin = NotesManifest.origin
    static let list = origin + "/bookmarks?select=1"
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PageActionsScript/fixtures/app-manifest.json")

    static func manifestText() throws -> String { try String(contentsOf: file, encoding: .utf8) }

    static func load(editing edit: (String) -> String = { $0 }) throws -> AppManifest {
        try AppManifest.decode(Array(edit(try manifestText()).utf8), source: "fixtures-manifest.json")
    }

    /// A report of `(target, url, submitter value or nil, locale or nil)` POST offers.
    static func report(_ offers: [(Int, String, String?, String?)]) -> String {
        let items = offers.map { offer -> String in
            var text = #"{"target":\#(offer.0),"method":"POST","url":"\#(Self.origin + offer.1)""#
            if let value = offer.2 { text += #","submitter":{"name":"action","value":"\#(value)"}"# }
            if let locale = offer.3 { text += #","fields":{"locale":"\#(locale)"}"# }
            return text + "}"
        }
        return #"{"v":1,"offers":["# + items.joined(separator: ",") + "]}"
    }

    @Test func theManifestDecodesSubmittersAndFields() throws {
        let manifest = try Self.load()
        let delete = try #require(manifest.commands.first { $0.id == "deleteSelected" }?.pageAction)
        #expect(delete.submitter == .init(name: "action", value: "delete"))
        #expect(delete.fields.isEmpty)
        let language = try #require(manifest.commands.first { $0.id == "switchLanguage" }?.pageAction)
        #expect(language.submitter == nil)
        #expect(language.fields.map(\.name) == ["locale"])
        #expect(language.fields.first?.type == .string)
    }

    @Test func theRouterPicksTheCommandByItsSubmitButton() throws {
        let actions = PageActionRouter(manifest: try Self.load())
        let bulk = Self.origin + "/bookmarks/bulk"
        for value in ["publish", "unpublish", "delete"] {
            #expect(
                actions.match(.post, bulk, submitter: .init(name: "action", value: value))?.command == value
                    + "Selected")
        }
        #expect(actions.match(.post, bulk) == nil, "no button: none of them")
        #expect(actions.match(.post, bulk, submitter: .init(name: "action", value: "archive")) == nil)
        #expect(actions.match(.post, bulk, submitter: .init(name: "verb", value: "delete")) == nil)
        // A command naming no button is the submission of any button of its form.
        let publish = Self.origin + "/bookmarks/3/publish"
        #expect(actions.match(.post, publish, submitter: .init(name: "go", value: "1"))?.command == "publishBookmark")
    }

    @Test func boundFieldsAreTypedParamsAndMustBeExactlyTheOnesBound() throws {
        let actions = PageActionRouter(manifest: try Self.load())
        let url = Self.origin + "/_locale"
        let spanish = actions.match(.post, url, fields: ["locale": "es"])
        #expect(spanish == PageActionMatch(command: "switchLanguage", params: ["locale": .string("es")]))
        #expect(actions.match(.post, url) == nil, "the field missing")
        #expect(actions.match(.post, url, fields: ["locale": "es", "return": "/"]) == nil, "a field not bound")
        #expect(actions.match(.post, url, fields: ["language": "es"]) == nil)
        // An int field that does not parse as one is no command.
        let typed = try PageActionRouter(
            manifest: Self.load { $0.replacingOccurrences(of: #""locale": "string""#, with: #""locale": "int""#) })
        #expect(typed.match(.post, url, fields: ["locale": "es"]) == nil)
        #expect(typed.match(.post, url, fields: ["locale": "7"])?.params == ["locale": .int(7)])
    }

    @Test func theBulkBarsButtonsAreThreeCommandsAndDeleteAsksFirst() throws {
        var commands = PageCommands(manifest: try Self.load())
        let offers = try commands.receive(
            Self.report([
                (0, "/bookmarks/bulk", "publish", nil), (1, "/bookmarks/bulk", "unpublish", nil),
                (2, "/bookmarks/bulk", "delete", nil),
            ]), from: NotesManifest.mainFrame, pageURL: Self.list
        ).get()
        #expect(offers.map(\.command) == ["publishSelected", "unpublishSelected", "deleteSelected"])
        #expect(offers.map(\.submitter?.value) == ["publish", "unpublish", "delete"])
        #expect(commands.request("publishSelected") == .invoke(offers[0]))
        guard case .confirm(let confirmation) = commands.request("deleteSelected") else {
            Issue.record("Delete selected is destructive: it must ask first")
            return
        }
        #expect(commands.confirm(confirmation) == .invoke(offers[2]))
        #expect(offers[2].target == 2, "invoke submits with the Delete button itself")
        // The page changed while the question was shown: its Delete button is gone.
        commands.receive(
            Self.report([(0, "/bookmarks/bulk", "publish", nil)]), from: NotesManifest.mainFrame, pageURL: Self.list)
        #expect(commands.confirm(confirmation) == .unavailable)
    }

    @Test func aLanguageMenuIsOneCommandWithAChoicePerLanguage() throws {
        var commands = PageCommands(manifest: try Self.load())
        let offers = try commands.receive(
            Self.report([(0, "/_locale", nil, "en"), (1, "/_locale", nil, "es"), (2, "/_locale", nil, "fr")]),
            from: NotesManifest.mainFrame, pageURL: Self.list
        ).get()
        #expect(
            commands.choices(of: "switchLanguage").map(\.params) == [
                ["locale": .string("en")], ["locale": .string("es")], ["locale": .string("fr")],
            ])
        #expect(commands.availability(of: "switchLanguage") == .ambiguous(count: 3), "no single menu item guesses")
        #expect(commands.request("switchLanguage") == .ambiguous(count: 3))
        #expect(commands.request("switchLanguage", params: ["locale": .string("es")]) == .invoke(offers[1]))
        #expect(offers[1].fields == ["locale": "es"], "the raw value goes back to invoke")
        #expect(commands.request("switchLanguage", params: ["locale": .string("ja")]) == .unavailable)
    }

    @Test func offersOfOneCommandWithOtherButtonsAreNotGuessedBetween() throws {
        var commands = PageCommands(manifest: try Self.load())
        let body =
            #"{"v":1,"offers":["#
            + #"{"target":0,"method":"POST","url":"\#(Self.origin)/signout","submitter":{"name":"a","value":"1"}},"#
            + #"{"target":1,"method":"POST","url":"\#(Self.origin)/signout","submitter":{"name":"a","value":"2"}},"#
            + #"{"target":2,"method":"POST","url":"\#(Self.origin)/signout","submitter":{"name":"a","value":"1"}}]}"#
        let offers = try commands.receive(body, from: NotesManifest.mainFrame, pageURL: Self.list).get()
        #expect(offers.map(\.target) == [0, 1], "the same button twice counts once")
        #expect(commands.request("signOut") == .ambiguous(count: 2))
    }

    /// A refused variant: `edit` changes the fixtures' commands (as JSON objects).
    struct Invalid: Sendable, CustomTestStringConvertible {
        let message: String
        let pointer: String
        let edit: @Sendable (inout [[String: Any]]) -> Void
        var testDescription: String { message }
    }

    static func action(_ commands: inout [[String: Any]], _ id: String, _ change: (inout [String: Any]) -> Void) {
        guard let index = commands.firstIndex(where: { $0["id"] as? String == id }),
            var action = commands[index]["pageAction"] as? [String: Any]
        else { return }
        change(&action)
        commands[index]["pageAction"] = action
    }

    static let invalid: [Invalid] = [
        Invalid(message: "both name the submit button action=publish", pointer: "/commands/7/pageAction/pattern") {
            action(&$0, "unpublishSelected") { $0["submitter"] = ["name": "action", "value": "publish"] }
        },
        Invalid(
            message: "a form posting there would be both unless each names its own submit button",
            pointer: "/commands/7/pageAction/pattern"
        ) { action(&$0, "unpublishSelected") { $0["submitter"] = nil } },
        Invalid(
            message: "sends its value only when it has a name", pointer: "/commands/8/pageAction/submitter/name"
        ) { action(&$0, "deleteSelected") { $0["submitter"] = ["name": "", "value": "delete"] } },
        Invalid(message: "it is never optional", pointer: "/commands/9/pageAction/fields/locale") {
            action(&$0, "switchLanguage") { $0["fields"] = ["locale": ["optional": "string"]] }
        },
        Invalid(message: "belongs to a form", pointer: "/commands/0/pageAction/fields") {
            action(&$0, "newBookmarkCommand") { $0["fields"] = ["q": "string"] }
        },
        Invalid(message: "field name '9x'", pointer: "/commands/9/pageAction/fields/9x") {
            action(&$0, "switchLanguage") { $0["fields"] = ["locale": "string", "select": "int", "9x": "int"] }
        },
        Invalid(
            message: "has the name of a param of the pattern's URL", pointer: "/commands/4/pageAction/fields/id"
        ) { action(&$0, "deleteBookmark") { $0["fields"] = ["id": "int"] } },
        Invalid(message: "declares other params", pointer: "/commands/8/pageAction/params") {
            action(&$0, "deleteSelected") { $0["params"] = ["select": "int"] }
        },
    ]

    @Test(arguments: invalid)
    func aBindingThatCannotTellCommandsApartIsRefused(_ row: Invalid) throws {
        var root = try #require(
            JSONSerialization.jsonObject(with: Data(try Self.manifestText().utf8)) as? [String: Any])
        var commands = try #require(root["commands"] as? [[String: Any]])
        let before = commands.description
        row.edit(&commands)
        #expect(commands.description != before, "the fixture no longer has what the row edits")
        root["commands"] = commands
        let text = String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
        do {
            _ = try AppManifest.decode(Array(text.utf8), source: "fixtures-variant.json")
            Issue.record("accepted: \(row.message)")
        } catch {
            let issue = error.issues.first { $0.message.contains(row.message) }
            #expect(issue != nil, "\(error.issues.map(\.message))")
            #expect(issue?.pointer == row.pointer)
        }
    }
}
