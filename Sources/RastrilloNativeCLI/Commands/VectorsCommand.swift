import Foundation
import RastrilloCrypto

/// `rastrillo-native vectors`: replay Rastrillo vector files, or write fresh ones.
enum VectorsCommand: CLICommand {
    static let name = "vectors"
    static let summary = "Replay Rastrillo crypto vector files, or write fresh ones."
    static let help = """
        USAGE: rastrillo-native vectors check <file>... [--issuer <origin>] [--audience <origin>] [--kid <id>] [--now <seconds>]
               rastrillo-native vectors make <crypto|invites|keyring|assertion> [--out <file>]

        check   Replays each file and prints one line per value: 'ok' or 'FAIL' with the reason.
                The schema (crypto golden, invites, keyring golden, assertion golden) is recognised
                from the content. Exits 1 if any check fails or a file cannot be read.
                For assertion files, issuer, audience and key id come from the payload and "now" is
                its iat, unless overridden:
          --issuer <origin>     expected iss (canonical https origin)
          --audience <origin>   expected aud
          --kid <id>            key id the file's publicKey is pinned under
          --now <seconds>       verification time, Unix seconds

        make    Writes a fresh vector file of that schema from random keys (assertions are issued now),
                for the web app's Go or JS twin to replay.
          --out <file>          write to this file instead of standard output

        OPTIONS:
          -h, --help            Show this help.
        """

    static func run(_ arguments: [String], io: CLIOutput) throws -> Int32 {
        guard let action = arguments.first else { throw CLIUsageError("missing action: 'check' or 'make'") }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            io.out(help)
            return CLIExit.success
        }
        switch action {
        case "check": return try check(rest, io: io)
        case "make": return try make(rest, io: io)
        default: throw CLIUsageError("unknown action '\(action)'; use 'check' or 'make'")
        }
    }

    private static func check(_ arguments: [String], io: CLIOutput) throws -> Int32 {
        let parsed = try VectorsOptions(arguments, allowed: ["--issuer", "--audience", "--kid", "--now"])
        guard !parsed.positional.isEmpty else { throw CLIUsageError("'vectors check' needs at least one file") }
        var settings = VectorChecker.AssertionSettings(
            issuer: parsed.values["--issuer"], audience: parsed.values["--audience"], keyID: parsed.values["--kid"])
        if let now = parsed.values["--now"] {
            guard let seconds = Int64(now) else { throw CLIUsageError("--now must be Unix seconds, got '\(now)'") }
            settings.now = seconds
        }
        var total = 0
        var failed = 0
        for file in parsed.positional {
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
        io.out("\(total) checks, \(failed) failed, \(parsed.positional.count) files")
        return failed == 0 ? CLIExit.success : CLIExit.failure
    }

    private static func make(_ arguments: [String], io: CLIOutput) throws -> Int32 {
        let parsed = try VectorsOptions(arguments, allowed: ["--out"])
        guard parsed.positional.count == 1, let kind = parsed.positional.first else {
            throw CLIUsageError("'vectors make' needs exactly one kind: crypto, invites, keyring or assertion")
        }
        guard let schema = VectorSchema(rawValue: kind) else {
            throw CLIUsageError("unknown kind '\(kind)'; use crypto, invites, keyring or assertion")
        }
        let text = try VectorMaker.make(schema, now: Int64(Date().timeIntervalSince1970))
        if let out = parsed.values["--out"] {
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

/// `--name value` / `--name=value` options and positional arguments of a `vectors` action.
struct VectorsOptions {
    var values: [String: String] = [:]
    var positional: [String] = []

    init(_ arguments: [String], allowed: Set<String>) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                positional.append(argument)
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard allowed.contains(name) else {
                throw CLIUsageError(
                    "unknown option '\(name)'; allowed here: \(allowed.sorted().joined(separator: ", "))")
            }
            if value == nil {
                guard index < arguments.count else { throw CLIUsageError("\(name) needs a value") }
                value = arguments[index]
                index += 1
            }
            values[name] = value
        }
    }
}
