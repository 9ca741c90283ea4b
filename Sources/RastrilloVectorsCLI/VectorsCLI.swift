import Foundation
import RastrilloCrypto

/// `rastrillo-vectors`: replay Rastrillo vector files, or write fresh ones.
///
/// Its own executable, apart from `rastrillo-native`, because it is the one command
/// that needs RastrilloCrypto (and so, on Linux, OpenSSL's libcrypto): the first
/// command of the quick start and `RastrilloManifestPlugin` then need nothing beyond
/// Swift. Usage errors exit 2, failed checks exit 1, success exits 0.
public enum VectorsCLI {
    /// Where the tool writes: standard output and standard error, or buffers in tests.
    public struct Output: Sendable {
        /// Writes one line (a newline is added) to standard output.
        public let out: @Sendable (String) -> Void
        /// Writes one line (a newline is added) to standard error.
        public let error: @Sendable (String) -> Void

        /// Creates an output from two line writers.
        public init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
            self.out = out
            self.error = error
        }

        /// The process's standard output and standard error.
        public static let standard = Output(
            out: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
            error: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        )
    }

    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2

    static let help = """
        OVERVIEW: Replay Rastrillo crypto vector files, or write fresh ones.

        USAGE: rastrillo-vectors check <file>... [--issuer <origin>] [--audience <origin>] [--kid <id>] [--now <seconds>]
               rastrillo-vectors make <crypto|invites|keyring|assertion> [--out <file>]

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

    /// Runs the tool with `arguments` (without the program name) and returns the
    /// process exit status: 0 success, 1 a failed check or unwritable file, 2 a usage error.
    public static func main(_ arguments: [String], io: Output = .standard) -> Int32 {
        do {
            return try run(arguments, io: io)
        } catch let error as VectorsUsageError {
            io.error("error: \(error.message)\n\n\(help)")
            return usage
        } catch {
            io.error("error: \(error)")
            return failure
        }
    }

    static func run(_ arguments: [String], io: Output) throws -> Int32 {
        if arguments.first == "--help" || arguments.first == "-h" || arguments.first == "help" {
            io.out(help)
            return success
        }
        guard let action = arguments.first else { throw VectorsUsageError("missing action: 'check' or 'make'") }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            io.out(help)
            return success
        }
        switch action {
        case "check": return try check(rest, io: io)
        case "make": return try make(rest, io: io)
        default: throw VectorsUsageError("unknown action '\(action)'; use 'check' or 'make'")
        }
    }

    private static func check(_ arguments: [String], io: Output) throws -> Int32 {
        let parsed = try VectorsOptions(arguments, allowed: ["--issuer", "--audience", "--kid", "--now"])
        guard !parsed.positional.isEmpty else { throw VectorsUsageError("'check' needs at least one file") }
        var settings = VectorChecker.AssertionSettings(
            issuer: parsed.values["--issuer"], audience: parsed.values["--audience"], keyID: parsed.values["--kid"])
        if let now = parsed.values["--now"] {
            guard let seconds = Int64(now) else { throw VectorsUsageError("--now must be Unix seconds, got '\(now)'") }
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
        return failed == 0 ? success : failure
    }

    private static func make(_ arguments: [String], io: Output) throws -> Int32 {
        let parsed = try VectorsOptions(arguments, allowed: ["--out"])
        guard parsed.positional.count == 1, let kind = parsed.positional.first else {
            throw VectorsUsageError("'make' needs exactly one kind: crypto, invites, keyring or assertion")
        }
        guard let schema = VectorSchema(rawValue: kind) else {
            throw VectorsUsageError("unknown kind '\(kind)'; use crypto, invites, keyring or assertion")
        }
        let text = try VectorMaker.make(schema, now: Int64(Date().timeIntervalSince1970))
        if let out = parsed.values["--out"] {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: out))
            } catch {
                io.error("error: cannot write \(out): \(error.localizedDescription)")
                return failure
            }
            io.error("wrote \(schema.rawValue) vectors to \(out)")
        } else {
            io.out(String(text.dropLast()))
        }
        return success
    }
}

/// A usage error: printed with the help, exit status 2.
struct VectorsUsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// `--name value` / `--name=value` options and positional arguments of an action.
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
                throw VectorsUsageError(
                    "unknown option '\(name)'; allowed here: \(allowed.sorted().joined(separator: ", "))")
            }
            if value == nil {
                guard index < arguments.count else { throw VectorsUsageError("\(name) needs a value") }
                value = arguments[index]
                index += 1
            }
            values[name] = value
        }
    }
}
