import Foundation
import RastrilloTestSupport
import Testing

@testable import RastrilloNative

/// The route table's own rules: literal children found by binary search over byte order, keys
/// compared as bytes, and the benchmark's manifest shapes routing every destination.
@Suite struct RouteTableTests {
    static let seed = SeededGenerator.seed("RouteTableTests", fallback: 0x51_3b1e_2026)

    static func router(_ patterns: [(id: String, pattern: String)]) throws -> LinkRouter {
        let destinations = patterns.map { ManifestFixtures.destination($0.id, $0.pattern) }
        let json = ManifestFixtures.manifest(destinations: destinations.joined(separator: ","))
        return LinkRouter(manifest: try AppManifest.decode(Array(json.utf8), source: "route-table"))
    }

    @Test("byte order is a total order: antisymmetric, zero only for equal bytes, by length first")
    func byteOrder() {
        var generator = SeededGenerator(seed: Self.seed)
        let alphabet: [UInt8] = [0x61, 0x62, 0x7A, 0xC3, 0xA9, 0xFF]
        var equal = 0
        for _ in 0..<5_000 {
            let lhs = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let rhs = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            lhs.withUnsafeBufferPointer { left in
                rhs.withUnsafeBufferPointer { right in
                    let forward = RouteTable.order(left, right)
                    #expect(forward.signum() == -RouteTable.order(right, left).signum())
                    #expect((forward == 0) == (lhs == rhs), "\(lhs) vs \(rhs)")
                    if lhs.count != rhs.count { #expect((forward < 0) == (lhs.count < rhs.count)) }
                    if forward == 0 { equal += 1 }
                }
            }
        }
        #expect(equal > 50, "\(equal) equal pairs compared")
    }

    @Test("parents with 1–90 literal children route each child; absent and near-miss literals route nowhere")
    func manySiblings() throws {
        let counts = [1, 2, 3, 5, 8, 13, 20, 21, 40, 64, 65, 90]
        var patterns: [(id: String, pattern: String)] = []
        for count in counts {
            for child in 0..<count { patterns.append(("p\(count)c\(child)", "/p\(count)/item\(child)")) }
        }
        let router = try Self.router(patterns)
        var misses = 0
        for count in counts {
            for child in 0..<count {
                let url = "https://app.example.com/p\(count)/item\(child)"
                #expect(router.decide(url).match?.destination == "p\(count)c\(child)", "\(url)")
            }
            for other in [count, count + 1, 100, 1_000] + (0..<count).map({ $0 + 10_000 }) {
                let url = "https://app.example.com/p\(count)/item\(other)"
                #expect(router.decide(url) == .web(nil), "\(url)")
                misses += 1
            }
            for near in ["item", "item0x", "Item0", "items0", "tem0", "item%00"] {
                #expect(router.decide("https://app.example.com/p\(count)/\(near)").match == nil, "\(near)")
                misses += 1
            }
        }
        #expect(misses > 400)
    }

    @Test("literals are compared as bytes: the precomposed and decomposed é are different segments")
    func literalsAreBytes() throws {
        // "café" written precomposed (U+00E9) and decomposed (e + U+0301): equal as Swift Strings.
        #expect("caf\u{E9}" == "cafe\u{301}")
        let router = try Self.router([("composed", "/caf%C3%A9"), ("decomposed", "/cafe%CC%81/{item}")])
        #expect(router.decide("https://app.example.com/caf%C3%A9").match?.destination == "composed")
        #expect(router.decide("https://app.example.com/cafe%CC%81/x").match?.destination == "decomposed")
        #expect(router.decide("https://app.example.com/cafe%CC%81") == .web(nil))
        #expect(router.decide("https://app.example.com/caf%C3%A9/x") == .web(nil))
        // Percent-escapes are decoded before comparing: either case of hex digit, or none at all.
        #expect(router.decide("https://app.example.com/caf%c3%a9").match?.destination == "composed")
    }

    @Test("the benchmark's manifest at 400 destinations routes every destination's URL to it")
    func benchmarkShapesRoute() throws {
        // The shapes `rastrillo-bench router` uses: literal, `{id}`, subtree and `/{note}/edit`
        // patterns spread over sections.
        var destinations: [String] = []
        var urls: [(url: String, destination: String)] = []
        let uuid = "6f1c2a7e-1b2c-4d3e-8f40-5a6b7c8d9e0f"
        for index in 0..<400 {
            let section = "s\(index % 20)"
            let (pattern, params, path): (String, String, String)
            switch index % 4 {
            case 0: (pattern, params, path) = ("/\(section)/items\(index)/{id}", #"{"id": "int"}"#, "items\(index)/7")
            case 1: (pattern, params, path) = ("/\(section)/page\(index)", "", "page\(index)")
            case 2: (pattern, params, path) = ("/\(section)/docs\(index)/", "", "docs\(index)/a/b")
            default:
                (pattern, params, path) = (
                    "/\(section)/notes\(index)/{note}/edit", #"{"note": "uuid"}"#, "notes\(index)/\(uuid)/edit"
                )
            }
            destinations.append(ManifestFixtures.destination("d\(index)", pattern, params: params))
            urls.append(("https://app.example.com/\(section)/\(path)", "d\(index)"))
        }
        let manifest = try AppManifest.decode(
            Array(ManifestFixtures.manifest(destinations: destinations.joined(separator: ",")).utf8), source: "bench")
        let router = LinkRouter(manifest: manifest)
        for (url, destination) in urls {
            #expect(router.decide(url).match?.destination == destination, "\(url)")
        }
        #expect(router.decide("https://app.example.com/s0/items0/x") == .web(nil))
        #expect(router.decide("https://app.example.com/s3/notes3/\(uuid)/edits") == .web(nil))
    }
}
