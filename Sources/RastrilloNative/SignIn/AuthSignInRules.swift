/// The sign-in rules of a web app on Rastrillo's `auth` (the manifest's `session` of kind
/// `auth`), decided here so the Apple adapter only translates:
///
/// - which internal pages belong to sign-in (the sign-in page with any query, the magic link's
///   confirm page, the second-factor page and the keymail callback): the sign-in screen keeps
///   them, a content screen sent to one shows sign-in above it;
/// - the one off-origin navigation allowed: from the sign-in page, a URL passing Rastrillo's
///   own authorize-URL rule (`validAuthorizeURL`) becomes a ``KeymailAuthorization`` to run
///   outside the web view (``keymailAuthorization(_:from:)``);
/// - the callback that comes back: loaded in the web screen only on the started origin, at the
///   callback path, with the started `state` (``checkCallback(_:for:)``);
/// - the "send a link instead" page a cancelled or failed keymail attempt loads
///   (``sendALinkInstead(on:)``), and the links a person may paste (``pastedSignInLink(_:)``).
///
/// ```swift
/// guard let rules = AuthSignInRules(manifest: manifest) else { return }  // password sign-in
/// switch rules.keymailAuthorization(url, from: currentPage) {
/// case .success(let authorization): start(authorization)
/// case .failure(let refusal): log(refusal)  // stays refused
/// }
/// ```
public struct AuthSignInRules: Sendable {
    /// The paths and choices from the manifest.
    public let auth: ManifestAuthSignIn
    /// The sign-in page's path (the `session.signIn` destination's literal pattern).
    public let signInPath: String
    /// The app's internal origins.
    public let origins: [ManifestOrigin]

    /// The rules of `manifest`'s session, or `nil` when it has none or it is not of kind `auth`
    /// (or its sign-in destination is not one literal path, which validation refuses).
    public init?(manifest: AppManifest) {
        guard let session = manifest.session, let auth = session.auth,
            let destination = manifest.destinations.first(where: { $0.id == session.signIn }),
            let path = AuthSignInPaths.literalPath(of: destination.pattern)
        else { return nil }
        self.auth = auth
        self.signInPath = path
        self.origins = manifest.internalOrigins
    }

    /// The parameters Rastrillo's authorize URL may carry, each at most once.
    static let authorizeParameters: Set<String> = [
        "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method", "prompt",
    ]

    /// Whether `url` is one of the app's sign-in pages: on an internal origin, at the sign-in
    /// page (any query: `?reauth=1`, `?continue=…`, `?err=…`), the magic-link page, the
    /// second-factor page or the callback.
    public func isSignInPage(_ url: String) -> Bool {
        guard case .success(let raw) = RawURL.read(url), let origin = Self.origin(of: raw), origins.contains(origin)
        else { return false }
        return [signInPath, auth.magicLinkPath, auth.secondFactorPath, auth.callbackPath].contains(raw.rawPath)
    }

    /// The "send a link instead" state of the sign-in page on `origin`:
    /// `<origin><signInPath>?force=1&err=keymail`, a URL Rastrillo itself uses after a keymail
    /// failure (its next Begin mails a link).
    public func sendALinkInstead(on origin: ManifestOrigin) -> String {
        origin.description + signInPath + "?force=1&err=keymail"
    }

    /// Checks an off-origin navigation of the sign-in screen against Rastrillo's authorize-URL
    /// rule.
    ///
    /// - Parameters:
    ///   - url: the navigation's URL, as WebKit has it.
    ///   - page: the URL of the page the sign-in screen shows (the navigation's source).
    /// - Returns: the authorization to start, or why the URL stays refused.
    public func keymailAuthorization(_ url: String, from page: String) -> Result<KeymailAuthorization, KeymailRefusal> {
        if auth.keymailServers?.isEmpty == true { return .failure(.keymailOff) }
        guard case .success(let pageURL) = RawURL.read(page), let origin = Self.origin(of: pageURL),
            origins.contains(origin), pageURL.rawPath == signInPath
        else { return .failure(.notFromSignInPage) }
        guard origin.scheme == "https" else { return .failure(.appOriginNotHTTPS) }
        let raw: RawURL
        switch RawURL.read(url) {
        case .success(let read): raw = read
        case .failure(let reason): return .failure(.unreadable(reason))
        }
        guard raw.scheme == "https" else { return .failure(.notHTTPS) }
        guard let host = raw.host, let port = raw.port else { return .failure(.unreadable(.missingAuthority)) }
        guard raw.rawFragment == nil else { return .failure(.fragment) }
        guard raw.rawPath == "/oauth/authorize" else { return .failure(.path) }
        let server = port == 443 ? host : "\(host):\(port)"
        if let servers = auth.keymailServers, !servers.contains(server) { return .failure(.serverNotListed(server)) }
        let parameters: [String: String]
        switch Self.queryParameters(raw.rawQuery, allowed: Self.authorizeParameters) {
        case .success(let read): parameters = read
        case .failure(let refusal): return .failure(refusal)
        }
        for name in ["client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"]
        where parameters[name] == nil {
            return .failure(.missing(name))
        }
        let client = origin.description
        guard parameters["client_id"] == client else { return .failure(.value("client_id")) }
        guard parameters["redirect_uri"] == client + auth.callbackPath else { return .failure(.value("redirect_uri")) }
        guard parameters["scope"] == "identify" else { return .failure(.value("scope")) }
        guard parameters["code_challenge_method"] == "S256" else { return .failure(.value("code_challenge_method")) }
        guard let state = parameters["state"], Self.isBase64URL43(state) else { return .failure(.value("state")) }
        guard let challenge = parameters["code_challenge"], Self.isBase64URL43(challenge) else {
            return .failure(.value("code_challenge"))
        }
        if let prompt = parameters["prompt"], prompt != "login" { return .failure(.value("prompt")) }
        return .success(
            KeymailAuthorization(
                url: url, server: server, origin: origin, callbackPath: auth.callbackPath, state: state,
                prefersEphemeralSession: auth.ephemeralSession))
    }

    /// Checks the callback URL the authentication session came back with before the web screen
    /// loads it: https on the origin the attempt started from, the callback path, no fragment,
    /// exactly one `state` equal to the started URL's. Other parameters (`code`, `error`) are the
    /// server's to read.
    ///
    /// - Returns: the URL to load in the web screen, or why it is not loaded.
    public func checkCallback(_ url: String, for authorization: KeymailAuthorization)
        -> Result<String, KeymailCallbackRefusal>
    {
        guard case .success(let raw) = RawURL.read(url) else { return .failure(.unreadable) }
        guard Self.origin(of: raw) == authorization.origin, raw.scheme == "https" else { return .failure(.origin) }
        guard raw.rawPath == authorization.callbackPath else { return .failure(.path) }
        guard raw.rawFragment == nil else { return .failure(.fragment) }
        var states: [String] = []
        for piece in (raw.rawQuery ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard PercentDecoding.decode(pair[0], plusAsSpace: true) == "state" else { continue }
            guard pair.count == 2, let value = PercentDecoding.decode(pair[1], plusAsSpace: true) else {
                return .failure(.state)
            }
            states.append(value)
        }
        guard states == [authorization.state] else { return .failure(.state) }
        return .success(url)
    }

    /// A sign-in link the person pasted (for a link that opened elsewhere): only
    /// `<one of the app's https origins><magicLinkPath>?token=<URL-safe token>`.
    ///
    /// - Returns: the link to load in the sign-in screen, or why it is refused.
    public func pastedSignInLink(_ text: String) -> Result<String, PastedSignInLinkRefusal> {
        let trimmed = AuthSignInPaths.trimmed(text)
        guard case .success(let raw) = RawURL.read(trimmed), raw.host != nil else { return .failure(.notALink) }
        guard let origin = Self.origin(of: raw), origin.scheme == "https", origins.contains(origin) else {
            return .failure(.otherOrigin)
        }
        guard raw.rawPath == auth.magicLinkPath else { return .failure(.otherPath) }
        guard raw.rawFragment == nil, let query = raw.rawQuery, query.hasPrefix("token="),
            AuthSignInPaths.isToken(query.dropFirst("token=".count))
        else { return .failure(.token) }
        return .success(trimmed)
    }

    /// Whether `url` is an attempt at a keymail authorize URL, read loosely so that near misses
    /// count: after percent-decoding (twice, for `%252F`) and lowercasing, it contains
    /// `/oauth/authorize` anywhere (a trailing slash, another prefix, an encoded slash, inside a
    /// `javascript:` URL) or one of the parameters only an authorize URL carries (`client_id=`,
    /// `redirect_uri=`, `code_challenge`). The sign-in screen refuses such a URL when it fails
    /// the rule, instead of sending it to the browser.
    public static func isAuthorizeAttempt(_ url: String) -> Bool {
        var text = Substring(url.lowercased())
        for _ in 0..<2 {
            guard text.contains("%") else { break }
            text = Substring(PercentDecoding.decodeLoosely(text).lowercased())
        }
        return ["/oauth/authorize", "client_id=", "redirect_uri=", "code_challenge"].contains { text.contains($0) }
    }

    /// The origin of a strictly read URL, when it has a host and port.
    static func origin(of raw: RawURL) -> ManifestOrigin? {
        guard let host = raw.host, let port = raw.port else { return nil }
        return ManifestOrigin(canonicalScheme: raw.scheme, host: host, port: port)
    }

    /// Whether `text` is exactly 43 base64url characters (32 bytes, unpadded).
    static func isBase64URL43(_ text: String) -> Bool {
        text.utf8.count == 43 && text.utf8.allSatisfy(AuthSignInPaths.isBase64URLByte)
    }

    /// The query as name → value, every name in `allowed`, once, with a non-empty value that
    /// decodes (`+` as space, as Go's `url.ParseQuery`); `;` and empty pieces are refused.
    static func queryParameters(_ query: String?, allowed: Set<String>) -> Result<[String: String], KeymailRefusal> {
        guard let query, !query.isEmpty else { return .success([:]) }
        var out: [String: String] = [:]
        for piece in query.split(separator: "&", omittingEmptySubsequences: false) {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard !piece.contains(";"), pair.count == 2, let name = PercentDecoding.decode(pair[0], plusAsSpace: true),
                allowed.contains(name), out[name] == nil,
                let value = PercentDecoding.decode(pair[1], plusAsSpace: true), !value.isEmpty
            else {
                return .failure(.parameter(DiagnosticText.escaped(String(piece.prefix(64)))))
            }
            out[name] = value
        }
        return .success(out)
    }
}

/// Small readers of the `auth` session's paths and hosts, shared by validation and the rules.
enum AuthSignInPaths {
    /// Whether `path` is a literal absolute path: `/`, or `/`-separated non-empty segments of
    /// RFC 3986 path characters (escapes allowed), no `.`/`..` segment, no query or fragment.
    static func isLiteralPath(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for segment in segments {
            guard !segment.isEmpty, segment != ".", segment != ".." else { return false }
            guard segment.utf8.allSatisfy(isPathByte), PercentDecoding.decode(segment) != nil else { return false }
        }
        return true
    }

    /// The literal path a pattern matches (`/signin`), or `nil` when it has a wildcard or matches a
    /// whole subtree.
    static func literalPath(of pattern: PathPattern) -> String? {
        var path = ""
        for (index, segment) in pattern.segments.enumerated() {
            switch segment {
            case .literal(let text): path += "/" + PercentDecoding.encode(text, keeping: "!$&'()+,;=:@")
            case .end where index == pattern.segments.count - 1: path += "/"
            case .end, .wildcard, .rest: return nil
            }
        }
        return path.isEmpty ? nil : path
    }

    /// Whether `server` is a lowercase DNS host name, optionally with `:port` (1–65535).
    static func isServerName(_ server: String) -> Bool {
        let parts = server.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let host = parts.first, !host.isEmpty, host.utf8.count <= 253 else { return false }
        if parts.count == 2 {
            guard let port = Int(parts[1]), (1...65535).contains(port), !parts[1].hasPrefix("0"),
                parts[1].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
            else { return false }
        }
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty, label.utf8.count <= 63, label.first != "-", label.last != "-",
                label.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D })
            else { return false }
        }
        return true
    }

    /// The host of `host[:port]`.
    static func hostOfServer(_ server: String) -> String {
        String(server.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0])
    }

    /// Whether a pasted token is non-empty URL-safe characters (base64url, as Rastrillo mints).
    static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.count <= 512 && text.utf8.allSatisfy(isBase64URLByte)
    }

    static func isBase64URLByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D || byte == 0x5F
    }

    static func isPathByte(_ byte: UInt8) -> Bool {
        PercentDecoding.isUnreserved(byte) || "%!$&'()*+,;=:@".utf8.contains(byte)
    }

    /// `text` without leading and trailing whitespace and line breaks.
    static func trimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
