import Foundation
import RastrilloNative

/// Loads the manifests tests share with the JS and Go parity checks.
enum ManifestFixtures {
    /// The repository root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/ManifestParity/<name>`.
    static func parityFile(_ name: String) -> URL {
        root.appendingPathComponent("Tests/ManifestParity/\(name)")
    }

    /// The parity manifest, decoded and validated.
    static let parityManifest: AppManifest = {
        let data = try! Data(contentsOf: parityFile("parity-manifest.json"))
        return try! AppManifest.decode(Array(data), source: "parity-manifest.json")
    }()

    /// Decodes `json`, returning the issues (empty when it validates).
    static func issues(_ json: String) -> [ManifestIssue] {
        do {
            _ = try AppManifest.decode(Array(json.utf8), source: "test.json")
            return []
        } catch {
            return error.issues
        }
    }

    /// A minimal valid manifest with these destinations (JSON array body) and extra top-level members.
    static func manifest(destinations: String, extra: String = "") -> String {
        """
        {"schemaVersion": 1, "app": {"name": "T", "appIDs": ["ABCDE12345.com.example.t"]},
         "origins": [{"origin": "https://app.example.com"}],
         "destinations": [\(destinations)]\(extra.isEmpty ? "" : ", " + extra)}
        """
    }

    /// One destination entry.
    static func destination(_ id: String, _ pattern: String, params: String = "", link: String = "inApp") -> String {
        """
        {"id": "\(id)", "pattern": "\(pattern)", "presentation": "native", "titleKey": "t.\(id)", "link": "\(link)"\
        \(params.isEmpty ? "" : ", \"params\": " + params)}
        """
    }
}
