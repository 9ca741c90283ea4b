import Foundation

/// Finds the RastrilloNative checkout the tool runs from, for a companion that
/// depends on the package by local path.
///
/// Walks up from the executable's folder, then from the current directory,
/// to the first folder whose `Package.swift` declares `name: "RastrilloNative"`.
enum PackageCheckoutLocator {
    /// The checkout's folder, or `nil` when neither walk finds one.
    static func locate(
        executable: URL? = Bundle.main.executableURL,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) -> URL? {
        for start in [executable?.resolvingSymlinksInPath().deletingLastPathComponent(), currentDirectory] {
            guard var folder = start?.standardizedFileURL else { continue }
            while true {
                if isRastrilloNativeCheckout(folder) { return folder }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        return nil
    }

    /// Whether `folder` holds a `Package.swift` whose package is named RastrilloNative.
    static func isRastrilloNativeCheckout(_ folder: URL) -> Bool {
        guard let manifest = try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        else { return false }
        // The package's own name is the first argument of `Package(`; a dependency
        // declared as `.package(name: "RastrilloNative", …)` does not count.
        guard let call = manifest.range(of: "= Package(") else { return false }
        let rest = manifest[call.upperBound...].drop { $0 == " " || $0 == "\n" }
        return rest.hasPrefix("name: \"RastrilloNative\"")
    }

    /// The relative path from folder `from` to folder `to` (both absolute), `/`-separated.
    static func relativePath(from: URL, to: URL) -> String {
        let fromParts = from.standardizedFileURL.pathComponents
        let toParts = to.standardizedFileURL.pathComponents
        var common = 0
        while common < min(fromParts.count, toParts.count) && fromParts[common] == toParts[common] { common += 1 }
        let ups = Array(repeating: "..", count: fromParts.count - common)
        let parts = ups + toParts[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
