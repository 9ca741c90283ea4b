/// The XcodeGen keys `companion check` supports, per level of project.yml.
/// XcodeGen silently ignores unknown keys (a misspelled `dependancies:` just
/// leaves the package unlinked), so the check refuses anything else.
enum XcodeGenKeys {
    static let project: Set<String> = [
        "name", "options", "packages", "targets", "settings", "configs", "fileGroups", "schemes", "attributes",
    ]
    static let options: Set<String> = [
        "bundleIdPrefix", "deploymentTarget", "developmentLanguage", "createIntermediateGroups", "groupSortPosition",
        "generateEmptyDirectories", "minimumXcodeGenVersion", "xcodeVersion", "indentWidth", "tabWidth", "usesTabs",
        "defaultConfig",
    ]
    static let platforms: Set<String> = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]
    static let package: Set<String> = [
        "url", "github", "path", "revision", "branch", "from", "exactVersion", "majorVersion", "minorVersion",
        "minVersion", "maxVersion", "group", "excludeFromProject",
    ]
    static let target: Set<String> = [
        "type", "platform", "supportedDestinations", "deploymentTarget", "sources", "dependencies", "settings", "info",
        "entitlements", "configFiles", "scheme", "preBuildScripts", "postBuildScripts", "buildRules", "attributes",
        "productName", "buildToolPlugins",
    ]
    static let entitlements: Set<String> = ["path", "properties"]
    static let buildToolPlugin: Set<String> = ["plugin", "package"]
    static let source: Set<String> = [
        "path", "name", "excludes", "includes", "type", "optional", "buildPhase", "createIntermediateGroups", "group",
        "compilerFlags", "headerVisibility", "resourceTags", "destinationFilters", "inferDestinationFiltersByPath",
    ]
    static let dependency: Set<String> = [
        "package", "product", "products", "target", "framework", "sdk", "embed", "link", "codeSign", "weak",
        "destinationFilters", "platformFilter",
    ]
    static let settings: Set<String> = ["base", "configs", "groups"]
    static let info: Set<String> = ["path", "properties"]
    static let targetTypes: Set<String> = [
        "application", "framework", "library.static", "library.dynamic", "bundle", "bundle.unit-test",
        "bundle.ui-testing", "app-extension", "extensionkit-extension", "tool",
    ]
    static let destinations: Set<String> = ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "macCatalyst"]
    /// The library products of RastrilloNative (its Package.swift `.library` entries).
    static let rastrilloNativeProducts: [String] = ["RastrilloNative", "RastrilloCrypto"]
    /// The oldest deployment targets RastrilloNative supports.
    static let minimumDeploymentTargets: [String: [Int]] = ["iOS": [17, 0], "macOS": [14, 0]]

    /// The closest supported key to a misspelled one, if any is close.
    static func suggestion(for key: String, in keys: Set<String>) -> String? {
        let lowered = key.lowercased()
        let scored = keys.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= max(2, key.count / 4) ? best.0 : nil
    }

    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
