import Foundation
import RastrilloManifestCompiler
import RastrilloNative
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `rastrillo-native manifest graph`: the structural model and the SVG drawn from it.
@Suite("Manifest graph")
struct ManifestGraphTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func companion() throws -> ManifestGraph {
        let url = root.appendingPathComponent("examples/companion/Sources/CompanionCore/app-manifest.json")
        let compiler = try ManifestCompiler.compile(Array(try Data(contentsOf: url)), sourceName: "app-manifest.json")
        return ManifestGraph(manifest: compiler.manifest)
    }

    static func graph(_ json: String) throws -> ManifestGraph {
        ManifestGraph(manifest: try ManifestCompiler.compile(Array(json.utf8), sourceName: "test.json").manifest)
    }

    /// Every element's name and attributes, in document order (the SVG must be well-formed XML).
    final class Elements: NSObject, XMLParserDelegate {
        var found: [(name: String, attributes: [String: String])] = []
        var text = ""

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            found.append((elementName, attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        static func parse(_ svg: String) throws -> Elements {
            let elements = Elements()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = elements
            #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
            return elements
        }

        func with(_ attribute: String) -> [[String: String]] {
            found.compactMap { $0.attributes[attribute] != nil ? $0.attributes : nil }
        }
    }

    @Test("the companion: the path tree in pre-order, each node under its parent")
    func companionTree() throws {
        let graph = try Self.companion()
        #expect(
            graph.nodes.map(\.label) == [
                "/", "servers", "{$}", "{serverID}", "new", "releases", "{version}", "docs", "…", "account", "…",
            ])
        let edges = graph.treeEdges.map { "\(graph.nodes[$0.parent].label) → \(graph.nodes[$0.child].label)" }
        #expect(
            edges == [
                "/ → servers", "servers → {$}", "servers → {serverID}", "servers → new", "/ → releases",
                "releases → {version}", "/ → docs", "docs → …", "/ → account", "account → …",
            ])
        #expect(graph.nodes.map(\.depth) == [0, 1, 2, 2, 2, 1, 2, 1, 2, 1, 2])
        let placed = graph.destinations.map {
            "\($0.id) at \(graph.nodes[$0.node].label) under \(graph.nodes[graph.nodes[$0.node].parent!].label)"
        }
        #expect(
            placed == [
                "servers at {$} under servers", "server at {serverID} under servers", "addServer at new under servers",
                "releaseNotes at {version} under releases", "docs at … under docs", "account at … under account",
            ])
    }

    @Test("the companion: presentation and link intent of each destination")
    func companionDestinations() throws {
        let graph = try Self.companion()
        let facts = graph.destinations.map { "\($0.id) \($0.presentation.rawValue) \($0.link.rawValue)" }
        #expect(
            facts == [
                "servers native universalLink", "server native universalLink", "addServer native inApp",
                "releaseNotes web inApp", "docs web inAppBrowser", "account web externalBrowser",
            ])
    }

    @Test("the companion: command edges and placements")
    func companionCommands() throws {
        let graph = try Self.companion()
        let edges = graph.commands.flatMap { command in
            command.destinations.map { "\(command.id) → \(graph.destinations[$0].id)" }
        }
        #expect(
            edges == [
                "checkVersion → servers", "checkVersion → server", "reloadPage → releaseNotes", "reloadPage → docs",
                "copyAddress → server", "removeServer → server",
            ])
        let placements = graph.commands.map { "\($0.id): \($0.placements.map(\.rawValue).joined(separator: ","))" }
        #expect(
            placements == [
                "checkVersion: toolbar,menu,appShortcut", "reloadPage: toolbar,menu", "addServerCommand: toolbar,menu",
                "copyAddress: contextMenu,actionMenu,menu", "removeServer: contextMenu,actionMenu",
            ])
        #expect(graph.commands.map(\.shortcut) == ["cmd+shift+r", "cmd+r", "cmd+n", "cmd+shift+c", "cmd+delete"])
        #expect(graph.capabilities.map(\.id) == ["servers.read", "servers.write"])
    }

    @Test("the SVG carries the same structure: a box per destination, a group per command, an edge per pair")
    func svgStructure() throws {
        let svg = ManifestGraphSVG.render(try Self.companion())
        let elements = try Elements.parse(svg)
        let destinations = elements.found.filter { $0.attributes["class"] == "destination" }.map {
            "\($0.attributes["data-destination"]!) \($0.attributes["data-presentation"]!) \($0.attributes["data-link"]!) \($0.attributes["data-pattern"]!)"
        }
        #expect(
            destinations == [
                "servers native universalLink /servers/{$}", "server native universalLink /servers/{serverID}",
                "addServer native inApp /servers/new", "releaseNotes web inApp /releases/{version}",
                "docs web inAppBrowser /docs/", "account web externalBrowser /account/",
            ])
        let commands = elements.found.filter { $0.attributes["class"] == "command" }.map {
            "\($0.attributes["data-command"]!): \($0.attributes["data-placements"]!)"
        }
        #expect(
            commands == [
                "checkVersion: toolbar menu appShortcut", "reloadPage: toolbar menu", "addServerCommand: toolbar menu",
                "copyAddress: contextMenu actionMenu menu", "removeServer: contextMenu actionMenu",
            ])
        let edges = elements.found.filter { $0.attributes["class"] == "command-edge" }.map {
            "\($0.attributes["data-command"]!) → \($0.attributes["data-destination"]!)"
        }
        #expect(
            edges == [
                "checkVersion → servers", "checkVersion → server", "reloadPage → releaseNotes", "reloadPage → docs",
                "copyAddress → server", "removeServer → server",
            ])
        #expect(elements.found.filter { $0.attributes["class"] == "segment" }.count == 11)
        #expect(elements.text.contains("servers.read: See the configured servers and their versions"))
        #expect(svg == ManifestGraphSVG.render(try Self.companion()), "the same manifest draws the same SVG")
    }

    @Test("every manifest string is XML-escaped: markup shows as text, control characters cannot break the file")
    func escaping() throws {
        let graph = try Self.graph(
            #"""
            {"schemaVersion": 1,
             "app": {"name": "<svg onload=\"x\">&'\u0001", "appIDs": []},
             "origins": [{"origin": "https://app.example.com"}],
             "capabilities": [{"id": "a.b", "description": "</text><script>alert(1)</script>"}],
             "destinations": [{"id": "home", "pattern": "/a%3Cb%3E/{$}", "presentation": "web", "titleKey": "t"}]}
            """#)
        let svg = ManifestGraphSVG.render(graph)
        #expect(!svg.contains("<svg onload"))
        #expect(!svg.contains("<script>"))
        let elements = try Elements.parse(svg)
        #expect(elements.found.allSatisfy { $0.name != "script" })
        #expect(elements.text.contains("<svg onload=\"x\">&'\u{FFFD}: 1 destinations, 0 commands"))
        #expect(elements.text.contains("a.b: </text><script>alert(1)</script>"))
        #expect(elements.with("data-pattern").first?["data-pattern"] == "/a%3Cb%3E/{$}")
        #expect(ManifestGraphSVG.escape("a&b<c>\"'\u{7}\u{FFFE}") == "a&amp;b&lt;c&gt;&quot;&apos;\u{FFFD}\u{FFFD}")
    }

    @Test("10,000 destinations: one node per new segment, every destination and edge drawn")
    func tenThousand() throws {
        var destinations: [String] = []
        for index in 0..<10_000 {
            destinations.append(
                #"{"id": "d\#(index)", "pattern": "/s\#(index / 100)/p\#(index)/{id}", "presentation": "\#(index.isMultiple(of: 2) ? "native" : "web")", "titleKey": "t"}"#
            )
        }
        let targets = (0..<200).map { "\"d\($0 * 50)\"" }.joined(separator: ", ")
        let json = """
            {"schemaVersion": 1, "app": {"name": "Big", "appIDs": []},
             "origins": [{"origin": "https://app.example.com"}],
             "destinations": [\(destinations.joined(separator: ",\n"))],
             "commands": [{"id": "openSample", "titleKey": "t", "placements": ["menu"], "destinations": [\(targets)]}]}
            """
        let graph = try Self.graph(json)
        // Root, 100 section literals, then per destination a literal and a wildcard.
        #expect(graph.nodes.count == 1 + 100 + 20_000)
        #expect(graph.treeEdges.count == graph.nodes.count - 1)
        #expect(graph.nodes[graph.destinations[9_999].node].label == "{id}")
        #expect(graph.commands[0].destinations.count == 200)
        let svg = ManifestGraphSVG.render(graph)
        #expect(svg.components(separatedBy: #"class="destination""#).count - 1 == 10_000)
        #expect(svg.components(separatedBy: #"class="command-edge""#).count - 1 == 200)
    }
}
