import Foundation

/// The pure decisions of a version check, kept apart from URLSession so they
/// are tested directly: what to do with a response head, whether to follow a
/// redirect, and how to read Rastrillo's JSON error.
enum ServerVersionResponsePolicy {
    /// What to do once the response head arrives.
    enum HeadDecision: Equatable {
        /// Read the body (at most the cap).
        case readBody
        /// Stop now with this error; the body is never read.
        case refuse(ServerVersionError)
    }

    /// Decides on a response head: a 200 whose Content-Length is over `limit`
    /// or whose Content-Type is HTML is refused before any body byte is read.
    /// Any other status reads (a capped amount of) the body for Rastrillo's
    /// JSON error.
    static func decide(
        url: URL,
        status: Int,
        declaredLength: Int64?,
        contentType: String?,
        limit: Int
    ) -> HeadDecision {
        guard status == 200 else {
            if let declaredLength, declaredLength > Int64(limit) {
                return .refuse(.unexpectedStatus(url, status: status, errorReference: nil))
            }
            return .readBody
        }
        if let declaredLength, declaredLength > Int64(limit) {
            return .refuse(.bodyTooLarge(url, limit: limit, declaredLength: declaredLength))
        }
        if let contentType, mediaType(contentType) == "text/html" || mediaType(contentType) == "application/xhtml+xml" {
            return .refuse(.notAVersion(url, .htmlPage))
        }
        return .readBody
    }

    /// Redirects are followed only when scheme, host and port all stay the same (so https never
    /// becomes http), the target carries no user name or password (never sent as credentials),
    /// and its host is written plainly: a percent-encoded host (`%31%32%37.0.0.1`, `%6cocalhost`)
    /// reads as another name to the connection than to this check, so it is refused. The version
    /// check and the manifest fetch both follow this rule.
    static func allowsRedirect(from original: URL, to target: URL) -> Bool {
        guard target.user == nil, target.password == nil,
            let written = target.host(percentEncoded: true), !written.contains("%")
        else { return false }
        return origin(of: original) == origin(of: target) && origin(of: original) != nil
    }

    /// The most same-origin redirects a check follows.
    static let maximumRedirects = 5

    /// Where a redirect answer leads: `nil` unless `status` is 301, 302, 303, 307 or 308 with a
    /// `Location`; otherwise the URL to ask next (`location` read against `current`, the URL
    /// just asked), or the refusal when it leaves the origin of `url`, the address checked.
    static func redirect(
        status: Int, location: String?, url: URL, current: URL
    ) -> Result<URL, ServerVersionError>? {
        guard [301, 302, 303, 307, 308].contains(status), let location else { return nil }
        let next = URL(string: location, relativeTo: current)?.absoluteURL
        guard let next, allowsRedirect(from: url, to: next) else {
            return .failure(.redirectedToAnotherOrigin(from: url, to: next ?? current))
        }
        return .success(next)
    }

    /// The error once more than ``maximumRedirects`` redirects were followed.
    static func tooManyRedirects(_ url: URL) -> ServerVersionError {
        .unreachable(url, reason: "it redirected more than \(maximumRedirects) times")
    }

    /// The error when the body passes `limit` bytes: too large for a 200, otherwise the status
    /// itself (the capped body of an error answer is never read further).
    static func overLimit(url: URL, status: Int, limit: Int) -> ServerVersionError {
        status == 200
            ? .bodyTooLarge(url, limit: limit, declaredLength: nil)
            : .unexpectedStatus(url, status: status, errorReference: nil)
    }

    /// The final answer once the body is complete.
    static func finish(url: URL, status: Int, body: [UInt8], limit: Int) -> Result<ServerVersion, ServerVersionError> {
        guard status == 200 else {
            return .failure(.unexpectedStatus(url, status: status, errorReference: errorReference(in: body)))
        }
        do {
            return .success(try ServerVersion(body: body, maximumLength: limit))
        } catch {
            return .failure(.notAVersion(url, error))
        }
    }

    /// Reads `ref` from Rastrillo's JSON error `{"status":N,"ref":"ABCDEF"}`.
    /// Returns `nil` for any other body (plain text, other JSON, a `ref` that is
    /// not 6 characters of Rastrillo's base32 alphabet).
    static func errorReference(in body: [UInt8]) -> String? {
        guard body.first == UInt8(ascii: "{"),
            let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            object["status"] is NSNumber,
            let reference = object["ref"] as? String
        else { return nil }
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        guard reference.count == 6, reference.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return reference
    }

    private static func mediaType(_ contentType: String) -> String {
        contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
    }

    private static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }
}
