import Foundation
import Testing

@testable import RastrilloNativeCLI

@Suite("companion new")
struct CompanionNewTests {
    private func run(_ arguments: [String], checkout: URL? = CompanionFixture.repositoryRoot) -> (Int32, CapturedOutput)
    {
        let io = CapturedOutput()
        let status: Int32
        do {
            let parsed = try CLIParser.parse(arguments, for: CompanionCommand.New.configuration)
            status = try CompanionCommand.runNew(
                parsed, io: io.output, checkout: { checkout },
                templates: [.companion: try CompanionFixture.templateOnDisk()])
        } catch let error as CLIUsageError {
            io.output.error("error: \(error.message)")
            status = 2
        } catch {
            io.output.error("error: \(error)")
            status = 1
        }
        return (status, io)
    }

    @Test("without a pin it writes the template with a relative local path and a warning; check passes")
    func localCheckout() throws {
        let folder = try CompanionFixture.temporaryFolder().appendingPathComponent("MyCompanion")
        defer { CompanionFixture.removeTemporary(folder) }
        let (status, io) = run([folder.path, "--name", "MyCompanion", "--bundle-id", "com.example.mycompanion"])
        #expect(status == 0, "\(io.stderr)")
        #expect(io.stderr.contains("warning: RastrilloNative is referenced by the local path"))
        #expect(io.stdout.contains("xcodegen generate"))
        let spec = try String(contentsOf: folder.appendingPathComponent("project.yml"), encoding: .utf8)
        let relative = PackageCheckoutLocator.relativePath(from: folder, to: CompanionFixture.repositoryRoot)
        #expect(spec.contains("name: MyCompanion\n"))
        #expect(spec.contains("  MyCompanion:\n"))
        #expect(spec.contains("PRODUCT_BUNDLE_IDENTIFIER: com.example.mycompanion\n"))
        #expect(spec.contains("    path: \"\(relative)\"\n"))
        #expect(
            PackageCheckoutLocator.isRastrilloNativeCheckout(
                folder.appendingPathComponent(relative).standardizedFileURL))
        let diagnostics = CompanionFixture.check(folder)
        #expect(diagnostics.allSatisfy { $0.severity == .warning }, "\(diagnostics)")
        #expect(diagnostics.count == 3)  // bundleIdPrefix and bundle ID placeholders, local path
        #expect(
            try CompanionFixture.templateOnDisk().count
                == (try FileManager.default.subpathsOfDirectory(atPath: folder.path))
                .filter { !$0.hasSuffix("/") && !FileManager.default.isDirectory(folder.appendingPathComponent($0)) }
                .count)
    }

    @Test("pinned to url + revision, with a server, it is release-clean")
    func pinned() throws {
        let folder = try CompanionFixture.temporaryFolder().appendingPathComponent("Shop")
        defer { CompanionFixture.removeTemporary(folder) }
        let (status, io) = run(
            [
                folder.path, "--name", "Shop", "--bundle-id", "org.acme.shop", "--package-url",
                "git@github.com:acme/rastrillo-native.git", "--revision", CompanionFixture.revision.uppercased(),
                "--server", "https://shop.acme.org/",
            ], checkout: nil)
        #expect(status == 0, "\(io.stderr)")
        #expect(io.stderr.isEmpty)
        #expect(CompanionFixture.check(folder, release: true) == [])
        let manifest = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            manifest.contains(
                ".package(url: \"git@github.com:acme/rastrillo-native.git\", revision: \"\(CompanionFixture.revision)\")"
            ))
        #expect(manifest.contains(".product(name: \"RastrilloNative\", package: \"rastrillo-native\")"))
        let defaults = try String(
            contentsOf: folder.appendingPathComponent("Sources/CompanionCore/CompanionDefaults.swift"), encoding: .utf8)
        #expect(defaults.contains("serverAddress = \"https://shop.acme.org\""))
    }

    static let refusalCases: [([String], Int32, String)] = [
        (["--name", "1App", "--bundle-id", "org.acme.x"], 2, "--name '1App': an app name must start with a letter"),
        (["--name", "My App", "--bundle-id", "org.acme.x"], 2, "may contain only ASCII letters, digits and '_'"),
        (["--name", "CompanionCore", "--bundle-id", "org.acme.x"], 2, "is the name of a module the app uses"),
        (["--name", "App", "--bundle-id", "companion"], 2, "--bundle-id 'companion': a bundle ID is reverse DNS"),
        (["--name", "App", "--bundle-id", "org.acme_x.app"], 2, "may contain only ASCII letters, digits, '-' and '.'"),
        (["--name", "App", "--bundle-id", "org..app"], 2, "no empty parts"),
        (["--name", "App"], 2, "missing option '--bundle-id <reverse.dns>'"),
        (
            ["--name", "App", "--bundle-id", "org.acme.app", "--from", "blog"], 2,
            "--from 'blog' is not a bundled example; use one of: companion, notes"
        ),
        (
            ["--name", "App", "--bundle-id", "org.acme.app", "--from", "notes", "--server", "https://a.example"], 2,
            "--server: the notes example takes its server from its app-manifest.json origins"
        ),
        (["--bundle-id", "org.acme.app"], 2, "missing option '--name <AppName>'"),
        (
            [
                "--name", "App", "--bundle-id", "org.acme.app", "--package-url", "https://github.com/a/b.git",
                "--revision", "abc123",
            ],
            2, "--revision 'abc123' is not a full commit sha (40 hex digits)"
        ),
        (
            [
                "--name", "App", "--bundle-id", "org.acme.app", "--package-url", "https://github.com/a/b.git",
                "--revision",
                String(repeating: "g", count: 40),
            ], 2, "is not a full commit sha"
        ),
        (
            ["--name", "App", "--bundle-id", "org.acme.app", "--package-url", "https://github.com/a/b.git"], 2,
            "--package-url needs --revision"
        ),
        (
            ["--name", "App", "--bundle-id", "org.acme.app", "--revision", CompanionFixture.revision], 2,
            "--revision needs --package-url"
        ),
        (
            [
                "--name", "App", "--bundle-id", "org.acme.app", "--package-url", "http://github.com/a/b.git",
                "--revision",
                CompanionFixture.revision,
            ], 2, "a package URL is https://… or an SSH git URL"
        ),
        (
            ["--name", "App", "--bundle-id", "org.acme.app", "--server", "http://example.com"], 2,
            "--server: http://example.com uses plain http"
        ),
        (["--name", "App", "--bundle-id", "org.acme.app", "--colour"], 2, "unknown option '--colour'"),
    ]

    @Test("refuses invalid names, bundle IDs, revisions, URLs and servers", arguments: refusalCases)
    func refusals(arguments: [String], status: Int32, message: String) throws {
        let folder = try CompanionFixture.temporaryFolder().appendingPathComponent("X")
        defer { CompanionFixture.removeTemporary(folder) }
        let (code, io) = run([folder.path] + arguments)
        #expect(code == status)
        #expect(io.stderr.contains(message), "\(io.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("refuses a non-empty folder unless --force")
    func nonEmpty() throws {
        let folder = try CompanionFixture.temporaryFolder()
        defer { CompanionFixture.removeTemporary(folder) }
        try Data("keep".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let arguments = [folder.path, "--name", "App", "--bundle-id", "org.acme.app"]
        let (refused, io) = run(arguments)
        #expect(refused == 1)
        #expect(io.stderr.contains("is not empty. Choose a new folder, or pass --force"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("project.yml").path))
        let (forced, _) = run(arguments + ["--force"])
        #expect(forced == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("project.yml").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes.txt").path))
    }

    @Test("--force never writes through a link planted in the folder, nor over a pipe or a device")
    func forceRefusesPlantedLinksAndSpecialFiles() throws {
        let root = try CompanionFixture.temporaryFolder()
        defer { CompanionFixture.removeTemporary(root) }
        let manager = FileManager.default
        let folder = root.appendingPathComponent("App")
        let victim = root.appendingPathComponent("victim.txt")
        let victimFolder = root.appendingPathComponent("victimdir")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        try manager.createDirectory(at: victimFolder, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: victim)
        let arguments = [folder.path, "--name", "App", "--bundle-id", "org.acme.app", "--force"]

        // A file of the template planted as a link to a file outside the folder.
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("Package.swift").path, withDestinationPath: victim.path)
        var (status, io) = run(arguments)
        #expect(status == 1)
        #expect(
            io.stderr.contains(
                "refusing to write '\(folder.appendingPathComponent("Package.swift").path)': it is a symbolic link"),
            "\(io.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
        try manager.removeItem(at: folder.appendingPathComponent("Package.swift"))

        // A folder of the template planted as a link to a folder outside.
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("Sources").path, withDestinationPath: victimFolder.path)
        (status, io) = run(arguments)
        #expect(status == 1)
        #expect(
            io.stderr.contains(
                "'\(folder.appendingPathComponent("Sources").path)': it is a symbolic link, not a folder"),
            "\(io.stderr)")
        #expect(try manager.contentsOfDirectory(atPath: victimFolder.path) == [])
        try manager.removeItem(at: folder.appendingPathComponent("Sources"))

        // A pipe where a file goes (writing to it would block or feed a reader).
        let pipe = folder.appendingPathComponent("project.yml")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        (status, io) = run(arguments)
        #expect(status == 1)
        #expect(io.stderr.contains("'\(pipe.path)': it is not a regular file"), "\(io.stderr)")
        try manager.removeItem(at: pipe)

        // Nothing planted: --force writes the companion.
        (status, io) = run(arguments)
        #expect(status == 0, "\(io.stderr)")
        #expect(manager.fileExists(atPath: folder.appendingPathComponent("project.yml").path))
    }

    @Test(
        "--force never writes over a device",
        .enabled(if: getuid() == 0, "making a character device (mknod) needs root; the pipe case above runs anyway"))
    func forceRefusesADevice() throws {
        let root = try CompanionFixture.temporaryFolder()
        defer { CompanionFixture.removeTemporary(root) }
        let folder = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let device = folder.appendingPathComponent("Package.swift")
        // The same device as /dev/null: major 1, minor 3 (`makedev` is a C macro Swift cannot call).
        #if os(Linux)
            let null: dev_t = (1 << 8) | 3
        #else
            let null: dev_t = (1 << 24) | 3
        #endif
        #expect(mknod(device.path, S_IFCHR | 0o600, null) == 0)
        let (status, io) = run([folder.path, "--name", "App", "--bundle-id", "org.acme.app", "--force"])
        #expect(status == 1)
        #expect(io.stderr.contains("'\(device.path)': it is a device"), "\(io.stderr)")
    }

    @Test("the next steps quote the folder for the shell")
    func nextStepsAreQuoted() throws {
        let root = try CompanionFixture.temporaryFolder()
        defer { CompanionFixture.removeTemporary(root) }
        let folder = root.appendingPathComponent("d;touch x;# it's")
        let (status, io) = run([folder.path, "--name", "App", "--bundle-id", "org.acme.app"])
        #expect(status == 0, "\(io.stderr)")
        let quoted = "'" + folder.path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        #expect(io.stdout.contains("(cd \(quoted) && swift test)"), "\(io.stdout)")
        #expect(io.stdout.contains("companion check \(quoted) "))
        #expect(!io.stdout.contains("(cd \(folder.path)"))
    }

    @Test("refuses when no checkout is found and no pin is given")
    func noCheckout() throws {
        let folder = try CompanionFixture.temporaryFolder().appendingPathComponent("X")
        defer { CompanionFixture.removeTemporary(folder) }
        let (status, io) = run([folder.path, "--name", "App", "--bundle-id", "org.acme.app"], checkout: nil)
        #expect(status == 1)
        #expect(io.stderr.contains("no RastrilloNative checkout found"))
        #expect(io.stderr.contains("--package-url <git URL> --revision <40-hex commit>"))
    }

    @Test("the checkout locator finds this repository from a nested folder and ignores dependents")
    func locator() throws {
        let nested = CompanionFixture.repositoryRoot.appendingPathComponent("examples/companion/Sources")
        #expect(
            PackageCheckoutLocator.locate(executable: nil, currentDirectory: nested)?.path
                == CompanionFixture.repositoryRoot.standardizedFileURL.path)
        #expect(
            !PackageCheckoutLocator.isRastrilloNativeCheckout(
                CompanionFixture.repositoryRoot.appendingPathComponent("examples/companion")))
        #expect(
            PackageCheckoutLocator.relativePath(from: URL(fileURLWithPath: "/a/b/c"), to: URL(fileURLWithPath: "/a/x"))
                == "../../x")
        #expect(PackageCheckoutLocator.locate(executable: nil, currentDirectory: URL(fileURLWithPath: "/")) == nil)
    }
}

extension FileManager {
    func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
