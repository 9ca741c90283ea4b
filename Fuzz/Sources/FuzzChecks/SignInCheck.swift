@testable import RastrilloNative

/// `fuzz-signin`: the `auth` sign-in readers a hostile page or pasteboard reaches, against naive
/// readers. The input is one URL (or pasted text). Properties:
///
/// - `keymailAuthorization` accepts a URL only when, read naively, it is `https://`, has no
///   userinfo and no fragment, its path is exactly `/oauth/authorize`, and its query is exactly
///   Rastrillo's parameters, each once, with `client_id` the app's origin, `redirect_uri` that
///   origin's callback, `scope=identify`, `S256`, a 43-character base64url `state` and challenge
///   and `prompt` absent or `login`; with a server list, only a listed server; the
///   authorization's `state` is the URL's.
/// - An accepted authorization's own callback (`…/auth/callback?code=…&state=<state>`) is
///   accepted, and refused with any other state.
/// - `checkCallback` accepts a URL only when, read naively, it is the app's https origin, the
///   callback path, no fragment, and exactly one `state` equal to the started one.
/// - `pastedSignInLink` accepts only `<the app's https origin>/auth/verify?token=<1–512
///   base64url characters>` (surrounding whitespace trimmed), and returns exactly that.
enum SignInCheck {
    static let origin = "https://app.example.com"
    static let signInPage = origin + "/signin"
    static let listedServer = "keymail.example.net"
    static let startedState = String(repeating: "S", count: 43)

    static func manifest(servers: String) -> AppManifest {
        let json = #"""
            {"schemaVersion": 1, "app": {"name": "Sign-in fuzz", "appIDs": ["ABCDE12345.com.example.app"]},
             "origins": [{"origin": "https://app.example.com"}],
             "session": {"kind": "auth", "signIn": "signIn", "signOut": "signOut"SERVERS},
             "destinations": [
               {"id": "home", "pattern": "/{$}", "presentation": "web", "titleKey": "d.home"},
               {"id": "signIn", "pattern": "/signin", "presentation": "web", "titleKey": "d.signIn"}],
             "commands": [{"id": "signOut", "titleKey": "c.signOut", "placements": ["menu"],
               "pageAction": {"method": "POST", "pattern": "/signout"}}]}
            """#.replacingOccurrences(of: "SERVERS", with: servers)
        do { return try AppManifest.decode(Array(json.utf8), source: "fuzz-signin manifest") } catch {
            fatalError("the fuzz-signin manifest must decode: \(error)")
        }
    }

    /// Keymail on any server, and keymail limited to one listed server.
    static let anyServer = AuthSignInRules(manifest: manifest(servers: ""))!
    static let listed = AuthSignInRules(
        manifest: manifest(servers: #", "auth": {"keymailServers": ["keymail.example.net"]}"#))!

    static let allowed: Set<String> = [
        "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method", "prompt",
    ]

    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        let text = String(decoding: bytes, as: UTF8.self)
        for (rules, isListed) in [(anyServer, false), (listed, true)] {
            guard case .success(let authorization) = rules.keymailAuthorization(text, from: signInPage) else {
                continue
            }
            try requireAuthorizeURL(text, authorization, listed: isListed)
            let callback = origin + "/auth/callback?code=c&state=" + authorization.state
            try require(
                (try? rules.checkCallback(callback, for: authorization).get()) == callback,
                "the callback of \(escaped(text)) was refused")
            let other = origin + "/auth/callback?code=c&state=" + String(authorization.state.reversed()) + "x"
            try require(
                (try? rules.checkCallback(other, for: authorization).get()) == nil,
                "a callback with another state was accepted for \(escaped(text))")
        }
        let started = KeymailAuthorization(
            url: origin, server: listedServer, origin: anyServer.origins[0], callbackPath: "/auth/callback",
            state: startedState, prefersEphemeralSession: false)
        if case .success(let url) = anyServer.checkCallback(text, for: started) {
            try require(url == text, "checkCallback changed \(escaped(text)) into \(escaped(url))")
            try requireCallback(text)
        }
        if case .success(let link) = anyServer.pastedSignInLink(text) {
            try requirePastedLink(text, link)
        }
        try requireReportedOnce(text)
    }

    /// The refusals the sign-in screen's navigation reported, for ``requireReportedOnce(_:)``
    /// (a fuzz run is one thread).
    final class Reports: @unchecked Sendable {
        var events: [RefusalDiagnostics.Event] = []
    }
    static let reports = Reports()
    static let signInScreen: WebScreenNavigation = {
        let reports = SignInCheck.reports
        return WebScreenNavigation(
            router: LinkRouter(
                manifest: manifest(servers: ""), diagnostics: RefusalDiagnostics { reports.events.append($0) }))
    }()

    /// On the sign-in screen, every navigation to the input (a link, a redirect, a new window) is
    /// reported at most once; a started session is reported never; a refusal exactly once, and a
    /// refused authorize attempt as a sign-in refusal.
    static func requireReportedOnce(_ text: String) throws(PropertyViolation) {
        for kind in [WebScreenNavigation.Kind.link, .redirect, .newWindow] {
            reports.events.removeAll(keepingCapacity: true)
            let action = signInScreen.decide(url: text, kind: kind, current: signInPage, role: .signIn)
            let events = reports.events
            try require(events.count <= 1, "\(kind) to \(escaped(text)) was reported \(events.count) times: \(events)")
            switch action {
            case .authenticate:
                try require(events.isEmpty, "\(kind) to \(escaped(text)) started keymail and was reported: \(events)")
            case .leave(.refused(let refusal)):
                try require(events.count == 1, "\(kind) to \(escaped(text)) was refused (\(refusal)) unreported")
                if refusal == .keymailAuthorizeURL, case .signIn = events[0] { continue }
                try require(
                    refusal != .keymailAuthorizeURL,
                    "\(kind) to \(escaped(text)) was refused as an authorize URL but reported as \(events[0])")
            default:
                try require(
                    events.isEmpty, "\(kind) to \(escaped(text)) was reported but not refused: \(action), \(events)")
            }
        }
    }

    /// The URL's authority, path, query and fragment, split naively (`nil` unless it starts with
    /// `https://` in any letter case).
    static func split(_ text: String) -> (authority: String, path: String, query: String?, fragment: String?)? {
        // The scheme is case-insensitive (WHATWG URL, RFC 3986 §3.1).
        guard text.prefix("https://".count).lowercased() == "https://" else { return nil }
        let rest = text.dropFirst("https://".count)
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        let authority = String(rest[..<authorityEnd])
        var tail = rest[authorityEnd...]
        var fragment: String?
        if let hash = tail.firstIndex(of: "#") {
            fragment = String(tail[tail.index(after: hash)...])
            tail = tail[..<hash]
        }
        var query: String?
        if let mark = tail.firstIndex(of: "?") {
            query = String(tail[tail.index(after: mark)...])
            tail = tail[..<mark]
        }
        return (authority, String(tail), query, fragment)
    }

    /// Whether `authority` is the app's host, in any letter case, with no port, an empty one
    /// (`host:`, the default, as WHATWG URL reads it) or 443 (leading zeros allowed, as WHATWG's).
    static func isAppAuthority(_ authority: String) -> Bool {
        let lowered = authority.lowercased()
        guard lowered.hasPrefix("app.example.com") else { return false }
        let rest = lowered.dropFirst("app.example.com".count)
        if rest.isEmpty { return true }
        guard rest.first == ":" else { return false }
        let port = rest.dropFirst()
        guard port.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        let digits = port.drop { $0 == "0" }
        return port.isEmpty || digits == "443"
    }

    static func requireAuthorizeURL(
        _ text: String, _ authorization: KeymailAuthorization, listed: Bool
    ) throws(PropertyViolation) {
        guard let parts = split(text) else {
            throw PropertyViolation(description: "accepted non-https \(escaped(text))")
        }
        try require(!parts.authority.contains("@"), "accepted userinfo in \(escaped(text))")
        try require(parts.fragment == nil, "accepted a fragment in \(escaped(text))")
        try require(parts.path == "/oauth/authorize", "accepted path \(escaped(parts.path)) in \(escaped(text))")
        if listed {
            try require(authorization.server == listedServer, "accepted unlisted \(escaped(authorization.server))")
        }
        var values: [String: String] = [:]
        for piece in (parts.query ?? "").split(separator: "&", omittingEmptySubsequences: false) {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, let name = QueryCheck.naiveDecode(Array(pair[0].utf8), plusAsSpace: true),
                let value = QueryCheck.naiveDecode(Array(pair[1].utf8), plusAsSpace: true)
            else {
                throw PropertyViolation(description: "accepted piece \(escaped(String(piece))) of \(escaped(text))")
            }
            try require(allowed.contains(name), "accepted parameter \(escaped(name)) in \(escaped(text))")
            try require(values[name] == nil, "accepted \(escaped(name)) twice in \(escaped(text))")
            values[name] = value
        }
        let expected = [
            "client_id": origin, "redirect_uri": origin + "/auth/callback", "scope": "identify",
            "code_challenge_method": "S256",
        ]
        for (name, value) in expected {
            try require(
                values[name] == value, "accepted \(name)=\(values[name].map(escaped) ?? "nil") in \(escaped(text))")
        }
        for name in ["state", "code_challenge"] {
            let value = values[name] ?? ""
            try require(
                value.utf8.count == 43 && value.utf8.allSatisfy(AuthSignInPaths.isBase64URLByte),
                "accepted \(name)=\(escaped(value)) in \(escaped(text))")
        }
        try require(values["prompt"] == nil || values["prompt"] == "login", "accepted a prompt in \(escaped(text))")
        try require(
            authorization.state == values["state"], "the authorization's state is not the URL's: \(escaped(text))")
        try require(authorization.url == text, "the authorization's URL is not the one checked: \(escaped(text))")
    }

    static func requireCallback(_ text: String) throws(PropertyViolation) {
        guard let parts = split(text) else {
            throw PropertyViolation(description: "accepted callback \(escaped(text))")
        }
        try require(isAppAuthority(parts.authority), "accepted a callback on \(escaped(parts.authority))")
        try require(parts.path == "/auth/callback", "accepted callback path \(escaped(parts.path))")
        try require(parts.fragment == nil, "accepted a callback with a fragment: \(escaped(text))")
        var states: [String] = []
        for piece in (parts.query ?? "").split(separator: "&") {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard QueryCheck.naiveDecode(Array(pair[0].utf8), plusAsSpace: true) == "state" else { continue }
            states.append(pair.count == 2 ? QueryCheck.naiveDecode(Array(pair[1].utf8), plusAsSpace: true) ?? "" : "")
        }
        try require(states == [startedState], "accepted callback states \(states.map(escaped)) in \(escaped(text))")
    }

    static func requirePastedLink(_ text: String, _ link: String) throws(PropertyViolation) {
        try require(link == AuthSignInPaths.trimmed(text), "a pasted link changed: \(escaped(text)) → \(escaped(link))")
        guard let parts = split(link) else { throw PropertyViolation(description: "accepted pasted \(escaped(text))") }
        try require(isAppAuthority(parts.authority), "accepted a pasted link on \(escaped(parts.authority))")
        try require(parts.path == "/auth/verify", "accepted a pasted link to \(escaped(parts.path))")
        try require(parts.fragment == nil, "accepted a pasted link with a fragment: \(escaped(text))")
        let query = parts.query ?? ""
        let token = query.hasPrefix("token=") ? query.dropFirst("token=".count) : ""
        try require(
            !token.isEmpty && token.utf8.count <= 512 && token.utf8.allSatisfy(AuthSignInPaths.isBase64URLByte),
            "accepted pasted query \(escaped(query))")
    }
}
