import Foundation
import OAuthCore
import Support
import Testing
import WebAuthnTesting
@testable import Identity

/// What the web pages add to the passkey flows (docs/passkeys.md, The web pages): renaming only the
/// account's own passkey, and the pages' sign-in ceremonies bound to their own marker.
@Suite struct PasskeyWebTests {
    let h = PasskeyHarness()
    typealias H = PasskeyHarness

    @Test func renamesOnlyTheAccountsOwnPasskeyWithTheLabelRule() throws {
        let owner = try h.account()
        let other = try h.account()
        try h.register(owner, id: [7, 7, 7])
        let id = Base64URL.encode([7, 7, 7])
        let renaming = PasskeyRenaming(context: h.context)
        try renaming.rename(accountID: owner, credentialID: id, name: "  Laptop  ")
        #expect(try h.storage.passkey(credentialID: id)?.name == "Laptop")
        try renaming.rename(accountID: owner, credentialID: id, name: String(repeating: "x", count: 80))
        #expect(try h.storage.passkey(credentialID: id)?.name.count == 64)
        try renaming.rename(accountID: owner, credentialID: id, name: " ")
        #expect(try h.storage.passkey(credentialID: id)?.name == "Passkey")
        #expect(throws: OAuthError.self) { try renaming.rename(accountID: other, credentialID: id, name: "Mine now") }
        #expect(throws: OAuthError.self) { try renaming.rename(accountID: owner, credentialID: "unknown", name: "X") }
        #expect(try h.storage.passkey(credentialID: id)?.name == "Passkey")
    }

    @Test func aPagesCeremonyIsNotAnAppsAndTheOtherWayRound() throws {
        let account = try h.account()
        let key = try h.register(account)
        let (page, pageChallenge) = H.flow(try h.signIn.options(clientID: PasskeySignInFlow.webPages))
        #expect(invalidGrant { _ = try h.signIn.finish(clientID: "app", flowID: page,
                                                      credential: try H.assertionJSON(key, challenge: pageChallenge, userHandle: account)) })
        let (app, appChallenge) = H.flow(try h.signIn.options(clientID: "app"))
        #expect(invalidGrant { _ = try h.signIn.finish(clientID: PasskeySignInFlow.webPages, flowID: app,
                                                      credential: try H.assertionJSON(key, challenge: appChallenge, userHandle: account)) })
        let (ok, okChallenge) = H.flow(try h.signIn.options(clientID: PasskeySignInFlow.webPages))
        #expect(try h.signIn.finish(clientID: PasskeySignInFlow.webPages, flowID: ok,
                                    credential: try H.assertionJSON(key, challenge: okChallenge, userHandle: account)) == account)
    }
}
