import Foundation
import RastrilloNative
import Testing

/// The manifest's `session` with a kind: `password` (as before) or Rastrillo `auth` with its
/// paths, keymail servers and the ephemeral-session choice; inconsistent sessions are refused at
/// their JSON pointer.
struct AuthSessionManifestTests {
    @Test func aSessionWithoutAKindIsPasswordAsBefore() throws {
        let session = try #require(try NotesManifest.load().session)
        #expect(session.kind == .password)
        #expect(session.auth == nil)
        #expect(AuthSignInRules(manifest: try NotesManifest.load()) == nil)
    }

    @Test func anAuthSessionGetsRastrillosPathsByDefault() throws {
        let manifest = try AuthFixture.manifest(
            session: #""session": {"kind": "auth", "signIn": "signIn", "signOut": "signOut"}"#)
        let auth = try #require(manifest.session?.auth)
        #expect(manifest.session?.kind == .auth)
        #expect(auth.signedInPath == "/")
        #expect(auth.callbackPath == "/auth/callback")
        #expect(auth.magicLinkPath == "/auth/verify")
        #expect(auth.secondFactorPath == "/signin/confirm")
        #expect(auth.keymailServers == nil)
        #expect(auth.ephemeralSession == false)
        #expect(AuthSignInRules(manifest: manifest)?.signInPath == "/signin")
    }

    @Test func everyKeyIsRead() throws {
        let manifest = try AuthFixture.manifest(
            session: #"""
                "session": {"kind": "auth", "signIn": "signIn", "auth": {"signedInPath": "/bookmarks",
                  "callbackPath": "/auth/callback", "magicLinkPath": "/auth/link", "secondFactorPath": "/signin/2fa",
                  "keymailServers": ["keymail.example.net", "mail.example.org:8443"], "ephemeralSession": true}}
                """#)
        let auth = try #require(manifest.session?.auth)
        #expect(auth.signedInPath == "/bookmarks")
        #expect(auth.magicLinkPath == "/auth/link")
        #expect(auth.secondFactorPath == "/signin/2fa")
        #expect(auth.keymailServers == ["keymail.example.net", "mail.example.org:8443"])
        #expect(auth.ephemeralSession)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let session: String
        let pointer: String
        let words: String
        var testDescription: String { pointer + ": " + words }
    }

    static let refusals: [Refusal] = [
        Refusal(
            session: #""session": {"signIn": "signIn", "auth": {}}"#, pointer: "/session/auth",
            words: "belongs to a session of kind auth"),
        Refusal(
            session: #""session": {"kind": "oauth", "signIn": "signIn"}"#, pointer: "/session/kind",
            words: "is not one of: password, auth"),
        Refusal(
            session: #""session": {"kind": "auth", "signIn": "signIn", "auth": {"callbackPath": "/cb"}}"#,
            pointer: "/session/auth/callbackPath", words: "cannot move"),
        Refusal(
            session: #""session": {"kind": "auth", "signIn": "signIn", "auth": {"magicLinkPath": "/auth/{x}"}}"#,
            pointer: "/session/auth/magicLinkPath", words: "literal absolute path"),
        Refusal(
            session:
                #""session": {"kind": "auth", "signIn": "signIn", "auth": {"secondFactorPath": "signin/confirm"}}"#,
            pointer: "/session/auth/secondFactorPath", words: "literal absolute path"),
        Refusal(
            session: #""session": {"kind": "auth", "signIn": "signIn", "auth": {"signedInPath": "/a?b=1"}}"#,
            pointer: "/session/auth/signedInPath", words: "literal absolute path"),
        Refusal(
            session: #""session": {"kind": "auth", "signIn": "signIn", "auth": {"magicLinkPath": "/x/../y"}}"#,
            pointer: "/session/auth/magicLinkPath", words: "literal absolute path"),
        Refusal(
            session: #""session": {"kind": "auth", "signIn": "signIn", "auth": {"secondFactorPath": "/signin"}}"#,
            pointer: "/session/auth/secondFactorPath", words: "is also the sign-in page"),
        Refusal(
            session: #""session": {"kind": "auth", "signIn": "signIn", "auth": {"signedInPath": "/auth/verify"}}"#,
            pointer: "/session/auth/magicLinkPath", words: "is also signedInPath"),
        Refusal(
            session:
                #""session": {"kind": "auth", "signIn": "signIn", "auth": {"keymailServers": ["Keymail.Example"]}}"#,
            pointer: "/session/auth/keymailServers/0", words: "lowercase host name"),
        Refusal(
            session:
                #""session": {"kind": "auth", "signIn": "signIn", "auth": {"keymailServers": ["https://k.example"]}}"#,
            pointer: "/session/auth/keymailServers/0", words: "lowercase host name"),
        Refusal(
            session: #""session": {"kind": "auth", "signIn": "signIn", "auth": {"keymailServers": ["k.example:0"]}}"#,
            pointer: "/session/auth/keymailServers/0", words: "lowercase host name"),
        Refusal(
            session:
                #""session": {"kind": "auth", "signIn": "signIn", "auth": {"keymailServers": ["notes.example.com"]}}"#,
            pointer: "/session/auth/keymailServers/0", words: "one of the app's own origins"),
        Refusal(
            session:
                #""session": {"kind": "auth", "signIn": "signIn", "auth": {"keymailServers": ["k.example", "k.example"]}}"#,
            pointer: "/session/auth/keymailServers/1", words: "listed twice"),
        Refusal(
            session: #""session": {"kind": "auth", "signIn": "signIn", "auth": {"ephemeralSession": "yes"}}"#,
            pointer: "/session/auth/ephemeralSession", words: "true or false"),
        Refusal(
            session: #""session": {"kind": "auth", "signIn": "signIn", "auth": {"returnTo": "/"}}"#,
            pointer: "/session/auth/returnTo", words: "unknown key"),
    ]

    @Test(arguments: refusals) func anInconsistentSessionIsRefusedAtItsPointer(_ refusal: Refusal) {
        let issues = AuthFixture.issues(session: refusal.session)
        #expect(
            issues.contains { $0.pointer == refusal.pointer && $0.message.contains(refusal.words) },
            "\(issues.map(\.description))")
    }

    @Test func aSignInPageWithAWildcardIsRefusedForAuth() {
        let issues = AuthFixture.issues(
            session: #""session": {"kind": "auth", "signIn": "signIn"}"#,
            editing: { $0.replacingOccurrences(of: #""pattern": "/signin""#, with: #""pattern": "/signin/{step}""#) })
        #expect(issues.contains { $0.pointer == "/session/signIn" && $0.message.contains("one literal path") })
    }

    @Test func aUniversalLinkOverTheCallbackIsRefused() {
        let destination =
            #"{"id": "authPages", "pattern": "/auth/", "presentation": "web", "titleKey": "t", "link": "universalLink"}"#
        let issues = AuthFixture.issues(
            session: #""session": {"kind": "auth", "signIn": "signIn"}"#,
            editing: { text in
                guard let first = text.range(of: #""destinations": ["#) else { return text }
                return text.replacingCharacters(in: first, with: #""destinations": ["# + destination + ",")
            })
        #expect(
            issues.contains { $0.pointer == "/destinations/0/link" && $0.message.contains("/auth/callback") },
            "\(issues.map(\.description))")
    }

    @Test func theAASAClaimsTheMagicLinkNeverTheCallbackAndNamesTheAppForWebCredentials() throws {
        let manifest = try AuthFixture.auth()
        let text = manifest.appleAppSiteAssociation()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let webcredentials = try #require(object["webcredentials"] as? [String: Any])
        #expect(webcredentials["apps"] as? [String] == manifest.app.appIDs)
        let applinks = try #require(object["applinks"] as? [String: Any])
        let details = try #require(applinks["details"] as? [[String: Any]])
        let components = try #require(details.first?["components"] as? [[String: Any]])
        #expect(components.count >= 2)
        #expect(components[0]["/"] as? String == "/auth/callback")
        #expect(components[0]["exclude"] as? Bool == true, "excluded before anything could include it")
        #expect(components[1]["/"] as? String == "/auth/verify")
        #expect(components[1]["?"] as? [String: String] == ["token": "?*"])
        #expect(components[1]["exclude"] == nil)
        #expect(!components.dropFirst().contains { $0["/"] as? String == "/auth/callback" })

        let password = try NotesManifest.load().appleAppSiteAssociation()
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(password.utf8)) as? [String: Any])
        #expect(plain["webcredentials"] == nil, "password sign-in claims no web credentials")
        #expect(!password.contains("/auth/verify"))
    }
}
