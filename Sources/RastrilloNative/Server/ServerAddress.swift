import Foundation

/// A Rastrillo server's base address, parsed from what a person typed.
///
/// Accepts `https://host[:port][/path]` and `http://…`; text without a scheme
/// gets `https://`. Refuses other schemes, user names or passwords in the
/// address, queries and fragments. A trailing `/` is dropped; a path is kept
/// as a prefix (for a server mounted under a path). Whether plain http is
/// allowed is decided by ``ServerVersionClient``, not here.
///
/// ```swift
/// let address = try ServerAddress("example.com")
/// address.baseURL  // https://example.com
/// address.versionURL  // https://example.com/api/version
/// ```
public struct ServerAddress: Sendable, Hashable, CustomStringConvertible {
    /// The normalized base URL (no trailing slash).
    public let baseURL: URL
    /// The host, without IPv6 brackets.
    public let host: String
    /// Where the host is (loopback, local network, public internet).
    public let hostKind: ServerHostKind

    /// Whether the address uses https.
    public var isHTTPS: Bool { baseURL.scheme == "https" }

    /// `<base>/api/version`, the public version endpoint.
    public var versionURL: URL { URL(string: baseURL.absoluteString + "/api/version")! }

    /// The base URL as text.
    public var description: String { baseURL.absoluteString }

    /// Parses a typed address.
    ///
    /// - Throws: ``ServerVersionError/invalidAddress(_:reason:)`` naming what is wrong.
    public init(_ text: String) throws(ServerVersionError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        func invalid(_ reason: String) -> ServerVersionError { .invalidAddress(text, reason: reason) }
        guard !trimmed.isEmpty else { throw invalid("the address is empty") }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else {
            throw invalid("it contains a space")
        }
        let withScheme = trimmed.contains("://") ? trimmed : "https://" + trimmed
        // The port is read from the text, never from URLComponents, which on some platforms
        // drops a port it cannot represent (the request would then go to the default port).
        let port: Int?
        switch Self.port(in: withScheme) {
        case .success(let value): port = value
        case .failure(let problem): throw invalid(problem.reason)
        }
        guard let components = URLComponents(string: withScheme) else { throw invalid("it is not a URL") }
        let scheme = components.scheme?.lowercased() ?? ""
        guard scheme == "https" || scheme == "http" else {
            throw invalid("the scheme '\(scheme)' is not https or http")
        }
        guard components.user == nil, components.password == nil else {
            throw invalid("it contains a user name or password")
        }
        guard components.query == nil else { throw invalid("it contains a query (?…)") }
        guard components.fragment == nil else { throw invalid("it contains a fragment (#…)") }
        var host = components.percentEncodedHost ?? ""
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw invalid("it has no host") }
        let isIPv6 = host.contains(":")
        if isIPv6 {
            guard ServerHostKind.ipv6(host) != nil else { throw invalid("'\(host)' is not an IPv6 address") }
        } else {
            guard
                host.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".")
                }),
                !host.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
            else {
                throw invalid("the host '\(host)' is not a DNS name or IP address (write international names as xn--…)")
            }
        }
        guard components.port == port else { throw invalid("it is not a URL") }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let hostPart = isIPv6 ? "[\(host.lowercased())]" : host.lowercased()
        let portPart = port.map { ":\($0)" } ?? ""
        guard let url = URL(string: "\(scheme)://\(hostPart)\(portPart)\(path)"), url.host != nil else {
            throw invalid("it is not a URL")
        }
        self.baseURL = url
        self.host = host.lowercased()
        self.hostKind = ServerHostKind(host: host)
    }

    /// Why a port is refused (the text of ``ServerVersionError/invalidAddress(_:reason:)``).
    struct PortProblem: Error, Equatable {
        let reason: String
    }

    /// The explicit port of `url` (`scheme://authority…`), `nil` when there is none, or
    /// why it is refused: empty, not decimal digits, or outside 1…65535.
    static func port(in url: String) -> Result<Int?, PortProblem> {
        func invalid(_ reason: String) -> Result<Int?, PortProblem> { .failure(PortProblem(reason: reason)) }
        guard let schemeEnd = url.range(of: "://") else { return .success(nil) }
        var authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let portText: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return .success(nil) }
            let rest = authority[authority.index(after: close)...]
            guard rest.first == ":" else { return .success(nil) }
            portText = rest.dropFirst()
        } else if let colon = authority.lastIndex(of: ":") {
            portText = authority[authority.index(after: colon)...]
        } else {
            return .success(nil)
        }
        guard !portText.isEmpty else { return invalid("the port after ':' is empty (write host:port, or no colon)") }
        guard portText.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return invalid("the port '\(portText)' is not a decimal number")
        }
        guard portText.utf8.count <= 5, let value = Int(portText), (1...65_535).contains(value) else {
            return invalid("the port \(portText) is not between 1 and 65535")
        }
        return .success(value)
    }
}
