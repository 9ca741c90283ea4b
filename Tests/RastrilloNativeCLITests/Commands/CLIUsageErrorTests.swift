import Foundation
import Testing

@testable import RastrilloNativeCLI

/// The exact message of each usage error, from the built `rastrillo-native`:
/// exit status 2, nothing on standard output, and on standard error one
/// `error:` line, the command's usage (the USAGE block of its help) and where
/// to find its help.
@Suite("CLI usage errors (built binary)", .timeLimit(.minutes(2)))
struct CLIUsageErrorTests {
    /// The arguments, the command whose usage follows, and the message.
    static let cases: [(arguments: [String], command: [String], message: String)] = [
        ([], [], "missing subcommand (version, companion, manifest or route)"),
        (["frobnicate"], [], "unknown subcommand 'frobnicate'; use version, companion, manifest or route"),
        (["--verbose"], [], "unknown option '--verbose'; use version, companion, manifest or route"),
        (["companion"], ["companion"], "missing subcommand (new or check)"),
        (["companion", "frob"], ["companion"], "unknown subcommand 'frob'; use new or check"),
        (["companion", "new"], ["companion", "new"], "missing argument '<dir>'"),
        (["companion", "new", "d"], ["companion", "new"], "missing option '--name <AppName>'"),
        (
            ["companion", "new", "d", "--name", "X", "--bundle-id"], ["companion", "new"],
            "missing value for '--bundle-id <reverse.dns>'"
        ),
        (
            ["companion", "new", "d", "--name", "1X", "--bundle-id", "org.acme.x"], ["companion", "new"],
            "--name '1X': an app name must start with a letter"
        ),
        (
            ["companion", "new", "d", "e", "--name", "X", "--bundle-id", "org.acme.x"], ["companion", "new"],
            "unexpected argument 'e'"
        ),
        (
            ["companion", "new", "d", "--name", "X", "--bundle-id", "org.acme.x", "--force=yes"], ["companion", "new"],
            "flag '--force' does not take a value"
        ),
        (
            ["companion", "new", "d", "--name", "X", "--name", "Y", "--bundle-id", "org.acme.x"], ["companion", "new"],
            "option '--name' is given more than once"
        ),
        (["companion", "check"], ["companion", "check"], "missing argument '<dir>'"),
        (["companion", "check", "d", "--verbose"], ["companion", "check"], "unknown option '--verbose'"),
        (["manifest", "build", "m.json"], ["manifest", "build"], "missing option '--out <dir>'"),
        (["manifest", "build", "m.json", "--out"], ["manifest", "build"], "missing value for '--out <dir>'"),
        (
            ["manifest", "build", "m.json", "--out", "d", "--only", "rust"], ["manifest", "build"],
            "unknown output 'rust' in --only; use swift, js, go, aasa, hotwire, bridge-swift, bridge-js, page-actions"
        ),
        (["manifest", "check"], ["manifest", "check"], "missing argument '<file>'"),
        (["manifest", "schema", "extra"], ["manifest", "schema"], "unexpected argument 'extra'"),
        (["route", "https://a.example/"], ["route"], "missing option '--manifest <file>'"),
        (["route", "--verbose", "https://a.example/"], ["route"], "unknown option '--verbose'"),
        (["route", "--manifest", "m.json"], ["route"], "missing argument '<url>'"),
        (
            ["version", "https://example.com", "--timeout", "0"], ["version"],
            "--timeout needs a number of seconds more than 0 and at most 3600, not '0'"
        ),
        (
            ["version", "https://example.com", "--timeout=soon"], ["version"],
            "--timeout needs a number of seconds more than 0 and at most 3600, not 'soon'"
        ),
        (
            ["version", "ftp://example.com"], ["version"],
            "'ftp://example.com' is not a server address: the scheme 'ftp' is not https or http. Enter an address like https://example.com."
        ),
        (["help", "frob"], [], "unknown subcommand 'frob'; use version, companion, manifest or route"),
    ]

    /// The USAGE block of `command`'s help text.
    static func usage(of command: [String]) throws -> String {
        let help = try #require(CLIHelpTextTests.helps.first { $0.command == command }?.text)
        let lines = help.components(separatedBy: "\n").drop { !$0.hasPrefix("USAGE: ") }
        return lines.prefix { !$0.isEmpty }.joined(separator: "\n")
    }

    @Test("each usage error prints one error line, then the command's usage, and exits 2", arguments: cases)
    func usageError(arguments: [String], command: [String], message: String) throws {
        let run = try BuiltTool.run(arguments)
        let name = (["rastrillo-native"] + command).joined(separator: " ")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr == "error: \(message)\n\n\(try Self.usage(of: command))\n\n  See '\(name) --help' for details.\n"
        )
    }

    @Test("--opt=value and --opt value are the same, also where a value starts with '-'")
    func spellings() throws {
        let manifest = CompanionFixture.repositoryRoot.appendingPathComponent(
            "examples/manifest-plugin/Sources/AppRoutes/app-manifest.json")
        let separate = try BuiltTool.run(["route", "--manifest", manifest.path, "https://notes.example.com/x"])
        let joined = try BuiltTool.run(["route", "--manifest=\(manifest.path)", "https://notes.example.com/x"])
        #expect(separate.status == 0, "\(separate.stderr)")
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(separate.stdout == joined.stdout)
        #expect(separate.stdout.contains(#""url":"https://notes.example.com/x""#))
        let dashed = try BuiltTool.run(["route", "--manifest", manifest.path, "--", "-not-an-option"])
        #expect(dashed.status == 0, "\(dashed.stderr)")
        #expect(dashed.stdout.contains(#""url":"-not-an-option""#))
    }
}

@Suite("manifest check summary")
struct ManifestCheckSummaryTests {
    @Test("counts read '1 command', '1 capability', '0 bridge actions'")
    func singular() throws {
        let path = CompanionFixture.repositoryRoot.appendingPathComponent(
            "examples/manifest-plugin/Sources/AppRoutes/app-manifest.json"
        ).path
        let output = CapturedOutput()
        #expect(CLI.main(["manifest", "check", path], io: output.io) == 0)
        #expect(output.stdout == "\(path): valid (3 destinations, 1 command, 1 capability, 0 bridge actions)")
    }
}
