import Foundation
import OAuthCore
import Support
import Testing
@testable import Identity

/// Account pre-hijacking (Sudhodanan and Paverd, USENIX Security 2022) against the flows: an attacker
/// signs up first with the victim's address and adds their own sign-in method (`UnprovenAccountRule`).
@Suite struct PreHijackingTests {
    func context(_ h: Harness) -> AccountFlowContext {
        AccountFlowContext(storage: h.storage, clock: h.clock, random: h.random,
                           hasher: Argon2idHasher(opsLimit: 1, memLimit: 8192), composer: LinkComposer(),
                           issuer: "https://id.example", loginThrottle: LoginThrottle())
    }

    func preRegister(_ h: Harness, _ context: AccountFlowContext) throws -> Account {
        guard case .created(let account) = try SignUpFlow(context: context).signUp(
            email: "victim@example.com", password: "attacker's passphrase", name: nil, locale: nil, clientAddress: nil)
        else { throw Harness.Failure() }
        return account
    }

    func token(_ h: Harness, _ kind: String) throws -> String {
        let mail = try #require(try h.storage.listMail().last { $0.kind == kind && $0.recipient == "victim@example.com" })
        return try #require(mail.textBody.components(separatedBy: "token=").last)
    }

    @Test func anUnprovenAccountCannotAddAnotherSignInMethod() async throws {
        let h = try Harness()
        let account = try preRegister(h, context(h))
        #expect(account.selfService && UnprovenAccountRule.isUnproven(account))
        await #expect(throws: SignInService.Failure.emailUnverified) {
            try await h.signInService().addIdentity(to: account.id, provider: .apple,
                                                    identity: try await h.appleIdentity(sub: "attacker-apple"))
        }
        #expect(try h.storage.identities(accountID: account.id).map(\.provider) == [.password])
        // Once the owner of the address proved it, adding works.
        _ = try EmailVerificationFlow(context: context(h)).confirm(token: try token(h, "verify-email"))
        try await h.signInService().addIdentity(to: account.id, provider: .apple,
                                                identity: try await h.appleIdentity(sub: "owner-apple"))
        #expect(try h.storage.identities(accountID: account.id).map(\.provider).sorted { $0.rawValue < $1.rawValue }
                == [.apple, .password])
    }

    @Test func anOperatorsAccountIsOutsideTheRule() async throws {
        let h = try Harness()
        let account = try AccountDirectory(storage: h.storage, clock: h.clock, random: h.random,
                                           hasher: Argon2idHasher(opsLimit: 1, memLimit: 8192))
            .createPasswordAccount(email: "staff@example.com", name: nil, password: "staff long passphrase")
        #expect(!account.emailVerified && !UnprovenAccountRule.isUnproven(account))
        try await h.signInService().addIdentity(to: account.id, provider: .apple,
                                                identity: try await h.appleIdentity(sub: "staff-apple"))
        #expect(try h.storage.identities(accountID: account.id).count == 2)
    }

    @Test func aResetThatProvesTheAddressRemovesTheMethodsTheAccountWasMadeWith() async throws {
        let h = try Harness()
        let flows = context(h)
        let account = try preRegister(h, flows)
        // An Apple identity already on the unproven account (made before this rule, or by any other way).
        let now = h.clock.now()
        try h.storage.insertIdentity(LinkedIdentity(id: "idn-attacker", accountID: account.id, provider: .apple,
                                                        subject: "attacker-apple", email: nil, emailVerified: false,
                                                        firstSignInAt: now, lastSignInAt: now))
        try PasswordResetFlow(context: flows).request(email: "victim@example.com", locale: nil, clientAddress: nil)
        let done = try PasswordResetFlow(context: flows).reset(token: try token(h, "password-reset"),
                                                               newPassword: "the victim's own passphrase", locale: nil)
        #expect(done == PasswordResetFlow.Done(accountID: account.id, removedMethods: [.apple]))
        #expect(try h.storage.identity(provider: .apple, subject: "attacker-apple") == nil)
        #expect(try h.storage.account(id: account.id)?.emailVerified == true)
        let mail = try #require(try h.storage.listMail().last { $0.recipient == "victim@example.com" })
        #expect(mail.kind == "password-changed" && mail.textBody == "apple")
        // A proven account keeps its methods through a later reset.
        try PasswordResetFlow(context: flows).request(email: "victim@example.com", locale: nil, clientAddress: nil)
        let again = try PasswordResetFlow(context: flows).reset(token: try token(h, "password-reset"),
                                                                newPassword: "the victim's next passphrase", locale: nil)
        #expect(again.removedMethods.isEmpty)
    }

    @Test func anUnverifiedGoogleEmailNeverBecomesTheAccountsEmail() async throws {
        let h = try Harness()
        let outcome = try await h.signInService().signIn(
            provider: .google, identity: try await h.googleIdentity(sub: "g-attacker", email: "victim@example.com",
                                                                    verified: false))
        guard case .signedIn(let accountID, true) = outcome else { throw Harness.Failure() }
        let account = try #require(try h.storage.account(id: accountID))
        #expect(account.email == nil && !account.emailVerified)
        #expect(try h.storage.account(email: "victim@example.com") == nil)
        #expect(try h.storage.identities(accountID: accountID).first?.email == "victim@example.com")
        // The owner can still sign up with the address.
        guard case .created = try SignUpFlow(context: context(h)).signUp(
            email: "victim@example.com", password: "the victim's own passphrase", name: nil, locale: nil, clientAddress: nil)
        else { throw Harness.Failure() }
    }

    @Test func thisWasntMeDeletesTheNeverProvenAccountAndFreesTheAddress() throws {
        let h = try Harness()
        let flows = context(h)
        let account = try preRegister(h, flows)
        let link = try token(h, "verify-email")
        let made = try #require(try EmailVerificationFlow(context: flows).madeAccount(token: link))
        #expect(made == EmailVerificationFlow.MadeAccount(madeAt: account.createdAt, methods: [.password]))
        try EmailVerificationFlow(context: flows).disown(token: link)
        #expect(try h.storage.account(id: account.id)?.status == .deleted)
        #expect(try h.storage.account(email: "victim@example.com") == nil)
        #expect(throws: EmailVerificationFlow.Failure.invalidLink) { try EmailVerificationFlow(context: flows).disown(token: link) }
        #expect(try EmailVerificationFlow(context: flows).madeAccount(token: link) == nil)
        guard case .created = try SignUpFlow(context: flows).signUp(
            email: "victim@example.com", password: "the victim's own passphrase", name: nil, locale: nil, clientAddress: nil)
        else { throw Harness.Failure() }
    }

    @Test func aProvenAccountCannotBeDisowned() throws {
        let h = try Harness()
        let flows = context(h)
        let account = try preRegister(h, flows)
        try EmailVerificationFlow(context: flows).resend(accountID: account.id, locale: nil)
        let link = try token(h, "verify-email")
        #expect(try EmailVerificationFlow(context: flows).madeAccount(token: link) != nil)
        // The owner confirms with an older link? No: resend voided it; the new one confirms.
        _ = try EmailVerificationFlow(context: flows).confirm(token: link)
        try EmailVerificationFlow(context: flows).resend(accountID: account.id, locale: nil)
        #expect(throws: EmailVerificationFlow.Failure.invalidLink) { try EmailVerificationFlow(context: flows).disown(token: link) }
        #expect(try h.storage.account(id: account.id)?.status == .active)
    }
}
