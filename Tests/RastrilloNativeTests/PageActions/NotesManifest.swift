import Foundation
import RastrilloNative

/// The notes example's manifest (examples/notes), the one the notes companion and its Chromium
/// day run with: commands bound to page actions and a sign-in session.
enum NotesManifest {
    static let origin = "https://notes.example.com"
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/notes/Sources/NotesCore/app-manifest.json")

    static func load() throws -> AppManifest {
        try AppManifest.decode(Array(try Data(contentsOf: file)), source: file.path)
    }

    /// The notes manifest with `edit` applied to its JSON text (for invalid variants).
    static func decode(editing edit: (String) -> String) throws(ManifestError) -> AppManifest {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return try AppManifest.decode(Array(edit(text).utf8), source: "notes-variant.json")
    }

    static let mainFrame = BridgeFrame(isMainFrame: true, scheme: "https", host: "notes.example.com", port: 443)
}
