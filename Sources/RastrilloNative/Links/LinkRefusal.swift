/// Why the router refused a URL. Every refusal names what was wrong so it can be logged and fixed.
public enum LinkRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The string is empty.
    case empty
    /// No scheme: relative URLs are never routed.
    case noScheme
    /// The scheme is not on the allowlist (internal origins, http, https, the manifest's external schemes).
    case schemeNotAllowed(String)
    /// A control character (U+0000–U+001F, U+007F), raw or percent-encoded, at this UTF-8 offset.
    case controlCharacter(offset: Int)
    /// Whitespace at this UTF-8 offset.
    case whitespace(offset: Int)
    /// A backslash: WHATWG parsers read it as `/`, Foundation does not, so it is never guessed at.
    case backslash(offset: Int)
    /// A raw non-ASCII character: URLs must arrive percent-encoded.
    case nonASCII(offset: Int)
    /// A character that must be percent-encoded (`<`, `"`, `{`, …).
    case invalidCharacter(Character, offset: Int)
    /// `user@` or `user:password@` before the host.
    case userinfo
    /// A `%` escape in the authority (`%40`, `%5C`, `%2F` …).
    case percentInAuthority
    /// An http(s) URL without `//` (`https:example.com`), which WHATWG parsers repair differently.
    case missingAuthority
    /// An empty or malformed host (empty label, bad character, non-canonical IPv4 or IPv6).
    case invalidHost(String)
    /// A port that is not a number from 1 to 65535 (at most five digits; an explicit `:0` is refused).
    case invalidPort(String)
    /// A malformed `%` escape or one that decodes to invalid UTF-8.
    case badPercentEncoding
    /// A `.` or `..` path segment, raw or percent-encoded.
    case dotSegment
    /// An empty path segment (`//`) other than a trailing slash.
    case emptySegment
    /// A redirect or `next=` target that is not an internal URL.
    case redirectNotInternal
    /// A custom-scheme host that differs from an internal origin's host only in letter case
    /// (`companion://APP/` against `companion://app`). WHATWG URL keeps such a host as written
    /// (only http, https, ws, wss, ftp and file hosts are case-insensitive), so it names another
    /// origin; it is refused rather than routed as foreign so the near-miss is seen.
    case customSchemeHostCase(String)
    /// On the sign-in screen, an attempt at a keymail authorize URL
    /// (``AuthSignInRules/isAuthorizeAttempt(_:)``) that fails Rastrillo's authorize-URL rule: it
    /// is never loaded, started or sent to a browser. The sign-in refusal
    /// (``SignInRefusalEvent``) reported with it names the rule it failed.
    case keymailAuthorizeURL

    /// What was wrong, for logs and the `route` command; input it quotes (a host, a port) is
    /// escaped with ``DiagnosticText`` (the case's own values stay raw).
    public var description: String { DiagnosticText.escaped(rawDescription) }

    /// ``description`` before escaping, for messages that are escaped as a whole later
    /// (a ``ManifestIssue``'s message), so nothing is escaped twice.
    var rawDescription: String {
        switch self {
        case .empty: return "empty URL"
        case .noScheme: return "relative URL (no scheme)"
        case .schemeNotAllowed(let scheme): return "scheme '\(scheme)' is not on the allowlist"
        case .controlCharacter(let offset): return "control character at offset \(offset)"
        case .whitespace(let offset): return "whitespace at offset \(offset)"
        case .backslash(let offset): return "backslash at offset \(offset)"
        case .nonASCII(let offset): return "raw non-ASCII character at offset \(offset) (percent-encode it)"
        case .invalidCharacter(let character, let offset):
            return "character '\(character)' at offset \(offset) must be percent-encoded"
        case .userinfo: return "userinfo (user@ or user:password@) in the authority"
        case .percentInAuthority: return "percent-escape in the authority"
        case .missingAuthority: return "http(s) URL without '//' before the host"
        case .invalidHost(let host): return "invalid host '\(host)'"
        case .invalidPort(let port): return "invalid port '\(port)'"
        case .badPercentEncoding: return "malformed percent-escape or invalid UTF-8"
        case .dotSegment: return "'.' or '..' path segment"
        case .emptySegment: return "empty path segment ('//')"
        case .redirectNotInternal: return "redirect target is not an internal URL"
        case .customSchemeHostCase(let host):
            return "host '\(host)' differs from an internal origin's host only in letter case; a custom scheme's "
                + "host is case-sensitive (WHATWG URL keeps it as written), so it is not internal"
        case .keymailAuthorizeURL: return "a keymail authorize URL that fails Rastrillo's authorize-URL rule"
        }
    }

    /// A stable machine-readable code (`userinfo`, `dot-segment`), used in JSON output and by the JS router.
    public var code: String {
        switch self {
        case .empty: return "empty"
        case .noScheme: return "no-scheme"
        case .schemeNotAllowed: return "scheme-not-allowed"
        case .controlCharacter: return "control-character"
        case .whitespace: return "whitespace"
        case .backslash: return "backslash"
        case .nonASCII: return "non-ascii"
        case .invalidCharacter: return "invalid-character"
        case .userinfo: return "userinfo"
        case .percentInAuthority: return "percent-in-authority"
        case .missingAuthority: return "missing-authority"
        case .invalidHost: return "invalid-host"
        case .invalidPort: return "invalid-port"
        case .badPercentEncoding: return "bad-percent-encoding"
        case .dotSegment: return "dot-segment"
        case .emptySegment: return "empty-segment"
        case .redirectNotInternal: return "redirect-not-internal"
        case .customSchemeHostCase: return "custom-scheme-host-case"
        case .keymailAuthorizeURL: return "keymail-authorize-url"
        }
    }
}
