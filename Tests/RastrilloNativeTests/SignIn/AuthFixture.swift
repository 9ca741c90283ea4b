import Foundation
import RastrilloNative
import Testing

/// The notes manifest with a Rastrillo `auth` session, and authorize URLs in the exact shape
/// Rastrillo's `signin.Keymail.AuthorizeURL` builds (rastrillo-auth.md A5).
enum AuthFixture {
    static let origin = NotesManifest.origin
    static let session = #""session": {"signIn": "signIn", "signOut": "signOut"}"#
    static let state = String(repeating: "s", count: 42) + "A"
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    static let server = "keymail.example.net"

    /// The notes manifest whose session is `replacement` (a whole `"session": …` member).
    static func manifest(session replacement: String) throws(ManifestError) -> AppManifest {
        try NotesManifest.decode(editing: { $0.replacingOccurrences(of: session, with: replacement) })
    }

    /// The issues of the notes manifest with `replacement` as its session (empty when valid).
    static func issues(session replacement: String, editing edit: (String) -> String = { $0 }) -> [ManifestIssue] {
        do {
            _ = try NotesManifest.decode(editing: { edit($0.replacingOccurrences(of: session, with: replacement)) })
            return []
        } catch {
            return error.issues
        }
    }

    /// An `auth` manifest, keymail limited to `servers` when given.
    static func auth(servers: [String]? = [server], ephemeral: Bool = false) throws -> AppManifest {
        var auth: [String] = []
        if let servers {
            auth.append(#""keymailServers": ["# + servers.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
        }
        if ephemeral { auth.append(#""ephemeralSession": true"#) }
        let member = auth.isEmpty ? "" : #", "auth": {"# + auth.joined(separator: ", ") + "}"
        return try manifest(
            session: #""session": {"kind": "auth", "signIn": "signIn", "signOut": "signOut""# + member + "}")
    }

    static func navigation(servers: [String]? = [server], ephemeral: Bool = false) throws -> WebScreenNavigation {
        WebScreenNavigation(router: LinkRouter(manifest: try auth(servers: servers, ephemeral: ephemeral)))
    }

    static func rules(servers: [String]? = [server]) throws -> AuthSignInRules {
        try #require(AuthSignInRules(manifest: try auth(servers: servers)))
    }

    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? text
    }

    /// The authorize URL's parameters, in Rastrillo's order (`url.Values.Encode` sorts by name).
    static func parameters(prompt: String? = nil) -> [(String, String)] {
        var out: [(String, String)] = [
            ("client_id", origin), ("code_challenge", challenge), ("code_challenge_method", "S256"),
        ]
        if let prompt { out.append(("prompt", prompt)) }
        out += [("redirect_uri", origin + "/auth/callback"), ("scope", "identify"), ("state", state)]
        return out
    }

    static func authorize(
        host: String = server, _ parameters: [(String, String)] = parameters(), path: String = "/oauth/authorize",
        scheme: String = "https", suffix: String = ""
    ) -> String {
        "\(scheme)://\(host)\(path)?" + parameters.map { "\($0.0)=\(escaped($0.1))" }.joined(separator: "&") + suffix
    }

    static let continuePage = origin + "/signin?continue=4f1c"
    static func callback(state: String = state, extra: String = "") -> String {
        origin + "/auth/callback?code=c0de&state=" + state + extra
    }
}
