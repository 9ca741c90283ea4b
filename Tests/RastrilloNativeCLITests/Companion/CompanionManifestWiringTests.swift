import Foundation
import Testing

@testable import RastrilloNativeCLI

/// `companion check` keeps project.yml in step with the app's app-manifest.json: the build-tool
/// plugin is applied, and the associated domains match the manifest's universal-link hosts.
@Suite("companion check: manifest wiring")
struct CompanionManifestWiringTests {
    static let manifestPath = "Sources/CompanionCore/app-manifest.json"
    static let domainsKey = "com.apple.developer.associated-domains"

    static let defects: [CompanionCheckTests.Defect] = [
        .init(
            name: "applinks entry missing for a manifest host", from: "          - applinks:www.example.com\n", to: "",
            marker: "\(domainsKey):", severity: .error,
            message:
                "\(domainsKey) lacks applinks:www.example.com, which the universal links of \(manifestPath) need "
                + "(origin https://www.example.com); add it"),
        .init(
            name: "applinks entry for a host the manifest does not have",
            from: "          - applinks:www.example.com\n",
            to: "          - applinks:www.example.com\n          - applinks:staging.example.org\n",
            marker: "applinks:staging.example.org", severity: .error,
            message:
                "applinks:staging.example.org is not the host of a universal link in \(manifestPath); remove it, or "
                + "add https://staging.example.org to the manifest's origins"),
        .init(
            name: "no associated-domains entitlement",
            from: "      properties:\n        \(domainsKey):\n          - applinks:app.example.com\n"
                + "          - applinks:www.example.com\n",
            to: "", marker: "    entitlements:", severity: .error,
            message:
                "target Companion has no \(domainsKey) entitlement, but the universal links and sign-in of "
                + "\(manifestPath) need applinks:app.example.com, applinks:www.example.com"),
        .init(
            name: "build tool plugin not applied",
            from: "    buildToolPlugins:\n      - plugin: RastrilloManifestPlugin\n        package: RastrilloNative\n",
            to: "", marker: "  Companion:", severity: .error,
            message:
                "target Companion has \(manifestPath) in its sources but does not apply RastrilloManifestPlugin; add "
                + "buildToolPlugins: [{plugin: RastrilloManifestPlugin, package: RastrilloNative}]"),
        .init(
            name: "plugin from the wrong package",
            from: "      - plugin: RastrilloManifestPlugin\n        package: RastrilloNative\n",
            to: "      - plugin: RastrilloManifestPlugin\n        package: Other\n",
            marker: "- plugin: RastrilloManifestPlugin", severity: .error,
            message: "RastrilloManifestPlugin comes from package RastrilloNative; set package: RastrilloNative"),
        .init(
            name: "misspelled entitlements key", from: "      path: Companion.entitlements\n",
            to: "      paht: Companion.entitlements\n", marker: "paht:", severity: .error,
            message:
                "unknown key 'paht' in entitlements of target Companion; XcodeGen would silently ignore it. "
                + "Did you mean 'path'?"),
    ]

    @Test("each wiring defect is reported with its line and message", arguments: defects)
    func defect(_ defect: CompanionCheckTests.Defect) throws {
        try CompanionCheckTests().defect(defect)
    }

    @Test("a host added to the manifest needs its applinks entry; an invalid manifest is named")
    func manifestSide() throws {
        let folder = try CompanionFixture.pinned()
        defer { CompanionFixture.removeTemporary(folder) }
        let manifestURL = folder.appendingPathComponent(Self.manifestPath)
        let text = try String(contentsOf: manifestURL, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "\"aliases\": [\"https://www.example.com\"]",
            with: "\"aliases\": [\"https://www.example.com\", \"https://m.example.com\"]")
        #expect(edited != text)
        try edited.write(to: manifestURL, atomically: true, encoding: .utf8)
        let line = try CompanionFixture.line(of: "\(Self.domainsKey):", in: folder)
        let diagnostics = CompanionFixture.check(folder)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.line == line)
        #expect(diagnostics.first?.message.contains("lacks applinks:m.example.com") == true)

        try "{\"schemaVersion\": 1}".write(to: manifestURL, atomically: true, encoding: .utf8)
        let broken = CompanionFixture.check(folder)
        #expect(broken.count == 1)
        #expect(
            broken.first?.message.contains("\(Self.manifestPath) of target Companion is not a valid manifest") == true)
    }

    @Test("a Rastrillo auth session needs webcredentials for every https host, and no other")
    func authSessionNeedsWebCredentials() throws {
        let folder = try CompanionFixture.pinned()
        defer { CompanionFixture.removeTemporary(folder) }
        let manifestURL = folder.appendingPathComponent(Self.manifestPath)
        let text = try String(contentsOf: manifestURL, encoding: .utf8)
        let signIn = #"{"id": "signIn", "pattern": "/signin", "presentation": "web", "titleKey": "destination.signIn"}"#
        let first = try #require(text.range(of: "\"destinations\": ["))
        let edited = text.replacingCharacters(
            in: first,
            with: "\"session\": {\"kind\": \"auth\", \"signIn\": \"signIn\"},\n  \"destinations\": [" + signIn + ",")
        #expect(edited != text)
        try edited.write(to: manifestURL, atomically: true, encoding: .utf8)
        let line = try CompanionFixture.line(of: "\(Self.domainsKey):", in: folder)
        let missing = CompanionFixture.check(folder)
        #expect(missing.map(\.line) == [line, line], "\(missing)")
        #expect(
            missing.map(\.message).sorted()
                == ["app.example.com", "www.example.com"].map {
                    "\(Self.domainsKey) lacks webcredentials:\($0), which the auth sign-in of \(Self.manifestPath) needs "
                        + "(passkeys on https://\($0) in the web view, keymail's https callback); add it"
                })

        let project = folder.appendingPathComponent("project.yml")
        let yml = try String(contentsOf: project, encoding: .utf8)
        let withCredentials = yml.replacingOccurrences(
            of: "          - applinks:www.example.com\n",
            with: "          - applinks:www.example.com\n          - webcredentials:app.example.com\n"
                + "          - webcredentials:www.example.com\n          - webcredentials:other.example.org\n")
        #expect(withCredentials != yml)
        try withCredentials.write(to: project, atomically: true, encoding: .utf8)
        let extra = CompanionFixture.check(folder)
        #expect(extra.count == 1, "\(extra)")
        #expect(extra.first?.message.hasPrefix("webcredentials:other.example.org is not a host of") == true)
    }

    @Test("without universal links, no applinks entry is needed and any is reported")
    func noUniversalLinks() throws {
        let folder = try CompanionFixture.pinned()
        defer { CompanionFixture.removeTemporary(folder) }
        let manifestURL = folder.appendingPathComponent(Self.manifestPath)
        let text = try String(contentsOf: manifestURL, encoding: .utf8)
        let edited = text.replacingOccurrences(of: ", \"link\": \"universalLink\"", with: "")
        #expect(edited != text)
        try edited.write(to: manifestURL, atomically: true, encoding: .utf8)
        let diagnostics = CompanionFixture.check(folder)
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.message.contains("is not the host of a universal link") })
    }
}
