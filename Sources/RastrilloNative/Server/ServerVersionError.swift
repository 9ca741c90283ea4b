import Foundation

/// Why a version check failed. Every case's ``description`` says what went
/// wrong and what to do about it.
///
/// ```swift
/// do {
///     let version = try await ServerVersionClient().version(of: address)
/// } catch {
///     print(error)  // e.g. "https://example.com/api/version answered 404 …"
/// }
/// ```
public enum ServerVersionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The typed address is not a usable server address.
    case invalidAddress(String, reason: String)
    /// The address uses plain http to a host that is not loopback. `isLocalNetwork`
    /// says whether the host is on the local network (where a debug build may opt in).
    case insecureAddress(URL, isLocalNetwork: Bool)
    /// The server could not be reached (DNS, connection refused, TLS, network down).
    case unreachable(URL, reason: String)
    /// The exchange took longer than the configured timeout.
    case timedOut(URL, phase: TimeoutPhase, seconds: Double)
    /// The server redirected to another origin (scheme, host or port); redirects are
    /// only followed within the same origin.
    case redirectedToAnotherOrigin(from: URL, to: URL)
    /// The server answered with a status other than 200. `errorReference` is the `ref`
    /// of Rastrillo's JSON error (`{"status":500,"ref":"ABCDEF"}`) when it sent one.
    case unexpectedStatus(URL, status: Int, errorReference: String?)
    /// The body is longer than `limit` bytes; `declaredLength` is the Content-Length
    /// the server announced, when it announced one (the body was then never read).
    case bodyTooLarge(URL, limit: Int, declaredLength: Int64?)
    /// The server answered 200, but the body is not a version.
    case notAVersion(URL, BodyProblem)
    /// The check was cancelled (its task was cancelled) before it finished.
    case cancelled(URL)

    /// Which timeout expired.
    public enum TimeoutPhase: String, Sendable, Hashable {
        /// Waiting for the server to start answering: connecting (and TLS) and the
        /// response head (``ServerVersionClient/Options/connectTimeout``).
        case connect
        /// The whole exchange, body included (``ServerVersionClient/Options/totalTimeout``).
        case total
    }

    /// Why a 200 body is not a version.
    public enum BodyProblem: Error, Sendable, Hashable {
        /// The body is empty.
        case empty
        /// The body is not valid UTF-8.
        case notUTF8
        /// The body (or its Content-Type) is an HTML page, such as a login page or a proxy's page.
        case htmlPage
        /// The body has more than one line.
        case multipleLines
        /// The body contains a control or invisible formatting character (its code point).
        case controlCharacter(UInt32)
        /// The body starts or ends with a space.
        case surroundingWhitespace
        /// The body is longer than `limit` bytes.
        case tooLong(limit: Int)
    }

    /// A message a person can act on.
    public var description: String {
        switch self {
        case .invalidAddress(let text, let reason):
            return "'\(text)' is not a server address: \(reason). Enter an address like https://example.com."
        case .insecureAddress(let url, let isLocalNetwork):
            let host = url.host ?? url.absoluteString
            var message =
                "\(url.absoluteString) uses plain http to \(host), which is not this device. "
                + "Use https (plain http is only allowed for 127.0.0.0/8, localhost and [::1])."
            if isLocalNetwork {
                message +=
                    " For a development server on your local network, a debug build can opt in "
                    + "explicitly (allowsInsecureLocalNetwork); release builds never allow it."
            }
            return message
        case .unreachable(let url, let reason):
            return "Could not reach \(url.absoluteString): \(reason). Check the address and that the server is running."
        case .timedOut(let url, let phase, let seconds):
            let what = phase == .connect ? "start answering" : "finish answering"
            return "\(url.absoluteString) did not \(what) within \(Self.format(seconds)) seconds. "
                + "Check that the server is running and reachable, or allow a longer timeout."
        case .redirectedToAnotherOrigin(let from, let to):
            return "\(from.absoluteString) redirected to \(to.absoluteString), another origin; redirects are only "
                + "followed on the same origin. Use the address the server redirects to if you trust it, or check "
                + "for a proxy or sign-in page in front of the server."
        case .unexpectedStatus(let url, let status, let reference):
            var message = "\(url.absoluteString) answered \(status) instead of 200."
            if let reference { message += " The server logged this error with reference \(reference)." }
            message +=
                status == 404
                ? " The address may not be a Rastrillo server, or may include a wrong path."
                : " Check the server's logs and the address."
            return message
        case .bodyTooLarge(let url, let limit, let declared):
            let size = declared.map { " (\($0) bytes announced)" } ?? ""
            return "\(url.absoluteString) sent more than \(limit) bytes\(size), which is not a version. "
                + "Check that the address points at a Rastrillo server."
        case .notAVersion(let url, let problem):
            return "\(url.absoluteString) answered, but not with a version: \(problem.description). "
                + "Check that the address points at a Rastrillo server and not at a sign-in page or proxy."
        case .cancelled(let url):
            return "The version check of \(url.absoluteString) was cancelled."
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

extension ServerVersionError.BodyProblem: CustomStringConvertible {
    /// What is wrong with the body, in a few words.
    public var description: String {
        switch self {
        case .empty: return "the body is empty"
        case .notUTF8: return "the body is not UTF-8 text"
        case .htmlPage: return "the body is an HTML page"
        case .multipleLines: return "the body has more than one line"
        case .controlCharacter(let value):
            return "the body contains the control character U+" + String(value, radix: 16, uppercase: true)
        case .surroundingWhitespace: return "the body starts or ends with a space"
        case .tooLong(let limit): return "the body is longer than \(limit) bytes"
        }
    }
}
