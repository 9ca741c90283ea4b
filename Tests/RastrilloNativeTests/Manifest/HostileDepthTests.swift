import Foundation
import Testing

@testable import RastrilloNative

/// Runs `body` on a thread with a 512 KiB stack (the default for threads an app creates) and
/// returns its result: a depth the input chooses would overflow it.
func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 512 * 1024
        thread.start()
    }
}

/// A manifest fetched from a server must never crash the app, nor cost work the server chooses:
/// no recursion whose depth the manifest or a URL controls, and no search whose time grows
/// faster than the manifest. Each case runs on a 512 KiB stack.
@Suite struct HostileDepthTests {
    static func manifest(destinations: String, types: String = "{}") -> [UInt8] {
        Array(
            #"""
            {"schemaVersion": 1, "app": {"name": "Depth", "appIDs": ["ABCDE12345.com.example.app"]},
             "origins": [{"origin": "https://app.example.com"}], "types": \#(types),
             "destinations": [\#(destinations)]}
            """#.utf8)
    }

    static func decode(_ bytes: [UInt8]) -> Result<AppManifest, ManifestError> {
        do { return .success(try AppManifest.decode(bytes, source: "hostile.json")) } catch {
            return .failure(error)
        }
    }

    static func destination(_ pattern: String, id: String = "deep") -> String {
        #"{"id": "\#(id)", "pattern": "\#(pattern)", "presentation": "web", "titleKey": "t"}"#
    }

    @Test func aPatternOf30000SegmentsIsRefusedAtItsPointer() async throws {
        let pattern = String(repeating: "/a", count: 30_000)
        let result = await onSmallStack { Self.decode(Self.manifest(destinations: Self.destination(pattern))) }
        guard case .failure(let error) = result else {
            Issue.record("a 30,000-segment pattern was accepted")
            return
        }
        let issue = try #require(error.issues.first { $0.pointer == "/destinations/0/pattern" })
        #expect(issue.message.contains("more than \(PathPattern.maxSegments) segments"), "\(issue.message)")
    }

    @Test func patternsAtTheLimitDecodeConflictCheckAndRouteEvenA30000SegmentURL() async throws {
        let deep = String(repeating: "/a", count: PathPattern.maxSegments)
        let wild = "/{w}" + String(repeating: "/a", count: PathPattern.maxSegments - 2)
        let json = Self.manifest(
            destinations: Self.destination(deep) + ", " + Self.destination(wild + "/", id: "tree"))
        let url = "https://app.example.com" + deep
        let long = "https://app.example.com" + String(repeating: "/a", count: 30_000)
        let result = await onSmallStack { () -> [String?] in
            guard case .success(let manifest) = Self.decode(json) else { return ["refused"] }
            let router = LinkRouter(manifest: manifest)
            return [router.decide(url).match?.destination, router.decide(long).match?.destination]
        }
        // The long URL is under the subtree wildcard: matched after 64 segments, not walked to its end.
        #expect(result == ["deep", "tree"])
    }

    @Test func aChainOf20000TypesWithOneCycleIsReportedBoundedly() async throws {
        let count = 20_000
        var types: [String] = []
        for index in 0..<count {
            let next = (index + 1) % count
            types.append(#""T\#(index)": {"fields": {"next": {"optional": "T\#(next)"}}}"#)
        }
        let json = Self.manifest(destinations: Self.destination("/"), types: "{" + types.joined(separator: ", ") + "}")
        let result = await onSmallStack { Self.decode(json) }
        guard case .failure(let error) = result else {
            Issue.record("a cycle of 20,000 types was accepted")
            return
        }
        let cycles = error.issues.filter { $0.message.contains("contains itself") }
        #expect(cycles.count == ManifestValidation.maxReportedCycles)
        #expect(cycles.first?.message.hasPrefix("type 'T0' contains itself (T0 → T1 → T2") == true)
        let rest = try #require(error.issues.first { $0.pointer == "/types" })
        #expect(rest.message.hasPrefix("\(count - ManifestValidation.maxReportedCycles) more types contain themselves"))
    }

    @Test func aDiamondOf60LevelsIsCheckedInLinearTime() async throws {
        // Every type refers to the next one twice: 2^60 paths, 60 types.
        var types: [String] = []
        for index in 0..<60 {
            types.append(#""D\#(index)": {"fields": {"a": "D\#(index + 1)", "b": "D\#(index + 1)"}}"#)
        }
        types.append(#""D60": {"fields": {"end": "string"}}"#)
        let json = Self.manifest(destinations: Self.destination("/"), types: "{" + types.joined(separator: ", ") + "}")
        let result = await onSmallStack { Self.decode(json) }
        #expect((try? result.get()) != nil, "a diamond without a cycle is valid")
    }

    @Test func aSelfReferenceAndATwoTypeCycleKeepTheirPaths() async throws {
        let types =
            #"{"A": {"fields": {"a": "A"}}, "B": {"fields": {"c": "C"}}, "C": {"fields": {"b": {"optional": "B"}}}, "L": {"fields": {"l": {"array": "L"}}}}"#
        let result = await onSmallStack {
            Self.decode(Self.manifest(destinations: Self.destination("/"), types: types))
        }
        guard case .failure(let error) = result else {
            Issue.record("value cycles were accepted")
            return
        }
        let messages = error.issues.map(\.message).filter { $0.contains("contains itself") }
        #expect(
            messages.map { String($0.prefix { $0 != ")" }) } == [
                "type 'A' contains itself (A → A", "type 'B' contains itself (B → C → B",
                "type 'C' contains itself (C → B → C",
            ])
    }
}
