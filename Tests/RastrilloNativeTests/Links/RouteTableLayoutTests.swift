import RastrilloTestSupport
import Testing

@testable import RastrilloNative

/// A node's literal-edge table is perfect where a seed makes it so: every literal in its home slot,
/// so a lookup reads that one slot and stops there, match or miss. Tables that cannot be made
/// perfect are probed linearly. Both kinds must route every literal and nothing else. And an edge
/// whose child holds only a `{name}` child holds a copy of that child instead, which must decide
/// as walking both nodes does.
@Suite struct RouteTableLayoutTests {
    static let seed = SeededGenerator.seed("RouteTableLayoutTests", fallback: 0x7ab1_e5ee_d2026)

    @Test("a perfect layout gives every hash its own home slot; up to 64 hashes almost always get one")
    func perfectLayoutsAreCollisionFree() {
        var generator = SeededGenerator(seed: Self.seed)
        var perfect = 0
        var tried = 0
        for count in 1...64 {
            for _ in 0..<20 {
                let hashes = (0..<count).map { _ in generator.next() }
                let layout = RouteTable.layout(hashes)
                var smallest = 2
                while smallest * 2 < count * 3 { smallest *= 2 }
                // Never fuller than two thirds, never more than four times the smallest table.
                #expect(1 << layout.slotBits >= smallest && 1 << layout.slotBits <= smallest * 4)
                tried += 1
                guard layout.perfect else { continue }
                perfect += 1
                let homes = Set(hashes.map { RouteTable.homeSlot($0, seed: layout.seed, slotBits: layout.slotBits) })
                #expect(homes.count == count, "\(count) hashes, seed \(layout.seed), \(layout.slotBits) bits")
            }
        }
        #expect(perfect * 100 >= tried * 99, "\(perfect) of \(tried) layouts perfect")
        // Past 64 literals no seed is searched: the smallest table, probed.
        let large = RouteTable.layout((0..<65).map { _ in generator.next() })
        #expect(!large.perfect && 1 << large.slotBits == 128)
    }

    @Test("parents with 1–90 literal children route each child, and misses and near misses route nowhere")
    func perfectAndProbedTablesRouteAlike() throws {
        let counts = [1, 2, 3, 5, 8, 13, 20, 21, 40, 64, 65, 90]
        var destinations: [String] = []
        for count in counts {
            for child in 0..<count {
                destinations.append(ManifestFixtures.destination("p\(count)c\(child)", "/p\(count)/item\(child)"))
            }
        }
        let json = ManifestFixtures.manifest(destinations: destinations.joined(separator: ","))
        let manifest = try AppManifest.decode(Array(json.utf8), source: "siblings")
        let table = RouteTable(manifest: manifest)
        // Both kinds of table were built: perfect ones for up to 64 children, a probed one past it.
        let tables = (0..<table.nodes.count).map { table.nodes[$0] }.filter { $0.slotBits > 0 }
        #expect(tables.contains { $0.isPerfect } && tables.contains { !$0.isPerfect })
        let router = LinkRouter(manifest: manifest)
        var misses = 0
        for count in counts {
            for child in 0..<count {
                let url = "https://app.example.com/p\(count)/item\(child)"
                #expect(router.decide(url).match?.destination == "p\(count)c\(child)", "\(url)")
            }
            // Absent literals, including ones that hash into an occupied home slot, and near misses.
            for other in [count, count + 1, 100, 1_000] + (0..<count).map({ $0 + 10_000 }) {
                let url = "https://app.example.com/p\(count)/item\(other)"
                #expect(router.decide(url).match == nil, "\(url)")
                misses += 1
            }
            for near in ["item", "item0x", "Item0", "items0", "tem0"] {
                #expect(router.decide("https://app.example.com/p\(count)/\(near)").match == nil)
                misses += 1
            }
        }
        #expect(misses > 400)
    }

    @Test(
        "an edge to a node holding only a `{name}` child enters it directly, or matches `/{name}/literal` from its slot alone, deciding as the nodes do"
    )
    func edgesEnterWildcardOnlyChildren() throws {
        let patterns = [
            "/a/{id}/edit", "/a/{id}/view", "/b/{x}/{y}/z", "/c/{id}/edit", "/c/{id}/{rest...}", "/d/{id}/e/",
            "/f/{id}/g/{$}", "/h/{id}/{id2}", "/i/{id}/j/k", "/m/{id}", "/m/{id}/edit", "/p/{id}/edit",
            "/q/{id}/ninebytes",
        ]
        let destinations = patterns.enumerated().map { index, pattern in
            ManifestFixtures.destination("d\(index)", pattern)
        }
        let manifest = try AppManifest.decode(
            Array(ManifestFixtures.manifest(destinations: destinations.joined(separator: ",")).utf8),
            source: "wildcards")
        // The shortcut is taken: some slot holds a `{name}` child in place of its parent.
        let table = RouteTable(manifest: manifest)
        let entered =
            (0..<table.edges.count).filter { table.edges[$0].node.entersWildcard }.count
            + (0..<table.leafEdges.count).filter { table.leafEdges[$0].edge.node.entersWildcard }.count
        // The root's edges to a, b, c, d, f, h, i, m, p and q; no other node holds only a `{name}`
        // child. Only p's is `/{name}/literal` and nothing else with a literal of at most 8 bytes,
        // so only its slot holds the literal and the destination's copy in place of the child.
        #expect(entered == 10, "\(entered) slots enter a wildcard")
        let compound = (0..<table.leafEdges.count).filter { table.leafEdges[$0].edge.node.isCompound }
        #expect(compound.count == 1)
        #expect(compound.first.map { table.leafEdges[$0].leaf.name } == "d11")
        let shortcut = LinkRouter(manifest: manifest)
        let plain = LinkRouter(manifest: manifest, leafCopies: false)
        #expect(shortcut.decide("https://app.example.com/a/42/edit").match?.destination == "d0")
        #expect(shortcut.decide("https://app.example.com/a/42/edit").match?.params["id"] == .string("42"))
        #expect(shortcut.decide("https://app.example.com/c/7/x/y").match?.params["rest"] == .string("x/y"))
        #expect(shortcut.decide("https://app.example.com/p/7/edit").match?.params["id"] == .string("7"))
        #expect(shortcut.decide("https://app.example.com/q/7/ninebytes").match?.destination == "d12")
        for miss in ["/p/7/edit/", "/p/7/tide", "/p/7/edi", "/p/7/editx", "/p/7", "/p/7/", "/p/7/edit/x", "/p/edit"] {
            #expect(shortcut.decide("https://app.example.com" + miss).match == nil, "\(miss)")
        }
        // Every path of up to four segments over these words, with and without a trailing slash.
        let words = ["a", "b", "c", "d", "f", "g", "i", "j", "k", "m", "p", "q", "edit", "42"]
        var paths = [""]
        var compared = 0
        var matched = 0
        for _ in 0..<4 {
            paths = paths.flatMap { path in words.map { path + "/" + $0 } }
            for path in paths {
                for url in ["https://app.example.com" + path, "https://app.example.com" + path + "/"] {
                    let decision = shortcut.decide(url)
                    #expect(decision == plain.decide(url), "\(url)")
                    compared += 1
                    if decision.match != nil { matched += 1 }
                }
            }
        }
        #expect(compared > 10_000 && matched > 100, "\(compared) compared, \(matched) matched")
    }

    @Test("the benchmark's shapes over 10 sections: every destination routes, and as without slot copies")
    func benchmarkShapesRoute() throws {
        // As `rastrillo-bench router` lays out its manifest at 200 destinations: literal, `{id}`,
        // subtree and `/{note}/edit` patterns spread over 10 sections, so many tables of 64-byte
        // slots are laid out one after another.
        var destinations: [String] = []
        var urls: [(url: String, destination: String)] = []
        let uuid = "6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f"
        for index in 0..<400 {
            let section = "s\(index % 10)"
            let pattern: String
            let params: String
            let url: String
            switch index % 4 {
            case 0:
                (pattern, params, url) = (
                    "/\(section)/items\(index)/{id}", #"{"id": "int"}"#, "/\(section)/items\(index)/7"
                )
            case 1: (pattern, params, url) = ("/\(section)/page\(index)", "", "/\(section)/page\(index)")
            case 2: (pattern, params, url) = ("/\(section)/docs\(index)/", "", "/\(section)/docs\(index)/a/b")
            default:
                (pattern, params, url) = (
                    "/\(section)/notes\(index)/{note}/edit", #"{"note": "uuid"}"#,
                    "/\(section)/notes\(index)/\(uuid)/edit"
                )
            }
            destinations.append(ManifestFixtures.destination("d\(index)", pattern, params: params))
            urls.append(("https://app.example.com" + url, "d\(index)"))
        }
        let manifest = try AppManifest.decode(
            Array(ManifestFixtures.manifest(destinations: destinations.joined(separator: ",")).utf8), source: "bench")
        let router = LinkRouter(manifest: manifest)
        let plain = LinkRouter(manifest: manifest, leafCopies: false)
        for (url, destination) in urls {
            #expect(router.decide(url).match?.destination == destination, "\(url)")
            for variant in [url + "/x", url.replacingOccurrences(of: "/edit", with: "/edits"), url + "/"] {
                #expect(router.decide(variant) == plain.decide(variant), "\(variant)")
            }
        }
    }
}
