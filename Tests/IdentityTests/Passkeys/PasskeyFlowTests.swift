import Foundation
import JOSE
import OAuthCore
import StoreMemory
import Support
import Testing
import WebAuthn
import WebAuthnTesting
@testable import Identity

/// Registration and sign-in with a passkey (PasskeyRegistrationFlow, PasskeySignInFlow): every check of
/// the contract and its refusal as `invalid_grant`.
@Suite struct PasskeyFlowTests {
    let h = PasskeyHarness()
    typealias H = PasskeyHarness

    @Test func registersAndSignsIn() throws {
        let account = try h.account()
        let key = try h.register(account)
        let stored = try #require(try h.storage.passkeys(accountID: account).first)
        #expect(stored.name == "Phone" && stored.backupEligible && stored.backedUp && stored.lastUsedAt == nil)
        #expect(try h.storage.identities(accountID: account).map(\.provider).contains(.passkey))
        h.clock.advance(by: 10)
        #expect(try h.signIn { try H.assertionJSON(key, challenge: $0, userHandle: account) } == account)
        #expect(try h.storage.passkey(credentialID: stored.credentialID)?.lastUsedAt == h.clock.now())
        #expect(try h.auditKinds().filter { $0.hasPrefix("passkey.") }.sorted() == ["passkey.added", "passkey.sign_in"])
    }

    @Test func optionsAskForDiscoverableVerifiedCredentialsAndExcludeTheAccounts() throws {
        let account = try h.account()
        try h.register(account, id: [1, 2, 3])
        let options = try h.registration.options(accountID: account).objectValue!["publicKey"]!.objectValue!
        let selection = options["authenticatorSelection"]!.objectValue!
        #expect(selection["residentKey"] == "required" && selection["userVerification"] == "required")
        #expect(options["attestation"] == "none")
        #expect(options["excludeCredentials"] == [["type": "public-key", "id": .string(Base64URL.encode([1, 2, 3]))]])
        let request = try h.signIn.options(clientID: "app").objectValue!["publicKey"]!.objectValue!
        #expect(request["allowCredentials"] == nil && request["userVerification"] == "required" && request["rpId"] == "example.com")
    }

    @Test func aFlowIsUsedOnceAndLivesFiveMinutes() throws {
        let account = try h.account()
        let key = try h.register(account)
        let (flowID, challenge) = H.flow(try h.signIn.options(clientID: "app"))
        _ = try h.signIn.finish(clientID: "app", flowID: flowID, credential: try H.assertionJSON(key, challenge: challenge, userHandle: account))
        #expect(invalidGrant { _ = try h.signIn.finish(clientID: "app", flowID: flowID,
                                                      credential: try H.assertionJSON(key, challenge: challenge, userHandle: account)) })
        let (late, lateChallenge) = H.flow(try h.signIn.options(clientID: "app"))
        h.clock.advance(by: 300)
        #expect(invalidGrant { _ = try h.signIn.finish(clientID: "app", flowID: late,
                                                      credential: try H.assertionJSON(key, challenge: lateChallenge, userHandle: account)) })
        let (other, otherChallenge) = H.flow(try h.signIn.options(clientID: "app"))
        #expect(invalidGrant { _ = try h.signIn.finish(clientID: "other-app", flowID: other,
                                                      credential: try H.assertionJSON(key, challenge: otherChallenge, userHandle: account)) })
    }

    @Test func aFailedAttemptStillUsesTheFlowUp() throws {
        let account = try h.account()
        let key = try h.register(account)
        let (flowID, challenge) = H.flow(try h.signIn.options(clientID: "app"))
        #expect(invalidGrant { _ = try h.signIn.finish(clientID: "app", flowID: flowID,
                                                      credential: try H.assertionJSON(key, challenge: challenge, userHandle: account, breakSignature: true)) })
        #expect(invalidGrant { _ = try h.signIn.finish(clientID: "app", flowID: flowID,
                                                      credential: try H.assertionJSON(key, challenge: challenge, userHandle: account)) })
    }

    @Test func everyAssertionCheckRefusesWithInvalidGrant() throws {
        let account = try h.account()
        let key = try h.register(account)
        let cases: [(String, ([UInt8]) throws -> JSONValue)] = [
            ("wrong challenge", { _ in try H.assertionJSON(key, challenge: [UInt8](repeating: 1, count: 32), userHandle: account) }),
            ("wrong origin", { try H.assertionJSON(key, challenge: $0, userHandle: account, origin: "https://evil.example") }),
            ("wrong RP ID hash", { try H.assertionJSON(key, challenge: $0, userHandle: account, rpID: "evil.example") }),
            ("UV missing", { try H.assertionJSON(key, challenge: $0, userHandle: account, flags: [.userPresent]) }),
            ("UP missing", { try H.assertionJSON(key, challenge: $0, userHandle: account, flags: [.userVerified]) }),
            ("bad signature", { try H.assertionJSON(key, challenge: $0, userHandle: account, breakSignature: true) }),
            ("unknown credential", { try H.assertionJSON(try SoftwareAuthenticator(credentialID: [9]), challenge: $0, userHandle: account) }),
            ("another account's user handle", { try H.assertionJSON(key, challenge: $0, userHandle: "acct_other") }),
        ]
        for (what, make) in cases {
            #expect(invalidGrant { _ = try h.signIn(make) }, "\(what)")
        }
        // The same key still signs in when nothing is wrong, from an Android app origin too.
        #expect(try h.signIn { try H.assertionJSON(key, challenge: $0, userHandle: nil, origin: "android:apk-key-hash:k1") } == account)
    }

    @Test func aDisabledAccountsPasskeyDoesNotSignIn() throws {
        let account = try h.account()
        let key = try h.register(account)
        var stored = try #require(try h.storage.account(id: account))
        stored.status = .disabled
        try h.storage.updateAccount(stored)
        #expect(invalidGrant { _ = try h.signIn { try H.assertionJSON(key, challenge: $0, userHandle: account) } })
    }

    @Test func theCounterMustGrowUnlessZero() throws {
        let account = try h.account()
        let counting = try h.register(account, signCount: 5)
        #expect(invalidGrant { _ = try h.signIn { try H.assertionJSON(counting, challenge: $0, userHandle: account, count: 5) } })
        #expect(try h.auditKinds().contains("passkey.counter_regressed"))
        #expect(try h.signIn { try H.assertionJSON(counting, challenge: $0, userHandle: account, count: 6) } == account)
        #expect(invalidGrant { _ = try h.signIn { try H.assertionJSON(counting, challenge: $0, userHandle: account, count: 3) } })
        // A synced passkey keeps no counter: zero every time is accepted.
        let synced = try h.register(account)
        for _ in 0..<3 { #expect(try h.signIn { try H.assertionJSON(synced, challenge: $0, userHandle: account) } == account) }
    }
}
