import Foundation
import RastrilloCrypto
import RastrilloNativeCLI

/// `rastrillo-vectors`: replay Rastrillo vector files, or write fresh ones.
///
/// Its own executable, apart from `rastrillo-native`, because it is the one command
/// that needs RastrilloCrypto (and so, on Linux, OpenSSL's libcrypto): the first
/// command of the quick start and `RastrilloManifestPlugin` then need nothing beyond
/// Swift. It parses its arguments with the same declarative parser as
/// `rastrillo-native` (``CLITool``), so both tools share their conventions:
/// `--opt value` and `--opt=value`, `--` ends options, usage errors exit 2.
public enum VectorsCLI: CLICommand {
    /// The tool's name, arguments and subcommands, from which its help is written.
    public static var configuration: CLICommandConfiguration {
        CLICommandConfiguration(
            name: "rastrillo-vectors",
            abstract: "Replay Rastrillo crypto vector files, or write fresh ones.",
            subcommands: [Check.self, Make.self]
        )
    }

    /// Runs the tool with `arguments` (without the program name) and returns the
    /// process exit status: 0 success, 1 a failed check or unwritable file, 2 a usage error.
    public static func main(_ arguments: [String], io: CLIOutput = .standard) -> Int32 {
        CLITool.main(VectorsCLI.self, arguments, io: io)
    }

    /// `rastrillo-vectors check`.
    enum Check: CLICommand {
        static var configuration: CLICommandConfiguration {
            CLICommandConfiguration(
                name: "check",
                abstract: "Replay vector files; print 'ok' or 'FAIL' and the reason per value.",
                discussion: """
                    The schema (crypto golden, invites, keyring golden, assertion golden) is
                    recognised from the content. Exits 1 if any check fails or a file cannot be
                    read. For assertion files, issuer, audience and key id come from the payload
                    and "now" is its iat, unless overridden by the options.
                    """,
                arguments: [.repeating("file", help: "The vector files to replay.")],
                options: [
                    .value("--issuer", "origin", help: "Expected iss (canonical https origin)."),
                    .value("--audience", "origin", help: "Expected aud."),
                    .value("--kid", "id", help: "Key id the file's publicKey is pinned under."),
                    .value("--now", "seconds", help: "Verification time, Unix seconds."),
                ]
            )
        }

        static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
            try VectorsCLI.check(arguments, io: io)
        }
    }

    /// `rastrillo-vectors make`.
    enum Make: CLICommand {
        static var configuration: CLICommandConfiguration {
            CLICommandConfiguration(
                name: "make",
                abstract: "Write a fresh vector file of one schema from random keys.",
                discussion: """
                    Assertions are issued now. The file is for the web app's Go or JS twin to
                    replay.
                    """,
                arguments: [.single("kind", help: "crypto, invites, keyring or assertion.")],
                options: [.value("--out", "file", help: "Write to this file instead of standard output.")]
            )
        }

        static func run(_ arguments: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
            try VectorsCLI.make(arguments, io: io)
        }
    }

    static func check(_ parsed: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
        let files = parsed.arguments("file")
        var settings = VectorChecker.AssertionSettings(
            issuer: parsed.value("--issuer"), audience: parsed.value("--audience"), keyID: parsed.value("--kid"))
        if let now = parsed.value("--now") {
            guard let seconds = Int64(now) else { throw CLIUsageError("--now must be Unix seconds, got '\(now)'") }
            settings.now = seconds
        }
        var total = 0
        var failed = 0
        for file in files {
            let bytes: [UInt8]
            do {
                bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            } catch {
                io.out("FAIL \(file): cannot read the file (\(error.localizedDescription))")
                total += 1
                failed += 1
                continue
            }
            do {
                let report = try VectorChecker.check(bytes, file: file, assertion: settings)
                for check in report.checks {
                    total += 1
                    if check.passed {
                        io.out("ok   \(file) [\(report.schema.rawValue)] \(check.name)")
                    } else {
                        failed += 1
                        io.out("FAIL \(file) [\(report.schema.rawValue)] \(check.name): \(check.detail)")
                    }
                }
            } catch {
                total += 1
                failed += 1
                io.out("FAIL \(file): \(error)")
            }
        }
        io.out("\(total) checks, \(failed) failed, \(files.count) files")
        return failed == 0 ? CLIExit.success : CLIExit.failure
    }

    static func make(_ parsed: CLIParsedArguments, io: CLIOutput) throws -> Int32 {
        let kind = parsed.argument("kind")
        guard let schema = VectorSchema(rawValue: kind) else {
            throw CLIUsageError("unknown kind '\(kind)'; use crypto, invites, keyring or assertion")
        }
        let text = try VectorMaker.make(schema, now: Int64(Date().timeIntervalSince1970))
        if let out = parsed.value("--out") {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: out))
            } catch {
                io.error("error: cannot write \(out): \(error.localizedDescription)")
                return CLIExit.failure
            }
            io.error("wrote \(schema.rawValue) vectors to \(out)")
        } else {
            io.out(String(text.dropLast()))
        }
        return CLIExit.success
    }
}
