import Foundation
import JOSE
import Mail
import OAuthCore
import StoreMemory
import Support
import Testing
import WebAuthn
import WebAuthnTesting
@testable import Identity

/// Sign-up with a passkey alone (PasskeySignUpFlow) with a fixed clock: what it makes, what it refuses,
/// and the verify-first mode. The HTTP side and every WebAuthn check: Tests/Peers/test_passkey_signup.py.
@Suite struct PasskeySignUpTests {
    let h = PasskeyHarness()
    typealias H = PasskeyHarness

    func flow(_ mode: SignUpFlow.Mode = .immediate) -> PasskeySignUpFlow {
        let accounts = AccountFlowContext(storage: h.storage, clock: h.clock, random: SystemRandom(),
                                          hasher: Argon2idHasher(opsLimit: 1, memLimit: 8192), composer: LinkComposer(),
                                          issuer: "https://example.com", loginThrottle: LoginThrottle(), signUpMode: mode)
        let passkeys = PasskeyContext(storage: h.storage, clock: h.clock, random: SystemRandom(),
                                      relyingParty: h.context.relyingParty, relyingPartyName: "Example",
                                      unprovenMaySignIn: mode == .immediate)
        return PasskeySignUpFlow(passkeys: passkeys, accounts: accounts)
    }

    /// Options for `email`, answered by a new software authenticator: (outcome, authenticator, user handle).
    func signUp(_ email: String, _ signUp: PasskeySignUpFlow, client: String = "app", after seconds: TimeInterval = 0)
        throws -> (SignUpFlow.Outcome, SoftwareAuthenticator, String) {
        let options = try signUp.options(clientID: "app", email: email, name: " Sam ")
        let user = options.objectValue!["publicKey"]!.objectValue!["user"]!.objectValue!["id"]!.stringValue!
        let (flowID, challenge) = H.flow(options)
        let key = try SoftwareAuthenticator(credentialID: Array(UUID().uuidString.utf8))
        h.clock.advance(by: seconds)
        let outcome = try signUp.finish(clientID: client, flowID: flowID,
                                        credential: try H.registrationJSON(key, challenge: challenge),
                                        locale: nil, clientAddress: "192.0.2.1")
        return (outcome, key, String(decoding: try Base64URL.decode(user), as: UTF8.self))
    }

    @Test func makesAnUnprovenAccountWithThePasskeyAloneAndMailsTheLink() throws {
        let (outcome, key, user) = try signUp("new@example.com", flow())
        guard case .created(let account) = outcome else { Issue.record("not created: \(outcome)"); return }
        #expect(account.id == user && account.selfService && !account.emailVerified && account.displayName == "Sam")
        #expect(try h.storage.identities(accountID: account.id).map(\.provider) == [.passkey])
        #expect(try h.storage.passwordHash(accountID: account.id) == nil)
        let mail = try #require(try h.storage.listMail().last)
        #expect(mail.recipient == "new@example.com" && mail.kind == "verify-email" && mail.textBody.contains("/verify-email?token="))
        #expect(try h.auditKinds().contains("account.signed-up") && h.auditKinds().contains("passkey.added"))
        #expect(try h.signIn { try H.assertionJSON(key, challenge: $0, userHandle: account.id) } == account.id)
    }

    @Test func anExistingAddressGetsNothingAttachedAndItsOwnerIsMailed() throws {
        let owner = try h.account()
        let (outcome, key, user) = try signUp(owner + "@EXAMPLE.com", flow())
        #expect(outcome == .alreadyRegistered && user != owner)
        #expect(try h.storage.passkeys(accountID: owner).isEmpty)
        #expect(try h.storage.passkey(credentialID: Base64URL.encode(key.credentialID)) == nil)
        #expect(try h.storage.listMail().last?.kind == "account-exists")
    }

    @Test func aSignUpFlowLivesFiveMinutesAndBelongsToItsClient() throws {
        #expect(invalidGrant { _ = try signUp("late@example.com", flow(), after: 300) })
        #expect(invalidGrant { _ = try signUp("other@example.com", flow(), client: "other-app") })
        #expect(try h.storage.account(email: "late@example.com") == nil)
        #expect(try h.storage.account(email: "other@example.com") == nil)
        let (outcome, _, _) = try signUp("inTime@example.com", flow(), after: 299)
        guard case .created = outcome else { Issue.record("a flow of 299 s was refused"); return }
    }

    @Test func aSignInFlowIsNotASignUpFlow() throws {
        let (flowID, challenge) = H.flow(try h.signIn.options(clientID: "app"))
        let key = try SoftwareAuthenticator(credentialID: [7, 7])
        #expect(invalidGrant { _ = try flow().finish(clientID: "app", flowID: flowID,
                                                     credential: try H.registrationJSON(key, challenge: challenge),
                                                     locale: nil, clientAddress: nil) })
    }

    @Test func verifyFirstSignsInOnlyOnceTheAddressIsProven() throws {
        let (outcome, key, user) = try signUp("first@example.com", flow(.verifyFirst))
        #expect(outcome == .verificationSent)
        let signIn = PasskeySignInFlow(context: flow(.verifyFirst).passkeys)
        let attempt = { () throws -> String in
            let (flowID, challenge) = H.flow(try signIn.options(clientID: "app"))
            return try signIn.finish(clientID: "app", flowID: flowID,
                                     credential: try H.assertionJSON(key, challenge: challenge, userHandle: user))
        }
        #expect(invalidGrant { _ = try attempt() })
        var account = try #require(try h.storage.account(id: user))
        account.emailVerified = true
        try h.storage.updateAccount(account)
        #expect(try attempt() == user)
    }
}
