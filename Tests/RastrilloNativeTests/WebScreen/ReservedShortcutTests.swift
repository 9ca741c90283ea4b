import RastrilloNative
import Testing

/// A command may not take a shortcut the system keeps for text editing or standard app commands.
struct ReservedShortcutTests {
    static func manifest(shortcut: String, second: String? = nil) -> String {
        func command(_ id: String, _ shortcut: String) -> String {
            #"{"id": "\#(id)", "titleKey": "c.\#(id)", "shortcut": "\#(shortcut)", "placements": ["menu"]}"#
        }
        let commands = [command("first", shortcut)] + (second.map { [command("second", $0)] } ?? [])
        return """
            {"schemaVersion": 1, "app": {"name": "T"}, "origins": [{"origin": "https://app.example.com"}],
             "destinations": [{"id": "home", "pattern": "/{$}", "presentation": "native", "titleKey": "t.home"}],
             "commands": [\(commands.joined(separator: ", "))]}
            """
    }

    static func issues(_ json: String) -> [ManifestIssue] {
        do {
            _ = try AppManifest.decode(Array(json.utf8), source: "shortcuts.json")
            return []
        } catch {
            return error.issues
        }
    }

    @Test(
        "reserved shortcuts are refused with the standard command's name, in any modifier order",
        arguments: [
            ("cmd+c", "Copy"), ("cmd+v", "Paste"), ("cmd+x", "Cut"), ("cmd+z", "Undo"), ("cmd+shift+z", "Redo"),
            ("shift+cmd+z", "Redo"), ("cmd+a", "Select All"), ("cmd+q", "Quit"), ("cmd+w", "Close Window"),
            ("cmd+h", "Hide"), ("cmd+m", "Minimize"), ("cmd+,", "Settings"),
        ])
    func refused(_ shortcut: String, _ command: String) {
        let issues = Self.issues(Self.manifest(shortcut: shortcut))
        #expect(issues.count == 1, "got \(issues)")
        let issue = issues.first
        #expect(issue?.kind == .invalidShortcut)
        #expect(issue?.pointer == "/commands/0/shortcut")
        #expect(issue?.line == 3)
        #expect(issue?.message.contains("standard \(command)") == true, "got \(issue?.message ?? "")")
        #expect(issue?.message.contains("Choose another") == true)
    }

    @Test(
        "shortcuts next to the reserved ones are accepted",
        arguments: ["cmd+shift+c", "cmd+control+c", "cmd+option+v", "control+z", "cmd+r", "cmd+n", "cmd+shift+a"])
    func accepted(_ shortcut: String) {
        #expect(Self.issues(Self.manifest(shortcut: shortcut)).isEmpty)
    }

    @Test("a reserved shortcut is reported once, not also as a duplicate")
    func reservedTwice() {
        let issues = Self.issues(Self.manifest(shortcut: "cmd+c", second: "cmd+c"))
        #expect(issues.map(\.pointer) == ["/commands/0/shortcut", "/commands/1/shortcut"])
        #expect(issues.allSatisfy { $0.message.contains("standard Copy") })
    }

    @Test("the reserved list names each shortcut's command")
    func reservedList() throws {
        let spelled = Dictionary(
            uniqueKeysWithValues: KeyboardShortcutSpec.reservedCommands.map { ($0.key.description, $0.value) })
        #expect(spelled["cmd+c"] == "Copy")
        #expect(spelled["cmd+shift+z"] == "Redo")
        #expect(spelled.count == 11)
        #expect(try KeyboardShortcutSpec.parse("shift+cmd+z").get().reservedCommand == "Redo")
        #expect(try KeyboardShortcutSpec.parse("cmd+shift+c").get().reservedCommand == nil)
    }
}
