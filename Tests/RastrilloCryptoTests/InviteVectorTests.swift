import RastrilloCrypto
import RastrilloJSON
import Testing

/// Replays crypto/invites.json: id, claimSecret, claimHash and the wrapped group key of each invite.
@Suite struct InviteVectorTests {
    static func invites() throws -> (context: String, entries: [JSONObject]) {
        let file = try VectorFiles.object("crypto/invites.json")
        let entries = try (file["invites"]?.value.arrayValue ?? []).map { try $0.value.object() }
        return (try file.string("context"), entries)
    }

    @Test func fileHasInvites() throws {
        #expect(try Self.invites().entries.count == 3)
    }

    @Test(arguments: 0..<3)
    func derivesEveryValue(index: Int) throws {
        let (context, entries) = try Self.invites()
        let entry = entries[index]
        let invite = try Invite(token: try entry.string("t"), context: context)
        #expect(invite.token == (try entry.string("t")))
        #expect(invite.id == (try entry.string("id")))
        #expect(invite.claimSecret == (try entry.string("claimSecret")))
        #expect(invite.claimHash == (try entry.string("claimHash")))
        let groupKey = try entry.base64url("groupKey")
        #expect(try invite.unwrapGroupKey(try entry.string("wrappedGroupKey")) == groupKey)
        // The other direction: wrap afresh, unwrap, and tolerate padding on the way in.
        let wrapped = try invite.wrapGroupKey(groupKey)
        #expect(try invite.unwrapGroupKey(wrapped) == groupKey)
        let padded = wrapped + String(repeating: "=", count: (4 - wrapped.count % 4) % 4)
        #expect(try invite.unwrapGroupKey(padded) == groupKey)
        #expect(!invite.description.contains(invite.claimSecret) && !invite.description.contains(invite.token))
    }

    @Test func wrongContextCannotUnwrap() throws {
        let (_, entries) = try Self.invites()
        let invite = try Invite(token: try entries[0].string("t"), context: "other-invite")
        #expect(throws: CryptoError.openFailed(what: "wrappedGroupKey")) {
            try invite.unwrapGroupKey(try entries[0].string("wrappedGroupKey"))
        }
    }

    @Test func badSecretsAreRefused() {
        #expect(throws: CryptoError.invalidLength(what: "invite secret t", expected: 16, actual: 15)) {
            try Invite(secret: [UInt8](repeating: 1, count: 15), context: "x")
        }
        #expect(throws: CryptoError.malformedBase64(what: "invite secret t", form: "base64url")) {
            try Invite(token: "hS6EyNbcM6POSiEOYRuJF+", context: "x")
        }
        #expect(throws: CryptoError.invalidName(what: "invite context", rule: "it must not be empty")) {
            try Invite(secret: [UInt8](repeating: 1, count: 16), context: "")
        }
    }

    @Test func createdInvitesRoundTrip() throws {
        let invite = try Invite.create(context: "lchat-invite")
        let again = try Invite(token: invite.token, context: "lchat-invite")
        #expect(again.id == invite.id && again.claimHash == invite.claimHash)
        let key = try SecretKey.generate().bytes
        #expect(try again.unwrapGroupKey(try invite.wrapGroupKey(key)) == key)
    }
}
