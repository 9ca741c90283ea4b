import Foundation
import RastrilloNative
import Testing

/// The reports the generated page-actions.js posts for a notes bookmark page, recorded by its node
/// test (`make page-actions-js` requires the script to post exactly these texts), read by native:
/// the script's format is the one `PageActionReport` decodes, and `PageCommands` accepts each offer
/// as the command written next to it.
@Suite("page-actions.js reports, read by native")
struct PageActionScriptReportsTests {
    @Test("every recorded report decodes and offers exactly its commands, with the bookmark's id")
    func recordedReports() throws {
        let root = EmitterTests.root
        let manifestData = try Data(
            contentsOf: root.appendingPathComponent("examples/notes/Sources/NotesCore/app-manifest.json"))
        let manifest = try AppManifest.decode(Array(manifestData), source: "app-manifest.json")
        let data = try Data(contentsOf: root.appendingPathComponent("Tests/PageActionsScript/recorded-reports.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(entries.count == 3)
        let frame = BridgeFrame(isMainFrame: true, scheme: "https", host: "notes.example.com", port: 0)
        var commands = PageCommands(manifest: manifest)
        for entry in entries {
            let report = try #require(entry["report"] as? String)
            let expected = try #require(entry["commands"] as? [String])
            let accepted = try commands.receive(report, from: frame, pageURL: "https://notes.example.com/bookmarks/3")
                .get()
            #expect(accepted.map(\.command).sorted() == expected, "\(report)")
            for offer in accepted where offer.command != "signOut" {
                #expect(offer.params["id"] == .int(3), "\(offer)")
            }
        }
    }
}
