import Foundation
import RastrilloNative

/// The cross-check of project.yml against the app's `app-manifest.json`: the
/// build-tool plugin is applied to the target that holds the manifest, and the
/// associated-domains entitlement lists exactly the hosts of the manifest's
/// universal links (`applinks:<host>`), so the AASA file and the app agree.
extension CompanionChecker {
    /// The entitlement key XcodeGen writes into the target's `.entitlements` file.
    static let associatedDomainsKey = "com.apple.developer.associated-domains"
    /// The manifest file name the build-tool plugin compiles.
    static let manifestName = "app-manifest.json"

    /// Checks one target whose sources were read from `sourcePaths` (relative to the companion folder).
    mutating func checkManifestWiring(_ target: YAMLNode, name: String, line: Int, sourcePaths: [String]) {
        let plugins = checkBuildToolPlugins(target["buildToolPlugins"], name: name)
        let entitlements = target["entitlements"]
        if let entitlements {
            checkKeys(entitlements, XcodeGenKeys.entitlements, where: "entitlements of target \(name)")
        }
        guard let manifestPath = findManifest(in: sourcePaths) else { return }
        if !plugins.contains("RastrilloManifestPlugin") {
            error(
                Self.keyLine("buildToolPlugins", in: target) ?? line,
                "target \(name) has \(manifestPath) in its sources but does not apply RastrilloManifestPlugin; add "
                    + "buildToolPlugins: [{plugin: RastrilloManifestPlugin, package: RastrilloNative}]")
        }
        let manifest: AppManifest
        do {
            let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(manifestPath).path) ?? Data()
            manifest = try AppManifest.decode(Array(bytes), source: manifestPath)
        } catch {
            self.error(line, "\(manifestPath) of target \(name) is not a valid manifest: \(error)")
            return
        }
        checkAssociatedDomains(
            entitlements, manifest: manifest, manifestPath: manifestPath, name: name,
            line: Self.keyLine("entitlements", in: target) ?? line)
    }

    /// The hosts whose AASA file names the app: every https origin and alias, when any
    /// destination is a universal link.
    static func universalLinkHosts(of manifest: AppManifest) -> [String] {
        let magicLinks = manifest.session?.kind == .auth
        guard magicLinks || manifest.destinations.contains(where: { $0.link == .universalLink }) else { return [] }
        return httpsHosts(of: manifest)
    }

    /// The hosts a Rastrillo `auth` session needs `webcredentials:<host>` for: passkeys on the
    /// app's host (the WebAuthn RP ID) work in the web view only with it, and keymail's https
    /// callback (`ASWebAuthenticationSession.Callback.https`) needs the app associated with it.
    static func webCredentialHosts(of manifest: AppManifest) -> [String] {
        manifest.session?.kind == .auth ? httpsHosts(of: manifest) : []
    }

    private static func httpsHosts(of manifest: AppManifest) -> [String] {
        var seen: Set<String> = []
        return manifest.internalOrigins.filter { $0.scheme == "https" }.map(\.host).filter { seen.insert($0).inserted }
    }

    private mutating func checkAssociatedDomains(
        _ entitlements: YAMLNode?, manifest: AppManifest, manifestPath: String, name: String, line: Int
    ) {
        let needed = Self.universalLinkHosts(of: manifest)
        let credentials = Self.webCredentialHosts(of: manifest)
        let list = entitlements?["properties"]?[Self.associatedDomainsKey]
        guard let list else {
            let entries = needed.map { "applinks:\($0)" } + credentials.map { "webcredentials:\($0)" }
            if !entries.isEmpty {
                error(
                    line,
                    "target \(name) has no \(Self.associatedDomainsKey) entitlement, but the universal links and "
                        + "sign-in of \(manifestPath) need " + entries.joined(separator: ", ")
                        + "; add entitlements: {path: \(name).entitlements, properties: {\(Self.associatedDomainsKey): [...]}}"
                )
            }
            return
        }
        guard let items = list.items else {
            error(list.line, "\(Self.associatedDomainsKey) must be a list of applinks:<host> entries")
            return
        }
        // Each service of the entitlement: its prefix, the hosts the manifest needs it for, and
        // what to say of an extra entry and of a missing one.
        let services:
            [(prefix: String, needed: [String], extra: (String, String) -> String, missing: (String) -> String)] = [
                (
                    "applinks:", needed,
                    { text, bare in
                        "\(text) is not the host of a universal link in \(manifestPath); remove it, or add https://\(bare) "
                            + "to the manifest's origins"
                    },
                    { host in
                        "\(Self.associatedDomainsKey) lacks applinks:\(host), which the universal links of \(manifestPath) "
                            + "need (origin https://\(host)); add it"
                    }
                ),
                (
                    "webcredentials:", credentials,
                    { text, bare in
                        "\(text) is not a host of \(manifestPath) whose sign-in needs it (a session of kind auth on "
                            + "https://\(bare)); remove it, or fix the host"
                    },
                    { host in
                        "\(Self.associatedDomainsKey) lacks webcredentials:\(host), which the auth sign-in of "
                            + "\(manifestPath) needs (passkeys on https://\(host) in the web view, keymail's https callback); "
                            + "add it"
                    }
                ),
            ]
        var declared: [String: Set<String>] = [:]
        for item in items {
            guard let text = item.string else {
                error(item.line, "\(Self.associatedDomainsKey) entries must be text such as applinks:app.example.com")
                continue
            }
            guard let service = services.first(where: { text.hasPrefix($0.prefix) }) else { continue }
            let host = String(text.dropFirst(service.prefix.count))
            let bare = host.split(separator: "?").first.map(String.init) ?? host
            declared[service.prefix, default: []].insert(bare)
            if !service.needed.contains(bare) { error(item.line, service.extra(text, bare)) }
        }
        let listLine =
            entitlements?["properties"].flatMap { Self.keyLine(Self.associatedDomainsKey, in: $0) } ?? list.line
        for service in services {
            for host in service.needed where declared[service.prefix]?.contains(host) != true {
                error(listLine, service.missing(host))
            }
        }
    }

    /// The line of `key` itself in a mapping (a node's own line is that of its first child).
    static func keyLine(_ key: String, in mapping: YAMLNode) -> Int? {
        mapping.entries?.first { $0.key == key }?.line
    }

    /// The plugin names of `buildToolPlugins`, after checking each entry's keys.
    private mutating func checkBuildToolPlugins(_ plugins: YAMLNode?, name: String) -> Set<String> {
        guard let plugins else { return [] }
        guard let items = plugins.items else {
            error(plugins.line, "buildToolPlugins of target \(name) must be a list of {plugin: …, package: …}")
            return []
        }
        var names: Set<String> = []
        for item in items {
            checkKeys(item, XcodeGenKeys.buildToolPlugin, where: "a build tool plugin of target \(name)")
            guard let plugin = item["plugin"]?.string else {
                error(item.line, "a build tool plugin of target \(name) names no plugin")
                continue
            }
            if plugin == "RastrilloManifestPlugin" && item["package"]?.string != "RastrilloNative" {
                error(
                    item.line,
                    "RastrilloManifestPlugin comes from package RastrilloNative; set package: RastrilloNative")
            }
            names.insert(plugin)
        }
        return names
    }

    /// The first `app-manifest.json` under the source folders, relative to the companion folder.
    private func findManifest(in sourcePaths: [String]) -> String? {
        for path in sourcePaths {
            let base = folder.appendingPathComponent(path)
            let files = (FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? []).sorted()
            if let found = files.first(where: { ($0 as NSString).lastPathComponent == Self.manifestName }) {
                return path.hasSuffix("/") ? path + found : path + "/" + found
            }
        }
        return nil
    }
}
