import Foundation
import Testing

@testable import RastrilloNative

/// The route table copies a destination into the slot of the edge that leads to it, so most
/// matches read one cache line; the copy must decide exactly what reading the records decides.
@Suite struct RouteTableLeafCopyTests {
    /// Copies of destinations, and of `{name}` children in place of their parents.
    @Test("with and without slot copies, the corpus and 20,000 fuzzed URLs get the same decisions")
    func copiesDecideAsRecordsDo() throws {
        let manifest = ManifestFixtures.parityManifest
        let withCopies = LinkRouter(manifest: manifest, leafCopies: true)
        let withoutCopies = LinkRouter(manifest: manifest, leafCopies: false)
        let urls = try LinkRouterCorpusTests.load().map(\.url) + LinkRouterFuzzTests.fuzzURLs(count: 20_000)
        var matched = 0
        for url in urls {
            let decision = withCopies.decide(url)
            #expect(decision == withoutCopies.decide(url), "\(url)")
            if decision.match != nil { matched += 1 }
        }
        // Matches with and without params were compared, not only refusals.
        #expect(matched > 500, "\(matched) matched")
    }

    @Test("slots are half and whole cache lines, read at the strides the lookup assumes")
    func slotLayout() {
        #expect(MemoryLayout<RouteTable.Node>.stride == 16)
        #expect(MemoryLayout<RouteTable.Edge>.stride == 32)
        #expect(MemoryLayout<RouteTable.LeafEdge>.stride == 64)
        #expect(MemoryLayout<RouteTable.LeafEdge>.offset(of: \.edge) == 0)
        #expect(MemoryLayout<RouteTable.LeafEdge>.offset(of: \.leaf) == RouteTable.leafOffset)
    }
}
