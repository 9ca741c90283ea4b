import Foundation
import RastrilloJSON

/// What a Rastrillo app commits that `manifest derive` reads, read off its folder: never run.
///
/// Every file is read only if it is a regular file (a FIFO or device would block or never
/// end) of at most ``maxFileBytes``; the Go scan stops after ``maxGoFiles`` files.
struct RastrilloAppFiles: Sendable {
    /// One route registration with the file it is in.
    struct Route: Sendable, Equatable {
        /// The file, relative to the app's folder (`gen/router.go`).
        var file: String
        /// 1-based line.
        var line: Int
        /// `GET`, `POST`, …; `nil` when the registration names no method.
        var method: String?
        /// The path pattern as written (`/bookmarks/{id}`).
        var pattern: String
        /// Whether the registration is a ServeMux one (`"VERB /pattern"`) or a chi call.
        var isChi: Bool
    }

    /// The largest file read.
    static let maxFileBytes = 8 * 1024 * 1024
    /// The most Go files scanned for hand routes and sign-in imports.
    static let maxGoFiles = 5_000

    /// The app's folder.
    var directory: URL
    /// The resources of `gen/manifest.json` (empty when the app has none).
    var resources: [RastrilloResource] = []
    /// Whether the app has a `gen/manifest.json`.
    var hasResourceFile = false
    /// The routes of `gen/router.go`, in file order.
    var routes: [Route] = []
    /// Registrations whose path is not a literal, anywhere: `file:line`.
    var dynamicRegistrations: [String] = []
    /// Routes registered in the app's own Go files (not `gen/`), in path order.
    var handRoutes: [Route] = []
    /// Every import path of the app's own Go files, with the first file importing it.
    var imports: [String: String] = [:]
    /// `gen/locales/en.toml`: the generated English catalog.
    var baseCatalog: [String: String] = [:]
    /// `locales/<code>.toml`: the app's catalogs, by code.
    var catalogs: [String: [String: String]] = [:]
    /// The `go.mod` module path.
    var module: String?
    /// Go files not scanned because of ``maxGoFiles``.
    var unscannedGoFiles = 0

    /// Reads the app at `directory`; `display` is how messages name it.
    static func read(_ directory: URL, display: String) throws(DeriveError) -> RastrilloAppFiles {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), isFolder.boolValue
        else {
            throw DeriveError(
                file: display,
                problem: "no such folder; pass the folder of your Rastrillo app (the one holding gen/router.go)")
        }
        var files = RastrilloAppFiles(directory: directory)
        let manifestTOMLs = files.names(in: "manifest").filter { $0.hasSuffix(".toml") }
        if let bytes = try files.bytes("gen/manifest.json", display: display) {
            files.hasResourceFile = true
            do {
                files.resources = try RastrilloResourceReader.read(bytes)
            } catch {
                throw DeriveError(
                    file: display + "/gen/manifest.json",
                    problem: "\(error). Run `rastrillo generate` in the app to rewrite it, then derive again")
            }
        } else if let first = manifestTOMLs.first {
            throw DeriveError(
                file: display + "/gen/manifest.json",
                problem: "missing, but manifest/\(first) declares resources: run `rastrillo generate` in the app "
                    + "(`rastrillo generate --check` tells a stale gen/), commit gen/, then derive again")
        }
        guard let router = try files.bytes("gen/router.go", display: display) else {
            throw DeriveError(
                file: display + "/gen/router.go",
                problem: "missing: this is not a generated Rastrillo app, or gen/ was not generated; run "
                    + "`rastrillo generate` in the app, then derive again")
        }
        let scan = GoRouteScanner.scan(router)
        for registration in scan.routes {
            if registration.isLiteral {
                files.routes.append(
                    Route(
                        file: "gen/router.go", line: registration.line, method: registration.method,
                        pattern: registration.pattern, isChi: registration.kind == .chi))
            } else {
                files.dynamicRegistrations.append("gen/router.go:\(registration.line)")
            }
        }
        if let bytes = try files.bytes("gen/locales/en.toml", display: display) {
            files.baseCatalog = try catalog(bytes, file: display + "/gen/locales/en.toml")
        }
        for name in files.names(in: "locales") where name.hasSuffix(".toml") {
            let code = String(name.dropLast(".toml".count))
            guard isLocaleCode(code) else { continue }
            if let bytes = try files.bytes("locales/" + name, display: display) {
                files.catalogs[code] = try catalog(bytes, file: display + "/locales/" + name)
            }
        }
        if let bytes = try files.bytes("go.mod", display: display), let text = UTF8Text.string(bytes) {
            files.module = moduleLine(text)
        }
        try files.scanGoFiles(display: display)
        return files
    }

    /// A locale code as Rastrillo names catalogs: `en`, `es`, `pt-BR`, `zh_Hant`.
    static func isLocaleCode(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        guard (2...16).contains(bytes.count), bytes[0...1].allSatisfy({ (97...122).contains($0) }) else { return false }
        return bytes.allSatisfy { (97...122).contains($0) || (65...90).contains($0) || $0 == 45 || $0 == 95 }
    }

    private static func catalog(_ bytes: [UInt8], file: String) throws(DeriveError) -> [String: String] {
        do {
            return try LocaleCatalogReader.read(bytes)
        } catch {
            throw DeriveError(
                file: file + ":\(error.line)", problem: error.message + " (fix the catalog, then derive again)")
        }
    }

    private static func moduleLine(_ text: String) -> String? {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("module ") {
                let name = trimmed.dropFirst("module ".count).trimmingCharacters(in: .whitespaces)
                return name.trimmingCharacters(in: CharacterSet(charactersIn: "\"`"))
            }
        }
        return nil
    }

    /// The names in the app's folder `relative`, sorted; empty when it is not a folder.
    func names(in relative: String) -> [String] {
        let url = directory.appendingPathComponent(relative)
        guard SafeOutput.kind(url.path) == .typeDirectory else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// The bytes of `relative`, `nil` when nothing is there; refuses anything but a regular file
    /// (after links) and files over ``maxFileBytes``.
    func bytes(_ relative: String, display: String) throws(DeriveError) -> [UInt8]? {
        let path = directory.appendingPathComponent(relative).path
        guard SafeOutput.kind(path) != nil else { return nil }
        let attributes = try? FileManager.default.attributesOfItem(atPath: (path as NSString).resolvingSymlinksInPath)
        guard let attributes, attributes[.type] as? FileAttributeType == .typeRegular else {
            throw DeriveError(
                file: display + "/" + relative,
                problem: "not a regular file (a folder, pipe, device or broken link); replace it with the file "
                    + "`rastrillo generate` writes")
        }
        if let size = attributes[.size] as? Int, size > Self.maxFileBytes {
            throw DeriveError(
                file: display + "/" + relative,
                problem: "\(size) bytes, over the \(Self.maxFileBytes)-byte limit for an app file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DeriveError(file: display + "/" + relative, problem: "cannot be read; check its permissions")
        }
        guard data.count <= Self.maxFileBytes else {
            throw DeriveError(
                file: display + "/" + relative, problem: "over the \(Self.maxFileBytes)-byte limit for an app file")
        }
        return Array(data)
    }

    /// Scans the app's own Go files (not `gen/`, `vendor/`, tests or hidden folders) for hand
    /// routes and imports, in path order.
    private mutating func scanGoFiles(display: String) throws(DeriveError) {
        var paths: [String] = []
        var stack = [""]
        while let folder = stack.popLast() {
            for name in names(in: folder.isEmpty ? "." : folder) {
                let relative = folder.isEmpty ? name : folder + "/" + name
                if name.hasPrefix(".") || name.hasPrefix("_") { continue }
                switch SafeOutput.kind(directory.appendingPathComponent(relative).path) {
                case .typeDirectory?:
                    if folder.isEmpty && ["gen", "vendor", "node_modules"].contains(name) { continue }
                    if name == "testdata" { continue }
                    stack.append(relative)
                case .typeRegular?:
                    if name.hasSuffix(".go") && !name.hasSuffix("_test.go") { paths.append(relative) }
                default: continue
                }
            }
        }
        paths.sort()
        if paths.count > Self.maxGoFiles {
            unscannedGoFiles = paths.count - Self.maxGoFiles
            paths = Array(paths.prefix(Self.maxGoFiles))
        }
        for path in paths {
            guard let bytes = try bytes(path, display: display) else { continue }
            let scan = GoRouteScanner.scan(bytes)
            for importPath in scan.imports where imports[importPath] == nil { imports[importPath] = path }
            for registration in scan.routes {
                if registration.isLiteral {
                    handRoutes.append(
                        Route(
                            file: path, line: registration.line, method: registration.method,
                            pattern: registration.pattern, isChi: registration.kind == .chi))
                } else {
                    dynamicRegistrations.append("\(path):\(registration.line)")
                }
            }
        }
    }
}
