import Foundation

@testable import RastrilloNativeCLI

/// The hand-written apps in Rastrillo's shapes (Tests/Fixtures/RastrilloApps) and their goldens.
enum DeriveFixture {
    /// The good apps, each with a golden manifest and report.
    static let apps = ["notes", "tickets", "blog", "routes-only", "unknown-keys"]

    /// Tests/Fixtures/RastrilloApps.
    static let root = CompanionFixture.repositoryRoot.appendingPathComponent("Tests/Fixtures/RastrilloApps")

    /// The folder of app `name` (`bad/<case>` for a negative).
    static func folder(_ name: String) -> URL {
        let direct = root.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: direct.path) { return direct }
        return root.appendingPathComponent("bad").appendingPathComponent(name)
    }

    /// The origin every fixture is derived with.
    static func origin(_ name: String) -> String { "https://\(name).example.com" }

    /// The golden file of app `name` (`app-manifest.json` or `report.txt`).
    static func golden(_ name: String, _ file: String) -> URL {
        root.appendingPathComponent("expected").appendingPathComponent(name).appendingPathComponent(file)
    }

    /// Derives app `name` as `manifest derive` does, named in messages by its fixture path.
    static func derive(_ name: String, overlay: URL? = nil, appName: String? = nil) throws(DeriveError) -> DerivedApp {
        try ManifestDeriver.derive(
            DeriveInput(
                appDirectory: folder(name), origin: origin(name), name: appName, overlay: overlay,
                displayPath: name))
    }

    /// The routes of an app's gen/router.go read with a plain pattern (not the scanner under
    /// test): every `"VERB /path"` string literal.
    static func routerRoutes(_ name: String) throws -> [(method: String, pattern: String)] {
        let text = try String(contentsOf: folder(name).appendingPathComponent("gen/router.go"), encoding: .utf8)
        var routes: [(String, String)] = []
        let regex = try Regex(#""(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (/[^"]*)""#)
        for match in text.matches(of: regex) {
            guard let method = match.output[1].substring, let pattern = match.output[2].substring else { continue }
            routes.append((String(method), String(pattern)))
        }
        return routes
    }

    /// A copy of app `name` in a fresh temporary folder (remove with
    /// `CompanionFixture.removeTemporary`).
    static func copy(_ name: String) throws -> URL {
        let target = try CompanionFixture.temporaryFolder().appendingPathComponent(
            name.replacingOccurrences(of: "/", with: "-"))
        try FileManager.default.copyItem(at: folder(name), to: target)
        return target
    }
}
