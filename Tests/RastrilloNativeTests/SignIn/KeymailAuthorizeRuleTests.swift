import RastrilloNative
import Testing

/// The one off-origin navigation the sign-in screen allows: a URL passing Rastrillo's own
/// authorize-URL rule (`validAuthorizeURL`, rastrillo-auth.md A5 and C5), from the sign-in page.
struct KeymailAuthorizeRuleTests {
    typealias F = AuthFixture

    @Test func rastrillosAuthorizeURLBecomesAnAuthorization() throws {
        let url = F.authorize()
        let authorization = try F.rules().keymailAuthorization(url, from: F.continuePage).get()
        #expect(authorization.url == url)
        #expect(authorization.server == F.server)
        #expect(authorization.origin.description == F.origin)
        #expect(authorization.callbackHost == "notes.example.com")
        #expect(authorization.callbackPath == "/auth/callback")
        #expect(authorization.state == F.state)
        #expect(authorization.prefersEphemeralSession == false)
    }

    @Test func stepUpsPromptLoginIsAllowedAndAnyServerWithoutAList() throws {
        let rules = try F.rules(servers: nil)
        #expect(throws: Never.self) {
            try rules.keymailAuthorization(
                F.authorize(F.parameters(prompt: "login")), from: F.origin + "/signin?reauth=1"
            )
            .get()
        }
        let other = try rules.keymailAuthorization(F.authorize(host: "inbox.example.org:8443"), from: F.continuePage)
            .get()
        #expect(other.server == "inbox.example.org:8443")
    }

    @Test func theEphemeralChoiceComesFromTheManifest() throws {
        let rules = try #require(AuthSignInRules(manifest: try F.auth(ephemeral: true)))
        #expect(try rules.keymailAuthorization(F.authorize(), from: F.continuePage).get().prefersEphemeralSession)
    }

    struct Crafted: Sendable, CustomTestStringConvertible {
        let url: String
        let from: String
        let refusal: KeymailRefusal
        let note: String
        var testDescription: String { note }
        init(_ url: String, from: String = F.continuePage, _ refusal: KeymailRefusal, _ note: String) {
            self.url = url
            self.from = from
            self.refusal = refusal
            self.note = note
        }
    }

    static func replacing(_ name: String, with value: String?) -> [(String, String)] {
        F.parameters().compactMap { pair in pair.0 == name ? value.map { (name, $0) } : pair }
    }

    static let crafted: [Crafted] = [
        Crafted(
            F.authorize(replacing("redirect_uri", with: "https://evil.example/auth/callback")),
            .value("redirect_uri"), "redirect_uri on another origin"),
        Crafted(
            F.authorize(replacing("redirect_uri", with: F.origin + "/auth/callback/")), .value("redirect_uri"),
            "redirect_uri with another path"),
        Crafted(
            F.authorize(F.parameters() + [("response_type", "code")]), .parameter("response_type=code"),
            "an extra parameter"),
        Crafted(F.authorize(F.parameters() + [("state", F.state)]), .parameter("state=\(F.state)"), "state twice"),
        Crafted(F.authorize(F.parameters(prompt: "none")), .value("prompt"), "prompt=none"),
        Crafted(F.authorize(host: "keymail.example.org"), .serverNotListed("keymail.example.org"), "an unlisted host"),
        Crafted(
            F.authorize(host: "keymail.example.net:8443"), .serverNotListed("keymail.example.net:8443"),
            "a listed host on another port"),
        Crafted(F.authorize(suffix: "#frag"), .fragment, "a fragment"),
        Crafted(F.authorize(suffix: "#"), .fragment, "an empty fragment"),
        Crafted(F.authorize(host: "user:pw@" + F.server), .unreadable(.userinfo), "userinfo"),
        Crafted(F.authorize(host: "keymail%2eexample.net"), .unreadable(.percentInAuthority), "an escape in the host"),
        Crafted(F.authorize(scheme: "http"), .notHTTPS, "plain http"),
        Crafted(F.authorize(path: "/oauth/authorize/"), .path, "another path"),
        Crafted(F.authorize(path: "/oauth/%61uthorize"), .path, "an escaped path (a RawPath)"),
        Crafted(
            F.authorize(replacing("client_id", with: "https://evil.example")), .value("client_id"), "another client_id"),
        Crafted(
            F.authorize(replacing("client_id", with: F.origin + "/")), .value("client_id"), "client_id with a slash"),
        Crafted(F.authorize(replacing("scope", with: "identify email")), .value("scope"), "another scope"),
        Crafted(F.authorize(replacing("scope", with: nil)), .missing("scope"), "no scope"),
        Crafted(
            F.authorize(replacing("code_challenge_method", with: "plain")), .value("code_challenge_method"),
            "plain PKCE"),
        Crafted(
            F.authorize(replacing("state", with: String(F.state.dropLast()))), .value("state"), "a 42-character state"),
        Crafted(
            F.authorize(replacing("state", with: String(F.state.dropLast()) + "=")), .value("state"),
            "state not base64url"),
        Crafted(
            F.authorize(replacing("code_challenge", with: F.challenge + "A")), .value("code_challenge"),
            "a 44-character challenge"),
        Crafted(F.authorize(replacing("scope", with: "")), .parameter("scope="), "an empty value"),
        Crafted(F.authorize(suffix: "&"), .parameter(""), "an empty piece"),
        Crafted(F.authorize(suffix: ";x=1"), .parameter("state=\(F.state);x=1"), "a semicolon"),
        Crafted(F.authorize(), from: F.origin + "/bookmarks", .notFromSignInPage, "from another page of the app"),
        Crafted(F.authorize(), from: "https://evil.example/signin", .notFromSignInPage, "from a page off the app"),
        Crafted(
            F.authorize(), from: "http://notes.example.com/signin", .notFromSignInPage,
            "from an origin not in the manifest"),
    ]

    @Test(arguments: crafted) func aCraftedAuthorizeURLIsRefused(_ crafted: Crafted) throws {
        let result = try F.rules().keymailAuthorization(crafted.url, from: crafted.from)
        #expect(result == .failure(crafted.refusal), "\(crafted.url)")
    }

    @Test func anEmptyServerListTurnsKeymailOff() throws {
        let result = try F.rules(servers: []).keymailAuthorization(F.authorize(), from: F.continuePage)
        #expect(result == .failure(.keymailOff))
    }

    // MARK: The callback

    @Test func theCallbackLoadsOnlyOnTheStartedOriginPathAndState() throws {
        let rules = try F.rules()
        let authorization = try rules.keymailAuthorization(F.authorize(), from: F.continuePage).get()
        #expect(rules.checkCallback(F.callback(), for: authorization) == .success(F.callback()))
        let denied = F.origin + "/auth/callback?error=access_denied&state=" + F.state
        #expect(rules.checkCallback(denied, for: authorization) == .success(denied), "the server reads error=")
        #expect(rules.checkCallback(F.callback(state: "x"), for: authorization) == .failure(.state))
        #expect(rules.checkCallback(F.callback(extra: "&state=" + F.state), for: authorization) == .failure(.state))
        #expect(rules.checkCallback(F.origin + "/auth/callback?code=c0de", for: authorization) == .failure(.state))
        #expect(rules.checkCallback(F.callback(extra: "#x"), for: authorization) == .failure(.fragment))
        #expect(
            rules.checkCallback("https://evil.example/auth/callback?state=" + F.state, for: authorization)
                == .failure(.origin))
        #expect(
            rules.checkCallback("http://notes.example.com/auth/callback?state=" + F.state, for: authorization)
                == .failure(.origin))
        #expect(
            rules.checkCallback(F.origin + "/auth/callbackx?state=" + F.state, for: authorization) == .failure(.path))
        #expect(rules.checkCallback("https://notes.example.com\\auth", for: authorization) == .failure(.unreadable))
    }

    // MARK: Pasted sign-in links

    @Test func onlyTheAppsMagicLinkCanBePasted() throws {
        let rules = try F.rules()
        let link = F.origin + "/auth/verify?token=AbC_-123"
        #expect(rules.pastedSignInLink(link) == .success(link))
        #expect(rules.pastedSignInLink("  \n" + link + "\n") == .success(link), "whitespace around it is dropped")
        #expect(rules.pastedSignInLink("https://evil.example/auth/verify?token=a") == .failure(.otherOrigin))
        #expect(rules.pastedSignInLink("http://notes.example.com/auth/verify?token=a") == .failure(.otherOrigin))
        #expect(rules.pastedSignInLink(F.origin + "/signin?token=a") == .failure(.otherPath))
        #expect(rules.pastedSignInLink(F.origin + "/auth/verify") == .failure(.token))
        #expect(rules.pastedSignInLink(F.origin + "/auth/verify?token=") == .failure(.token))
        #expect(rules.pastedSignInLink(F.origin + "/auth/verify?token=a&next=/x") == .failure(.token))
        #expect(rules.pastedSignInLink(F.origin + "/auth/verify?token=a#x") == .failure(.token))
        #expect(rules.pastedSignInLink("sign me in") == .failure(.notALink))
    }

    @Test func signInPagesAreTheSignInPageWithAnyQueryAndAuthsPages() throws {
        let rules = try F.rules()
        for path in [
            "/signin", "/signin?reauth=1", "/signin?continue=x", "/auth/verify?token=a", "/signin/confirm",
            "/auth/callback?state=x",
        ] {
            #expect(rules.isSignInPage(F.origin + path), "\(path)")
        }
        for path in ["/", "/bookmarks", "/signin/x", "/auth/verify/x", "/totp/signin"] {
            #expect(!rules.isSignInPage(F.origin + path), "\(path)")
        }
        #expect(!rules.isSignInPage("https://evil.example/signin"))
        #expect(
            rules.sendALinkInstead(on: try #require(ManifestOrigin(parsing: F.origin))) == F.origin
                + "/signin?force=1&err=keymail")
    }
}
