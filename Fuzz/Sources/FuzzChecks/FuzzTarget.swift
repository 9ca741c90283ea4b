import Foundation

/// A property a fuzz target checks that did not hold for an input.
public struct PropertyViolation: Error, CustomStringConvertible, Sendable {
    /// What did not hold, with the (escaped) input that broke it.
    public let description: String
}

/// Throws a ``PropertyViolation`` saying `message` unless `condition` holds.
@inline(__always)
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyViolation) {
    if !condition { throw PropertyViolation(description: message()) }
}

/// Every fuzz target: one per parser or decoder that takes input from outside the app.
///
/// Each target's ``check(_:)`` is the whole property: the libFuzzer harness (`fuzz-<name>`) calls
/// it for every generated input and traps on a violation, and `FuzzChecksTests` replays every
/// committed corpus entry and regression through the same function, so platforms without
/// libFuzzer still run them.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The raw URL reader and `LinkRouter.decide` (string and `URL`) on the parity manifest.
    case url
    /// Routers built from fuzzed manifests against a naive ServeMux matcher.
    case routes
    /// The strict JSON reader (RastrilloJSON).
    case json
    /// Bridge message decoding, generated payload types and the dispatcher with handlers.
    case bridge
    /// Manifest decoding and validation.
    case manifest
    /// The YAML subset reader of `companion check`.
    case yaml
    /// `/api/version` body classification.
    case version
    /// Crypto formats: envelopes, keypair JSON, invites, assertions.
    case crypto
    /// Percent decoding, query decoding and typed query params.
    case query
    /// The response head both Linux version transfers read (status line, headers, Content-Length).
    case head
    /// The page-actions script's report (`PageActionReport`) and what a web screen accepts of it.
    case pageActions = "pageactions"
    /// The `auth` sign-in readers: keymail's authorize URL, its callback, a pasted sign-in link.
    case signIn = "signin"
    /// The manifest compiler's emitters: what a valid manifest's strings become in generated code.
    case emit
    /// `manifest derive`'s readers: the locale catalog reader and the Go route scanner.
    case derive

    /// Checks the target's properties on one input.
    @MainActor public func check(_ bytes: [UInt8]) async throws(PropertyViolation) {
        switch self {
        case .url: try URLCheck.check(bytes)
        case .routes: try RoutesCheck.check(bytes)
        case .json: try JSONCheck.check(bytes)
        case .bridge: try await BridgeCheck.check(bytes)
        case .manifest: try ManifestCheck.check(bytes)
        case .yaml: try YAMLCheck.check(bytes)
        case .version: try VersionCheck.check(bytes)
        case .crypto: try CryptoCheck.check(bytes)
        case .query: try QueryCheck.check(bytes)
        case .head: try HeadCheck.check(bytes)
        case .pageActions: try PageActionCheck.check(bytes)
        case .signIn: try SignInCheck.check(bytes)
        case .emit: try EmitCheck.check(bytes)
        case .derive: try DeriveCheck.check(bytes)
        }
    }
}

/// The entry point every `fuzz-<name>` executable's `LLVMFuzzerTestOneInput` calls.
public enum FuzzHarness {
    /// Runs `target`'s check on libFuzzer's input and traps (a crash libFuzzer records) on a
    /// violation. libFuzzer calls it on the main thread.
    public static func run(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        return MainActor.assumeIsolated { run(target, bytes) }
    }

    /// The folder `FUZZ_EMIT_DUMP` names: `fuzz-emit` writes what each input compiles to there.
    static let emitDump = ProcessInfo.processInfo.environment["FUZZ_EMIT_DUMP"].flatMap { $0.isEmpty ? nil : $0 }

    @MainActor static func run(_ target: FuzzTarget, _ bytes: [UInt8]) -> CInt {
        if target == .emit, let emitDump { EmitCheck.dump(bytes, into: emitDump) }
        let outcome = Outcome()
        // Every check completes without suspending (the dispatcher's handlers return at once), so
        // an immediate task on the main actor runs it to the end before returning here.
        Task.immediate { @MainActor in
            do throws(PropertyViolation) {
                try await target.check(bytes)
                outcome.result = .success(())
            } catch {
                outcome.result = .failure(error)
            }
        }
        switch outcome.result {
        case .none: fatalError("fuzz-\(target.rawValue): the check suspended; it must run synchronously")
        case .failure(let violation)?: fatalError("fuzz-\(target.rawValue): property violated: \(violation)")
        case .success?: return 0
        }
    }

    @MainActor final class Outcome {
        var result: Result<Void, PropertyViolation>?
    }
}

/// Input text with everything outside printable ASCII escaped, for violation messages.
func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\\" {
            out.unicodeScalars.append(scalar)
        } else {
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
        }
    }
    return "\"" + out + "\""
}

/// Bytes escaped the same way (invalid UTF-8 shown as `\x..`).
func escaped(_ bytes: [UInt8]) -> String {
    var out = ""
    for byte in bytes {
        if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
            out.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            out += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
    }
    return "\"" + out + "\""
}

/// Where the repository is (this file is Fuzz/Sources/FuzzChecks/FuzzTarget.swift).
let repositoryRoot: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    return parts.joined(separator: "/")
}()

/// `bytes` as text when they are valid UTF-8, else `nil`: decoding repairs invalid sequences, so
/// the bytes are valid exactly when the decoded text encodes back to them. (The standard library's
/// `String(validating:as:)` needs iOS 18 / macOS 15; the library's own `UTF8Text` is what the
/// checks test, so they do not use it.)
func validUTF8(_ bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
}
