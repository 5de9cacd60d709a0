import Foundation
import Mail
import OAuthCore
import StoreMemory
import Support
import Testing
@testable import Identity

/// Attacks on the account flows (docs/accounts-and-email.md, "Mail budgets", "What each sign-up mode
/// reveals"): mail bombing one mailbox, resets that burn Argon2id on unknown tokens, a fullwidth
/// copy of an address, and a verify-first sign-up that must sign nobody in.
@Suite struct MailBudgetAndResetTests {
    /// A flow context on `h`'s store with another hasher or sign-up mode.
    func context(_ h: FlowHarness, hasher: Argon2idHasher = Argon2idHasher(opsLimit: 1, memLimit: 8192),
                 mode: SignUpFlow.Mode = .immediate) -> AccountFlowContext {
        AccountFlowContext(storage: h.storage, clock: h.clock, random: SystemRandom(), hasher: hasher,
                           composer: LinkComposer(), issuer: "https://id.example", loginThrottle: h.loginThrottle,
                           signUpMode: mode)
    }

    func mails(_ h: FlowHarness, _ kind: String? = nil, to recipient: String) throws -> [OutboxMail] {
        try h.storage.listMail().filter { $0.recipient == recipient && (kind == nil || $0.kind == kind) }
    }

    @Test func signUpsWithAnExistingAddressMailItsOwnerAtMostTheBudget() throws {
        let h = FlowHarness()
        guard case .created = try h.signUp("owner@example.com") else { throw Harness.Failure() }
        for index in 0..<40 {
            // A fullwidth copy is the same mailbox: the same account, the same budget, mailed at the real address.
            let spelling = index.isMultiple(of: 2) ? "Owner@example.com" : "\u{FF4F}wner@example.com"
            #expect(try h.signUp(spelling, address: "198.51.100.\(index)") == .alreadyRegistered)
        }
        let budget = AccountFlowContext.standardMailBudget.freeFailures
        #expect(try mails(h, to: "owner@example.com").count == budget)
        #expect(try h.storage.listMail().count == budget, "nothing mailed to the fullwidth copy")
        #expect(try h.storage.listAccounts().count == 1)
        h.clock.advance(by: 3600)
        _ = try h.signUp("owner@example.com", address: "203.0.113.1")
        _ = try h.signUp("owner@example.com", address: "203.0.113.2")
        #expect(try mails(h, to: "owner@example.com").count == budget + 1, "then one an hour")
    }

    @Test func resendsAndEmailChangesHaveAnAccountBudget() throws {
        let h = FlowHarness()
        guard case .created(let account) = try h.signUp("asker@example.com") else { throw Harness.Failure() }
        let budget = AccountFlowContext.standardAccountMailBudget.freeFailures
        for _ in 0..<12 { try EmailVerificationFlow(context: h.context).resend(accountID: account.id, locale: nil) }
        #expect(try mails(h, "verify-email", to: "asker@example.com").count == 1 + budget)
        for _ in 0..<12 {
            try EmailChangeFlow(context: h.context).request(accountID: account.id, newEmail: "stranger@example.com",
                                                            currentPassword: nil, signedInAt: h.clock.now(), locale: nil)
        }
        #expect(try mails(h, to: "stranger@example.com").count == budget)
    }

    @Test func resetLooksTheTokenUpBeforeHashing() throws {
        let h = FlowHarness()
        guard case .created = try h.signUp("hash@example.com") else { throw Harness.Failure() }
        try PasswordResetFlow(context: h.context).request(email: "hash@example.com", locale: nil, clientAddress: nil)
        let token = try h.token("password-reset", to: "hash@example.com")
        // Every hash with these limits fails (libsodium refuses opslimit 0): reaching the hasher is visible.
        let flow = PasswordResetFlow(context: context(h, hasher: Argon2idHasher(opsLimit: 0, memLimit: 8192)))
        // The last character changed (a token ending in "A" stays itself with "A": one in 64).
        let altered = String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A")
        for unknown in ["", "unknown-token", altered] {
            #expect(throws: PasswordResetFlow.Failure.invalidLink) {
                try flow.reset(token: unknown, newPassword: "a new long passphrase", locale: nil)
            }
        }
        #expect(throws: Argon2idHasher.HashingError.self) {
            try flow.reset(token: token, newPassword: "a new long passphrase", locale: nil)
        }
        _ = try PasswordResetFlow(context: h.context).reset(token: token, newPassword: "a new long passphrase", locale: nil)
        #expect(throws: PasswordResetFlow.Failure.invalidLink) {
            try flow.reset(token: token, newPassword: "another long passphrase", locale: nil)
        }
    }

    @Test func resetIsThrottledPerClientAddress() throws {
        let h = FlowHarness()
        guard case .created = try h.signUp("slow@example.com") else { throw Harness.Failure() }
        try PasswordResetFlow(context: h.context).request(email: "slow@example.com", locale: nil, clientAddress: nil)
        let token = try h.token("password-reset", to: "slow@example.com")
        let flow = PasswordResetFlow(context: h.context)
        for index in 0..<h.loginThrottle.freeFailures {
            #expect(throws: PasswordResetFlow.Failure.invalidLink) {
                try flow.reset(token: "guess-\(index)", newPassword: "a new long passphrase", locale: nil,
                               clientAddress: "203.0.113.5")
            }
        }
        #expect(throws: PasswordResetFlow.Failure.throttled) {
            try flow.reset(token: token, newPassword: "a new long passphrase", locale: nil, clientAddress: "203.0.113.5")
        }
        _ = try flow.reset(token: token, newPassword: "a new long passphrase", locale: nil, clientAddress: "203.0.113.6")
    }

    @Test func verifyFirstSignsNobodyInUntilTheLinkIsFollowed() throws {
        let h = FlowHarness()
        let verifyFirst = context(h, mode: .verifyFirst)
        let signUp = SignUpFlow(context: verifyFirst)
        #expect(try signUp.signUp(email: "new@example.com", password: "chosen passphrase", name: nil, locale: nil,
                                  clientAddress: nil) == .verificationSent)
        let account = try #require(try h.storage.account(email: "new@example.com"))
        #expect(try h.storage.passwordHash(accountID: account.id) == nil, "no password works before the proof")
        #expect(try signUp.signUp(email: "NEW@example.com", password: "other passphrase", name: nil, locale: nil,
                                  clientAddress: nil) == .alreadyRegistered)
        let token = try h.token("verify-email", to: "new@example.com")
        #expect(try EmailVerificationFlow(context: verifyFirst).confirm(token: token) == .verified(accountID: account.id))
        let hash = try #require(try h.storage.passwordHash(accountID: account.id))
        #expect(verifyFirst.hasher.verify("chosen passphrase", hash: hash))
    }
}
