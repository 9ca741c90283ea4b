import RastrilloNative
import Testing

@Suite("Manifest decoding and validation")
struct ManifestValidationTests {
    typealias F = ManifestFixtures

    @Test("the parity manifest validates")
    func parityManifestValidates() {
        let manifest = F.parityManifest
        #expect(manifest.destinations.count == 23)
        #expect(
            manifest.commands.map(\.id) == [
                "newNoteCommand", "deleteNote", "refresh", "publishReport", "editHelp", "signOut",
            ])
        #expect(manifest.internalOrigins.map(\.description).contains("http://localhost:8080"))
    }

    @Test("unknown keys are refused with pointer and line:column")
    func unknownKey() {
        let json = """
            {"schemaVersion": 1, "app": {"name": "T"},
             "origins": [{"origin": "https://app.example.com"}],
             "destinations": [{"id": "home", "pattern": "/", "presentation": "native", "titleKey": "t",
                               "colour": "red"}]}
            """
        let issues = F.issues(json)
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .unknownKey)
        #expect(issues.first?.pointer == "/destinations/0/colour")
        #expect(issues.first?.line == 4)
        #expect(issues.first?.column == 20)
        #expect(issues.first?.message.contains("allowed keys") == true)
    }

    @Test(
        "each kind of problem is reported with its kind and pointer",
        arguments: [
            (
                F.manifest(destinations: F.destination("a", "/a") + "," + F.destination("a", "/b")),
                ManifestIssue.Kind.duplicateID, "/destinations/1/id"
            ),
            (
                F.manifest(destinations: F.destination("a", "/x/{p}/c") + "," + F.destination("b", "/x/b/{q}")),
                .conflictingPatterns, "/destinations/1/pattern"
            ),
            (
                F.manifest(destinations: F.destination("a", "/x/{p}") + "," + F.destination("b", "/x/{q}")),
                .conflictingPatterns, "/destinations/1/pattern"
            ),
            (
                F.manifest(destinations: F.destination("a", "/x/") + "," + F.destination("b", "/x/{rest...}")),
                .conflictingPatterns, "/destinations/1/pattern"
            ),
            (F.manifest(destinations: F.destination("a", "/a//b")), .invalidPattern, "/destinations/0/pattern"),
            (
                F.manifest(destinations: F.destination("a", "app.example.com/a")), .invalidPattern,
                "/destinations/0/pattern"
            ),
            (
                F.manifest(destinations: F.destination("a", "/a/{id}", params: #"{"id": "Missing"}"#)),
                .unknownReference, "/destinations/0/params/id"
            ),
            (
                F.manifest(destinations: F.destination("a", "/a/{id}", params: #"{"id": {"array": "int"}}"#)),
                .invalidValue, "/destinations/0/params/id"
            ),
            (
                F.manifest(destinations: F.destination("a", "/a/{rest...}", params: #"{"rest": "int"}"#)),
                .invalidValue, "/destinations/0/params/rest"
            ),
            (
                F.manifest(destinations: F.destination("a", "/a/{id}", params: #"{"id": "integer"}"#)), .invalidValue,
                "/destinations/0/params/id"
            ),
            (
                F.manifest(
                    destinations: F.destination("a", "/a"),
                    extra:
                        #""commands": [{"id": "c", "titleKey": "t", "placements": ["menu"], "destinations": ["zz"]}]"#),
                .unknownReference, "/commands/0/destinations/0"
            ),
            (
                F.manifest(
                    destinations: F.destination("a", "/a"),
                    extra:
                        #""commands": [{"id": "c", "titleKey": "t", "placements": ["menu"], "capabilities": ["x.y"]}]"#),
                .unknownReference, "/commands/0/capabilities/0"
            ),
            (
                F.manifest(
                    destinations: F.destination("a", "/a"),
                    extra: #""commands": [{"id": "c", "titleKey": "t", "placements": ["menu"], "shortcut": "n"}]"#),
                .invalidShortcut, "/commands/0/shortcut"
            ),
            (
                F.manifest(
                    destinations: F.destination("a", "/a"),
                    extra: #""commands": [{"id": "c", "titleKey": "t", "placements": ["menu"], "shortcut": "hyper+n"}]"#
                ),
                .invalidShortcut, "/commands/0/shortcut"
            ),
            (
                F.manifest(
                    destinations: F.destination("a", "/a"),
                    extra: #""bridge": {"actions": {"send": {"payload": "Nope", "reply": "bool"}}}"#),
                .unknownReference, "/bridge/actions/send/payload"
            ),
            (
                F.manifest(
                    destinations: F.destination("a", "/a"),
                    extra: #""types": {"RunningVersion": {"fields": {"name": "string"}}}, "#
                        + #""bridge": {"actions": {"runningVersion": {"payload": "string", "reply": "RunningVersion"}}}"#
                ),
                .duplicateID, "/bridge/actions/runningVersion"
            ),
            (
                F.manifest(
                    destinations: F.destination("a", "/a"),
                    extra: #""types": {"Synced": {"enum": ["yes"]}}, "#
                        + #""bridge": {"events": {"synced": {"payload": "Synced"}}}"#),
                .duplicateID, "/bridge/events/synced"
            ),
            (
                F.manifest(
                    destinations: F.destination("a", "/a"),
                    extra: #""types": {"Thing": {"fields": {"hashValue": "string"}}}"#),
                .invalidValue, "/types/Thing/fields/hashValue"
            ),
            (
                #"{"schemaVersion": 2, "app": {"name": "T"}, "origins": [], "destinations": []}"#,
                .unsupportedSchemaVersion, "/schemaVersion"
            ),
            (
                F.manifest(
                    destinations: F.destination("a", "/a"), extra: #""links": {"externalSchemes": ["javascript"]}"#),
                .invalidValue, "/links/externalSchemes/0"
            ),
            (
                #"{"schemaVersion": 1, "app": {"name": "T"}, "origins": [{"origin": "https://user@app.example.com"}], "destinations": []}"#,
                .invalidValue, "/origins/0/origin"
            ),
            (
                F.manifest(
                    destinations: F.destination("a", "/a"),
                    extra: #""types": {"Loop": {"fields": {"next": {"optional": "Loop"}}}}"#),
                .invalidValue, "/types/Loop"
            ),
            (
                #"{"schemaVersion": 1, "app": {"name": "T"}, "origins": [{"origin": "https://a.example"}], "destinations": [], }"#,
                .invalidJSON, ""
            ),
        ])
    func reportsProblem(json: String, kind: ManifestIssue.Kind, pointer: String) {
        let issues = F.issues(json)
        #expect(issues.contains { $0.kind == kind && $0.pointer == pointer }, "got \(issues)")
        #expect(issues.allSatisfy { !$0.message.isEmpty })
    }

    @Test("more than 10 App Shortcuts are refused; 10 are fine")
    func appShortcutLimit() {
        func commands(_ count: Int) -> String {
            let list = (0..<count).map { #"{"id": "c\#($0)", "titleKey": "t", "placements": ["appShortcut"]}"# }
            return "\"commands\": [" + list.joined(separator: ",") + "]"
        }
        #expect(F.issues(F.manifest(destinations: F.destination("a", "/a"), extra: commands(10))).isEmpty)
        let issues = F.issues(F.manifest(destinations: F.destination("a", "/a"), extra: commands(11)))
        #expect(issues.map(\.kind) == [.tooManyAppShortcuts])
        #expect(issues.first?.pointer == "/commands/10/placements")
    }

    @Test("an apple-app-site-association file over 128 KB is refused")
    func aasaLimit() {
        let many = (0..<2500).map { F.destination("d\($0)", "/section-\($0)/item/{id}", link: "universalLink") }
        let issues = F.issues(F.manifest(destinations: many.joined(separator: ",")))
        #expect(issues.map(\.kind) == [.aasaTooLarge])
        let few = (0..<100).map { F.destination("d\($0)", "/section-\($0)/item/{id}", link: "universalLink") }
        #expect(F.issues(F.manifest(destinations: few.joined(separator: ","))).isEmpty)
    }

    @Test("universal links without app IDs are refused")
    func universalLinksNeedAppIDs() {
        let json = """
            {"schemaVersion": 1, "app": {"name": "T"}, "origins": [{"origin": "https://a.example"}],
             "destinations": [\(F.destination("a", "/a", link: "universalLink"))]}
            """
        #expect(F.issues(json).map(\.kind) == [.missingKey])
    }

    @Test("every problem is reported, not only the first")
    func reportsAll() {
        let json = F.manifest(
            destinations: [
                F.destination("a", "/a"), F.destination("a", "/a"), F.destination("b", "/x//y"),
            ].joined(separator: ","))
        let issues = F.issues(json)
        #expect(issues.contains { $0.kind == .invalidPattern })
        // Cross-reference checks run once the shape is valid.
        let second = F.issues(F.manifest(destinations: F.destination("a", "/a") + "," + F.destination("a", "/a")))
        #expect(second.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.conflictingPatterns, .duplicateID])
    }

    @Test("conflict detection handles 10,000 destinations quickly enough to be sub-quadratic in practice")
    func manyDestinations() {
        let destinations = (0..<10_000).map { index in
            F.destination("d\(index)", "/s\(index % 100)/t\(index / 100)/{id}")
        }
        #expect(F.issues(F.manifest(destinations: destinations.joined(separator: ","))).isEmpty)
    }
}

@Suite("Manifest validation: positions point at the offending node")
struct ManifestPositionTests {
    @Test("an unknown capability reference points at the capability string, not at the destination")
    func referencePosition() {
        let json = """
            {"schemaVersion": 1, "app": {"name": "T"}, "origins": [{"origin": "https://a.example"}],
             "capabilities": [{"id": "notes.read", "description": "d"}],
             "destinations": [
               {"id": "a", "pattern": "/a", "presentation": "native", "titleKey": "t",
                "capabilities": ["notes.read", "notes.raed"]}]}
            """
        let issues = ManifestFixtures.issues(json)
        #expect(issues.map(\.pointer) == ["/destinations/0/capabilities/1"])
        #expect(issues.first?.line == 5)
        #expect(issues.first?.column == 36)
    }
}
