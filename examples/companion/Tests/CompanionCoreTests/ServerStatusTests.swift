import Foundation
import RastrilloNative
import Testing

@testable import CompanionCore

@Suite("Server status and presentation")
struct ServerStatusTests {
    static let url = URL(string: "https://example.com/api/version")!

    static let mapping: [(ServerVersionError, String)] = [
        (.invalidAddress("x", reason: "r"), "Invalid address"),
        (.insecureAddress(url, isLocalNetwork: false), "Insecure address"),
        (.unreachable(url, reason: "refused"), "Unreachable"),
        (.timedOut(url, phase: .connect, seconds: 10), "Unreachable"),
        (.unexpectedStatus(url, status: 500, errorReference: "ABCDEF"), "Unreachable"),
        (.unexpectedStatus(url, status: 404, errorReference: nil), "Not a Rastrillo server"),
        (
            .redirectedToAnotherOrigin(from: url, to: URL(string: "https://login.example.net")!),
            "Not a Rastrillo server"
        ),
        (.bodyTooLarge(url, limit: 256, declaredLength: nil), "Not a Rastrillo server"),
        (.notAVersion(url, .htmlPage), "Not a Rastrillo server"),
    ]

    @Test("each error maps to its distinct state", arguments: mapping)
    func errors(error: ServerVersionError, title: String) throws {
        let status = try #require(ServerStatus(error: error))
        #expect(status.presentation.title == title)
        #expect(status.presentation.detail == error.description)
    }

    @Test("a cancelled check leaves the previous state")
    func cancelled() {
        #expect(ServerStatus(error: .cancelled(Self.url)) == nil)
    }

    @Test("the layout is a stack only in compact width")
    func layout() {
        #expect(CompanionLayout(horizontalSizeClassIsCompact: true) == .stack)
        #expect(CompanionLayout(horizontalSizeClassIsCompact: false) == .split)
        #expect(CompanionLayout(horizontalSizeClassIsCompact: nil) == .split)
    }

    @Test("every status title is in the String Catalog, and every state has a distinct title")
    func stringCatalog() throws {
        let catalogURL = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Resources/Localizable.xcstrings")
        let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: catalogURL)) as? [String: Any]
        let strings = try #require(catalog?["strings"] as? [String: Any])
        #expect(catalog?["sourceLanguage"] as? String == "en")
        for key in ServerStatusPresentation.titleKeys {
            #expect(strings[key] != nil, "missing from Localizable.xcstrings: \(key)")
        }
        let states: [ServerStatus] = [
            .notChecked, .checking, .reachable(try ServerVersion(body: Array("dev".utf8))), .unreachable("m"),
            .notRastrillo("m"), .insecureAddress("m"), .invalidAddress("m"),
        ]
        let titles = states.map(\.presentation.title)
        #expect(Set(titles).count == states.count)
        #expect(Set(titles) == Set(ServerStatusPresentation.titleKeys))
    }
}
