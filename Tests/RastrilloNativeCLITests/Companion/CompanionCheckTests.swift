import Foundation
import Testing

@testable import RastrilloNativeCLI

@Suite("companion check")
struct CompanionCheckTests {
    @Test("a pinned companion with owned bundle IDs is clean, also with --release")
    func clean() throws {
        let folder = try CompanionFixture.pinned()
        defer { CompanionFixture.removeTemporary(folder) }
        #expect(CompanionFixture.check(folder, release: true) == [])
    }

    /// One defect per case: the project.yml edit, the marker of the line the
    /// finding must name, the severity and the expected message text.
    struct Defect: CustomTestStringConvertible, Sendable {
        let name: String
        let from: String
        let to: String
        let marker: String
        let severity: CompanionDiagnostic.Severity
        let message: String
        var testDescription: String { name }
    }

    static let defects: [Defect] = [
        Defect(
            name: "misspelled key", from: "    dependencies:\n", to: "    dependancies:\n", marker: "dependancies:",
            severity: .error,
            message:
                "unknown key 'dependancies' in target Companion; XcodeGen would silently ignore it. Did you mean 'dependencies'?"
        ),
        Defect(
            name: "misspelled top-level key", from: "packages:\n", to: "package:\n", marker: "package:",
            severity: .error,
            message: "unknown key 'package' in the project; XcodeGen would silently ignore it. Did you mean 'packages'?"
        ),
        Defect(
            name: "missing supportedDestinations", from: "    supportedDestinations: [iOS, macOS]\n", to: "",
            marker: "  Companion:", severity: .error,
            message: "target Companion has no supportedDestinations; set supportedDestinations: [iOS, macOS]"),
        Defect(
            name: "invalid destination", from: "[iOS, macOS]", to: "[iOS, macOs]", marker: "supportedDestinations",
            severity: .error,
            message:
                "supportedDestinations entry 'macOs' is not a destination (XcodeGen drops it silently). Did you mean 'macOS'?"
        ),
        Defect(
            name: "destination missing", from: "[iOS, macOS]", to: "[iOS]", marker: "supportedDestinations",
            severity: .error, message: "supportedDestinations lacks macOS; the companion runs on iOS and macOS"),
        Defect(
            name: "missing platform", from: "    platform: auto\n", to: "", marker: "  Companion:", severity: .error,
            message: "target Companion has no platform; set platform: auto (with supportedDestinations)"),
        Defect(
            name: "platform not auto", from: "    platform: auto\n", to: "    platform: iOS\n", marker: "platform: iOS",
            severity: .error, message: "with supportedDestinations, platform must be auto (not 'iOS')"),
        Defect(
            name: "iOS deployment target too low", from: "iOS: \"17.0\"", to: "iOS: \"16.4\"", marker: "iOS: \"16.4\"",
            severity: .error,
            message: "options.deploymentTarget.iOS 16.4 is below 17.0, the oldest RastrilloNative supports"),
        Defect(
            name: "macOS deployment target too low", from: "macOS: \"14.0\"", to: "macOS: \"13\"",
            marker: "macOS: \"13\"",
            severity: .error,
            message: "options.deploymentTarget.macOS 13 is below 14.0, the oldest RastrilloNative supports"),
        Defect(
            name: "unquoted deployment target", from: "iOS: \"17.0\"", to: "iOS: 17.0", marker: "iOS: 17.0",
            severity: .error, message: "'17.0' starts like a number but is not a plain integer"),
        Defect(
            name: "revision missing", from: "    revision: \"\(CompanionFixture.revision)\"\n", to: "",
            marker: "  RastrilloNative:", severity: .error,
            message: "RastrilloNative has a url but no revision; add revision: \"<40-hex commit>\""),
        Defect(
            name: "short revision", from: CompanionFixture.revision, to: "0123456", marker: "revision:",
            severity: .error,
            message: "RastrilloNative revision must be a full 40-hex commit sha in quotes"),
        Defect(
            name: "pinned by branch", from: "    revision: \"\(CompanionFixture.revision)\"\n",
            to: "    revision: \"\(CompanionFixture.revision)\"\n    branch: main\n", marker: "branch: main",
            severity: .error, message: "RastrilloNative is pinned by 'branch'; pin it to the reviewed commit instead"),
        Defect(
            name: "http package URL", from: "\"https://github.com/", to: "\"http://github.com/", marker: "url:",
            severity: .error, message: "a package URL is https://… or an SSH git URL"),
        Defect(
            name: "local path without Package.swift",
            from:
                "    url: \"https://github.com/rastrilloorg/rastrillo-native.git\"\n    revision: \"\(CompanionFixture.revision)\"\n",
            to: "    path: ../nowhere\n", marker: "path: ../nowhere", severity: .error,
            message: "RastrilloNative path '../nowhere' has no Package.swift"),
        Defect(
            name: "placeholder bundle ID", from: "PRODUCT_BUNDLE_IDENTIFIER: org.acme.companion",
            to: "PRODUCT_BUNDLE_IDENTIFIER: com.example.companion", marker: "PRODUCT_BUNDLE_IDENTIFIER",
            severity: .warning,
            message:
                "PRODUCT_BUNDLE_IDENTIFIER 'com.example.companion' is the example's placeholder; use a bundle ID your team owns"
        ),
        Defect(
            name: "placeholder prefix", from: "bundleIdPrefix: org.acme", to: "bundleIdPrefix: com.example",
            marker: "bundleIdPrefix", severity: .warning,
            message: "bundleIdPrefix 'com.example' is the example's placeholder"),
        Defect(
            name: "invalid bundle ID", from: "PRODUCT_BUNDLE_IDENTIFIER: org.acme.companion",
            to: "PRODUCT_BUNDLE_IDENTIFIER: org.acme..companion", marker: "PRODUCT_BUNDLE_IDENTIFIER", severity: .error,
            message: "PRODUCT_BUNDLE_IDENTIFIER 'org.acme..companion' is invalid: a bundle ID has no empty parts"),
        Defect(
            name: "missing source folder", from: "      - path: Sources\n", to: "      - path: Source\n",
            marker: "path: Source", severity: .error,
            message: "source folder 'Source' of target Companion does not exist"),
        Defect(
            name: "product that does not exist", from: "        product: RastrilloNative\n",
            to: "        product: RastrilloNativeKit\n", marker: "product: RastrilloNativeKit", severity: .error,
            message:
                "RastrilloNative has no product 'RastrilloNativeKit'; its products are RastrilloNative, RastrilloCrypto"
        ),
        Defect(
            name: "undeclared package", from: "      - package: RastrilloNative\n", to: "      - package: Rastrillo\n",
            marker: "package: Rastrillo", severity: .error,
            message: "dependency on package 'Rastrillo', which 'packages' does not declare"),
        Defect(
            name: "ATS exception", from: "    settings:\n",
            to:
                "    info:\n      path: Info.plist\n      properties:\n        NSAppTransportSecurity: x\n    settings:\n",
            marker: "NSAppTransportSecurity", severity: .error,
            message: "App Transport Security stays strict in the companion; remove NSAppTransportSecurity"),
        Defect(
            name: "tab in YAML", from: "    type: application\n", to: "    type:\tapplication\n", marker: "type:",
            severity: .error, message: "tab character; indent and separate with spaces"),
        Defect(
            name: "duplicate key", from: "    type: application\n", to: "    type: application\n    type: framework\n",
            marker: "type: framework", severity: .error, message: "duplicate key 'type'"),
    ]

    @Test("each defect is reported with its line and message", arguments: defects)
    func defect(_ defect: Defect) throws {
        let folder = try CompanionFixture.pinned { text in
            #expect(
                text.components(separatedBy: defect.from).count == 2, "fixture edit must match once: \(defect.name)")
            return text.replacingOccurrences(of: defect.from, with: defect.to)
        }
        defer { CompanionFixture.removeTemporary(folder) }
        let line = try CompanionFixture.line(of: defect.marker, in: folder)
        let diagnostics = CompanionFixture.check(folder)
        let match = diagnostics.first { $0.line == line && $0.message.contains(defect.message) }
        #expect(match?.severity == defect.severity, "\(defect.name): \(diagnostics.map(\.description))")
        #expect(match?.description.hasPrefix("App/project.yml:\(line): \(defect.severity.rawValue): ") == true)
    }

    @Test("a local package path is a warning, and an error with --release")
    func localPath() throws {
        let folder = try CompanionFixture.pinned()
        defer { CompanionFixture.removeTemporary(folder) }
        let relative = PackageCheckoutLocator.relativePath(from: folder, to: CompanionFixture.repositoryRoot)
        let spec = folder.appendingPathComponent("project.yml")
        let text = try String(contentsOf: spec, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of:
                "    url: \"https://github.com/rastrilloorg/rastrillo-native.git\"\n    revision: \"\(CompanionFixture.revision)\"\n",
            with: "    path: \(relative)\n")
        #expect(edited != text)
        try edited.write(to: spec, atomically: true, encoding: .utf8)
        let line = try CompanionFixture.line(of: "    path: ", in: folder)
        let message = "RastrilloNative is a local path ('\(relative)'); before release pin url + revision"
        let normal = CompanionFixture.check(folder)
        #expect(normal.count == 1)
        #expect(normal.first?.severity == .warning && normal.first?.line == line)
        #expect(normal.first?.message.contains(message) == true)
        let release = CompanionFixture.check(folder, release: true)
        #expect(release.map(\.severity) == [.error])
    }

    @Test("the CLI exits 0 with warnings, 1 with errors or with --release warnings")
    func exitCodes() throws {
        let folder = try CompanionFixture.pinned {
            $0.replacingOccurrences(of: "bundleIdPrefix: org.acme", with: "bundleIdPrefix: com.example")
        }
        defer { CompanionFixture.removeTemporary(folder) }
        let io = CapturedOutput()
        #expect(CLI.main(["companion", "check", folder.path], io: io.output) == 0)
        #expect(io.stdout.contains("warning: bundleIdPrefix 'com.example'"))
        let release = CapturedOutput()
        #expect(CLI.main(["companion", "check", folder.path, "--release"], io: release.output) == 1)
        #expect(release.stderr.contains("error: bundleIdPrefix 'com.example'"))
        let missing = CapturedOutput()
        #expect(CLI.main(["companion", "check"], io: missing.output) == 2)
        #expect(missing.stderr.hasPrefix("error: missing argument '<dir>'\n"))
    }

    @Test("examples/companion has only the expected warnings (placeholders and the local path)")
    func example() {
        var checker = CompanionChecker(
            folder: CompanionFixture.repositoryRoot.appendingPathComponent("examples/companion"),
            displayFolder: "examples/companion")
        let diagnostics = checker.run()
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(diagnostics.map(\.line) == [6, 12, 38])
    }
}
