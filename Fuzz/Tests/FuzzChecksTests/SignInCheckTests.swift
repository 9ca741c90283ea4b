import Testing

@testable import FuzzChecks
@testable import RastrilloNative

/// `fuzz-signin` is not vacuous: Rastrillo's own authorize URL reaches the accepting branch of
/// both rules, and its naive readers reject what the rules must never accept.
@Suite struct SignInCheckTests {
    static let state = String(repeating: "s", count: 42) + "A"
    static let authorize =
        "https://keymail.example.net/oauth/authorize?client_id=https%3A%2F%2Fapp.example.com"
        + "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"
        + "&redirect_uri=https%3A%2F%2Fapp.example.com%2Fauth%2Fcallback&scope=identify&state=" + state

    @Test func rastrillosAuthorizeURLIsAcceptedByBothRulesAndHoldsTheProperties() throws {
        for rules in [SignInCheck.anyServer, SignInCheck.listed] {
            let authorization = try rules.keymailAuthorization(Self.authorize, from: SignInCheck.signInPage).get()
            #expect(authorization.state == Self.state)
        }
        try SignInCheck.check(Array(Self.authorize.utf8))
    }

    @Test(arguments: [
        "&prompt=none", "&x=1", "#f", "&state=" + String(repeating: "t", count: 43),
    ])
    func theNaiveReaderRejectsWhatTheRuleMustNotAccept(_ suffix: String) throws {
        let authorization = try SignInCheck.anyServer.keymailAuthorization(
            Self.authorize, from: SignInCheck.signInPage
        ).get()
        #expect(throws: PropertyViolation.self) {
            try SignInCheck.requireAuthorizeURL(Self.authorize + suffix, authorization, listed: false)
        }
    }

    @Test func theNaiveReadersOfTheCallbackAndThePastedLinkCanFail() {
        let state = SignInCheck.startedState
        #expect(throws: Never.self) {
            try SignInCheck.requireCallback("https://app.example.com/auth/callback?state=" + state)
        }
        #expect(throws: PropertyViolation.self) {
            try SignInCheck.requireCallback("https://app.example.com/auth/callback?state=\(state)&state=\(state)")
        }
        #expect(throws: PropertyViolation.self) {
            try SignInCheck.requireCallback("https://evil.example/auth/callback?state=" + state)
        }
        let link = "https://app.example.com/auth/verify?token=abc"
        #expect(throws: Never.self) { try SignInCheck.requirePastedLink(link, link) }
        #expect(throws: PropertyViolation.self) { try SignInCheck.requirePastedLink(link + "&x=1", link + "&x=1") }
    }
}
