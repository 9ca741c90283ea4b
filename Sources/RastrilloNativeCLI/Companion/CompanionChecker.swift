import Foundation

/// `companion check`: lints a companion's project.yml the way a careful
/// reviewer would before `xcodegen generate`, catching what XcodeGen silently
/// ignores. Each finding carries `file:line`.
struct CompanionChecker {
    /// The companion's folder.
    let folder: URL
    /// How to name project.yml in messages (the folder as the person typed it).
    let displayPath: String

    private var diagnostics: [CompanionDiagnostic] = []

    init(folder: URL, displayFolder: String) {
        self.folder = folder
        let trimmed = displayFolder.hasSuffix("/") ? String(displayFolder.dropLast()) : displayFolder
        self.displayPath = (trimmed.isEmpty || trimmed == ".") ? "project.yml" : trimmed + "/project.yml"
    }

    /// Every finding, in file order.
    mutating func run() -> [CompanionDiagnostic] {
        diagnostics = []
        let specURL = folder.appendingPathComponent("project.yml")
        guard let data = FileManager.default.contents(atPath: specURL.path) else {
            error(1, "no project.yml here; run 'rastrillo-native companion new' or check the folder")
            return diagnostics
        }
        do {
            let root = try YAMLSubsetReader.read(Array(data))
            checkProject(root)
        } catch {
            self.error(error.line, "\(error.message) (project.yml is read with a strict YAML subset)")
        }
        return diagnostics.sorted { $0.line < $1.line }
    }

    mutating func error(_ line: Int, _ message: String) {
        diagnostics.append(CompanionDiagnostic(severity: .error, file: displayPath, line: line, message: message))
    }

    mutating func warning(_ line: Int, _ message: String) {
        diagnostics.append(CompanionDiagnostic(severity: .warning, file: displayPath, line: line, message: message))
    }

    /// Reports keys outside `known`; returns the entries.
    @discardableResult
    mutating func checkKeys(_ node: YAMLNode, _ known: Set<String>, where place: String) -> [YAMLEntry] {
        guard let entries = node.entries else {
            error(node.line, "\(place) must be a mapping, not \(node.kindDescription)")
            return []
        }
        for entry in entries where !known.contains(entry.key) {
            var message = "unknown key '\(entry.key)' in \(place); XcodeGen would silently ignore it"
            if let suggestion = XcodeGenKeys.suggestion(for: entry.key, in: known) {
                message += ". Did you mean '\(suggestion)'?"
            }
            error(entry.line, message)
        }
        return entries
    }

    private mutating func checkProject(_ root: YAMLNode) {
        guard root.entries != nil else {
            error(root.line, "project.yml must be a mapping of XcodeGen keys, not \(root.kindDescription)")
            return
        }
        checkKeys(root, XcodeGenKeys.project, where: "the project")
        if root["name"]?.string == nil { error(root["name"]?.line ?? 1, "'name' (the project name) is missing") }
        checkOptions(root["options"])
        let packages = checkPackages(root["packages"], rootLine: root.line)
        checkTargets(root["targets"], packages: packages, projectDeployment: root["options"]?["deploymentTarget"])
    }

    private mutating func checkOptions(_ options: YAMLNode?) {
        guard let options else {
            error(
                1,
                "'options' is missing; set options.deploymentTarget (iOS \"17.0\", macOS \"14.0\") and bundleIdPrefix")
            return
        }
        checkKeys(options, XcodeGenKeys.options, where: "options")
        if let prefix = options["bundleIdPrefix"] {
            checkBundleID(prefix, what: "bundleIdPrefix", allowSingleComponent: true)
        }
        if let deployment = options["deploymentTarget"] {
            checkDeploymentTargets(deployment, where: "options.deploymentTarget", requireAll: true)
        } else {
            error(options.line, "options.deploymentTarget is missing; set iOS: \"17.0\" and macOS: \"14.0\"")
        }
    }

    private mutating func checkDeploymentTargets(_ node: YAMLNode, where place: String, requireAll: Bool) {
        let entries = checkKeys(node, XcodeGenKeys.platforms, where: place)
        for (platform, minimum) in XcodeGenKeys.minimumDeploymentTargets.sorted(by: { $0.key < $1.key }) {
            guard let entry = entries.first(where: { $0.key == platform }) else {
                if requireAll {
                    error(node.line, "\(place) has no \(platform) entry; set \(platform): \"\(Self.format(minimum))\"")
                }
                continue
            }
            let text: String
            switch entry.value.value {
            case .string(let value): text = value
            case .integer(let value): text = String(value)
            default:
                error(entry.line, "\(place).\(platform) must be a version such as \"\(Self.format(minimum))\"")
                continue
            }
            guard let version = Self.version(text) else {
                error(entry.line, "\(place).\(platform) '\(text)' is not a version such as \"\(Self.format(minimum))\"")
                continue
            }
            if version.lexicographicallyPrecedes(minimum) {
                error(
                    entry.line,
                    "\(place).\(platform) \(text) is below \(Self.format(minimum)), the oldest RastrilloNative supports"
                )
            }
        }
    }

    private static func version(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        var numbers = parts.map { $0! }
        while numbers.count < 2 { numbers.append(0) }
        return numbers
    }

    private static func format(_ version: [Int]) -> String { version.map(String.init).joined(separator: ".") }

    /// Checks `packages` and returns the declared package names.
    private mutating func checkPackages(_ packages: YAMLNode?, rootLine: Int) -> Set<String> {
        guard let packages else {
            error(rootLine, "'packages' is missing; declare RastrilloNative (url + revision, or path)")
            return []
        }
        guard let entries = packages.entries else {
            error(packages.line, "'packages' must be a mapping, not \(packages.kindDescription)")
            return []
        }
        for entry in entries { checkKeys(entry.value, XcodeGenKeys.package, where: "packages.\(entry.key)") }
        guard let rastrillo = entries.first(where: { $0.key == "RastrilloNative" }) else {
            error(packages.line, "packages has no RastrilloNative entry; the companion depends on it")
            return Set(entries.map(\.key))
        }
        checkRastrilloPackage(rastrillo.value, line: rastrillo.line)
        return Set(entries.map(\.key))
    }

    private mutating func checkRastrilloPackage(_ package: YAMLNode, line: Int) {
        let url = package["url"]
        let path = package["path"]
        for key in [
            "branch", "from", "exactVersion", "majorVersion", "minorVersion", "minVersion", "maxVersion", "github",
        ]
        where package[key] != nil {
            error(
                package[key]!.line,
                "RastrilloNative is pinned by '\(key)'; pin it to the reviewed commit instead: url + revision (40 hex digits)"
            )
        }
        switch (url, path) {
        case (.some, .some):
            error(line, "RastrilloNative has both url and path; keep url + revision (or path while developing)")
        case (nil, nil):
            error(line, "RastrilloNative has neither url nor path; set url + revision (40 hex digits)")
        case (.some(let url), nil):
            if let text = url.string {
                if let problem = CompanionInputs.problem(withPackageURL: text) { error(url.line, problem) }
            } else {
                error(url.line, "RastrilloNative url must be text, not \(url.kindDescription)")
            }
            guard let revision = package["revision"] else {
                error(line, "RastrilloNative has a url but no revision; add revision: \"<40-hex commit>\"")
                return
            }
            if !(revision.string.map(CompanionInputs.isFullRevision) ?? false) {
                error(
                    revision.line,
                    "RastrilloNative revision must be a full 40-hex commit sha in quotes, like \"1a2b…\" (40 digits)")
            }
        case (nil, .some(let path)):
            checkLocalPackagePath(path)
        }
    }

    private mutating func checkLocalPackagePath(_ path: YAMLNode) {
        guard let text = path.string else {
            error(path.line, "RastrilloNative path must be text, not \(path.kindDescription)")
            return
        }
        let checkout = folder.appendingPathComponent(text).standardizedFileURL
        if !FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Package.swift").path) {
            error(
                path.line, "RastrilloNative path '\(text)' has no Package.swift; point it at a RastrilloNative checkout"
            )
        } else if !PackageCheckoutLocator.isRastrilloNativeCheckout(checkout) {
            error(path.line, "RastrilloNative path '\(text)' is a package, but not RastrilloNative")
        }
        warning(
            path.line,
            "RastrilloNative is a local path ('\(text)'); before release pin url + revision (40 hex digits) of a "
                + "reviewed commit")
    }

    private mutating func checkTargets(_ targets: YAMLNode?, packages: Set<String>, projectDeployment: YAMLNode?) {
        guard let targets, let entries = targets.entries, !entries.isEmpty else {
            error(targets?.line ?? 1, "'targets' is missing or empty; the companion needs one application target")
            return
        }
        var applications = 0
        for entry in entries {
            let target = entry.value
            checkKeys(target, XcodeGenKeys.target, where: "target \(entry.key)")
            guard target.entries != nil else { continue }
            if let type = target["type"] {
                if type.string == "application" {
                    applications += 1
                } else if !(type.string.map(XcodeGenKeys.targetTypes.contains) ?? false) {
                    error(type.line, "target \(entry.key) has an unknown type '\(type.string ?? type.kindDescription)'")
                }
            } else {
                error(entry.line, "target \(entry.key) has no type; set type: application")
            }
            checkDestinations(target, name: entry.key, line: entry.line)
            if let deployment = target["deploymentTarget"] {
                if deployment.entries != nil {
                    checkDeploymentTargets(deployment, where: "target \(entry.key) deploymentTarget", requireAll: false)
                } else {
                    error(deployment.line, "target \(entry.key) deploymentTarget must be a mapping (iOS: …, macOS: …)")
                }
            }
            checkSources(target["sources"], name: entry.key, line: entry.line)
            checkDependencies(
                target["dependencies"], name: entry.key, line: entry.line, packages: packages,
                isApplication: target["type"]?.string == "application")
            checkSettings(target["settings"], name: entry.key)
            checkInfo(target["info"], name: entry.key)
            checkManifestWiring(
                target, name: entry.key, line: entry.line, sourcePaths: Self.sourcePaths(target["sources"]))
        }
        if applications == 0 { error(targets.line, "no target has type: application") }
    }

    private mutating func checkDestinations(_ target: YAMLNode, name: String, line: Int) {
        guard let destinations = target["supportedDestinations"] else {
            error(line, "target \(name) has no supportedDestinations; set supportedDestinations: [iOS, macOS]")
            return
        }
        guard let items = destinations.items else {
            error(destinations.line, "supportedDestinations must be a list such as [iOS, macOS]")
            return
        }
        var seen: Set<String> = []
        for item in items {
            guard let value = item.string, XcodeGenKeys.destinations.contains(value) else {
                let shown = item.string ?? item.kindDescription
                var message = "supportedDestinations entry '\(shown)' is not a destination (XcodeGen drops it silently)"
                if let text = item.string,
                    let suggestion = XcodeGenKeys.suggestion(for: text, in: XcodeGenKeys.destinations)
                {
                    message += ". Did you mean '\(suggestion)'?"
                }
                error(item.line, message)
                continue
            }
            seen.insert(value)
        }
        for required in ["iOS", "macOS"] where !seen.contains(required) {
            error(destinations.line, "supportedDestinations lacks \(required); the companion runs on iOS and macOS")
        }
        if let platform = target["platform"] {
            if platform.string != "auto" {
                error(
                    platform.line,
                    "with supportedDestinations, platform must be auto (not '\(platform.string ?? platform.kindDescription)')"
                )
            }
        } else {
            error(line, "target \(name) has no platform; set platform: auto (with supportedDestinations)")
        }
    }

    /// The source folder paths of a target (`sources: Sources`, a list, or `- path:` entries).
    static func sourcePaths(_ sources: YAMLNode?) -> [String] {
        guard let sources else { return [] }
        return (sources.items ?? [sources]).compactMap { ($0["path"] ?? $0).string }
    }

    private mutating func checkSources(_ sources: YAMLNode?, name: String, line: Int) {
        guard let sources else {
            error(line, "target \(name) has no sources; set sources: [Sources]")
            return
        }
        let items = sources.items ?? [sources]
        for item in items {
            var pathNode = item
            var optional = false
            if item.entries != nil {
                checkKeys(item, XcodeGenKeys.source, where: "a source of target \(name)")
                guard let path = item["path"] else {
                    error(item.line, "a source of target \(name) has no path")
                    continue
                }
                pathNode = path
                optional = item["optional"]?.value == .boolean(true)
            }
            guard let path = pathNode.string else {
                error(pathNode.line, "a source path must be text, not \(pathNode.kindDescription)")
                continue
            }
            if !optional && !FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path) {
                error(pathNode.line, "source folder '\(path)' of target \(name) does not exist")
            }
        }
        let privacy = Self.sourcePaths(sources).contains { path in
            let enumerator = FileManager.default.enumerator(atPath: folder.appendingPathComponent(path).path)
            return (enumerator?.allObjects as? [String] ?? []).contains { $0.hasSuffix("PrivacyInfo.xcprivacy") }
        }
        if !privacy {
            warning(
                sources.line,
                "no PrivacyInfo.xcprivacy in the sources of target \(name); declare the UserDefaults use (reason CA92.1)"
            )
        }
    }

    private mutating func checkDependencies(
        _ dependencies: YAMLNode?, name: String, line: Int, packages: Set<String>, isApplication: Bool
    ) {
        var linksRastrillo = false
        for item in dependencies?.items ?? [] {
            checkKeys(item, XcodeGenKeys.dependency, where: "a dependency of target \(name)")
            guard let package = item["package"] else { continue }
            guard let packageName = package.string, packages.contains(packageName) else {
                error(
                    package.line, "dependency on package '\(package.string ?? "?")', which 'packages' does not declare")
                continue
            }
            guard packageName == "RastrilloNative" else { continue }
            guard let product = item["product"]?.string else {
                error(item.line, "the RastrilloNative dependency names no product; add product: RastrilloNative")
                continue
            }
            if XcodeGenKeys.rastrilloNativeProducts.contains(product) {
                if product == "RastrilloNative" { linksRastrillo = true }
            } else {
                error(
                    item["product"]!.line,
                    "RastrilloNative has no product '\(product)'; its products are "
                        + XcodeGenKeys.rastrilloNativeProducts.joined(separator: ", "))
            }
        }
        if let dependencies, dependencies.items == nil {
            error(dependencies.line, "dependencies must be a list")
        }
        if isApplication && !linksRastrillo {
            error(
                dependencies?.line ?? line,
                "target \(name) does not depend on RastrilloNative; add - package: RastrilloNative / product: RastrilloNative"
            )
        }
    }

    private mutating func checkSettings(_ settings: YAMLNode?, name: String) {
        guard let settings, let entries = settings.entries else { return }
        let isGrouped = entries.contains { XcodeGenKeys.settings.contains($0.key) }
        var bases: [YAMLNode] = []
        if isGrouped {
            checkKeys(settings, XcodeGenKeys.settings, where: "settings of target \(name)")
            if let base = settings["base"] { bases.append(base) }
            for config in settings["configs"]?.entries ?? [] { bases.append(config.value) }
        } else {
            bases.append(settings)
        }
        for base in bases {
            if let identifier = base["PRODUCT_BUNDLE_IDENTIFIER"] {
                checkBundleID(identifier, what: "PRODUCT_BUNDLE_IDENTIFIER", allowSingleComponent: false)
            }
            for entry in base.entries ?? [] where entry.key.hasPrefix("INFOPLIST_KEY_NSAppTransportSecurity") {
                error(entry.line, "App Transport Security stays strict in the companion; remove \(entry.key)")
            }
        }
    }

    private mutating func checkInfo(_ info: YAMLNode?, name: String) {
        guard let info else { return }
        checkKeys(info, XcodeGenKeys.info, where: "info of target \(name)")
        if let ats = info["properties"]?["NSAppTransportSecurity"] {
            error(ats.line, "App Transport Security stays strict in the companion; remove NSAppTransportSecurity")
        }
    }

    private mutating func checkBundleID(_ node: YAMLNode, what: String, allowSingleComponent: Bool) {
        guard let identifier = node.string else {
            error(node.line, "\(what) must be text, not \(node.kindDescription)")
            return
        }
        let probe = allowSingleComponent && !identifier.contains(".") ? identifier + ".app" : identifier
        if let problem = CompanionInputs.problem(withBundleID: probe) {
            error(node.line, "\(what) '\(identifier)' is invalid: \(problem)")
        } else if CompanionInputs.isPlaceholderBundleID(identifier) {
            warning(node.line, "\(what) '\(identifier)' is the example's placeholder; use a bundle ID your team owns")
        }
    }
}
