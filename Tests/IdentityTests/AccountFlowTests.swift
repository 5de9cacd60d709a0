import Foundation
import Mail
import OAuthCore
import StoreMemory
import Support
import Testing
@testable import Identity

/// Writes the mail's kind and link so tests can follow links as the person would.
struct LinkComposer: MailComposer {
    func compose(_ mail: AccountMail, locale: String?) -> ComposedMail {
        let link: String = switch mail {
        case .verifyEmail(let link), .passwordReset(let link), .confirmNewEmail(let link): link
        case .verifyNewAccount(let link, _, _): link
        case .emailChangeRequested(_, let cancelLink): cancelLink
        case .accountExists(let signIn, _): signIn
        case .passwordResetRemovedMethods(let methods): methods.map(\.rawValue).joined(separator: ",")
        case .passwordChanged: ""
        }
        return ComposedMail(subject: "\(mail.kind) [\(locale ?? "-")]", text: link, html: "<p>\(link)</p>")
    }
}

final class FlowHarness: Sendable {
    let storage = MemoryStorage()
    let clock = ManualClock()
    let loginThrottle = LoginThrottle()
    let context: AccountFlowContext

    init() {
        context = AccountFlowContext(storage: storage, clock: clock, random: SystemRandom(),
                                     hasher: Argon2idHasher(opsLimit: 1, memLimit: 8192),
                                     composer: LinkComposer(), issuer: "https://id.example", loginThrottle: loginThrottle)
    }

    func signUp(_ email: String, _ password: String = "a long enough passphrase", address: String = "192.0.2.1")
        throws -> SignUpFlow.Outcome {
        try SignUpFlow(context: context).signUp(email: email, password: password, name: " Ann ", locale: "de",
                                                clientAddress: address)
    }

    /// The token in the newest mail of that kind to that address.
    func token(_ kind: String, to email: String) throws -> String {
        let mail = try #require(try storage.listMail().last { $0.kind == kind && $0.recipient == email })
        return try #require(mail.textBody.components(separatedBy: "token=").last)
    }
}

@Suite struct SignUpAndVerificationTests {
    @Test func signUpCreatesUnverifiedAccountAndMailsASingleUseLink() throws {
        let h = FlowHarness()
        guard case .created(let account) = try h.signUp("Ann@Example.com") else { throw Harness.Failure() }
        #expect(account.email == "ann@example.com" && !account.emailVerified && account.displayName == "Ann")
        let mail = try #require(try h.storage.listMail().first)
        #expect(mail.kind == "verify-email" && mail.subject.hasSuffix("[de]") && mail.status == .pending)
        #expect(mail.textBody.hasPrefix("https://id.example/verify-email?token="))
        let token = try h.token("verify-email", to: "ann@example.com")
        // The store keeps only the hash (docs/architecture.md, Decisions).
        #expect(try h.storage.consumeOneTimeToken(hash: token, at: h.clock.now()) == .notFound)
        #expect(try EmailVerificationFlow(context: h.context).confirm(token: token) == .verified(accountID: account.id))
        #expect(try h.storage.account(id: account.id)?.emailVerified == true)
        #expect(try h.storage.identities(accountID: account.id).first?.emailVerified == true)
        #expect(throws: EmailVerificationFlow.Failure.invalidLink) {
            try EmailVerificationFlow(context: h.context).confirm(token: token)
        }
        #expect(try h.storage.auditEvents(limit: 10).map(\.kind).contains("email.verified"))
    }

    @Test func verificationLinkExpiresAfter24Hours() throws {
        let h = FlowHarness()
        _ = try h.signUp("late@example.com")
        let token = try h.token("verify-email", to: "late@example.com")
        h.clock.advance(by: 24 * 3600 + 1)
        #expect(throws: EmailVerificationFlow.Failure.invalidLink) {
            try EmailVerificationFlow(context: h.context).confirm(token: token)
        }
        #expect(throws: EmailVerificationFlow.Failure.invalidLink) {
            try EmailVerificationFlow(context: h.context).confirm(token: "not-a-token")
        }
    }

    @Test func existingEmailCreatesNothingAndMailsTheOwner() throws {
        let h = FlowHarness()
        guard case .created(let owner) = try h.signUp("own@example.com") else { throw Harness.Failure() }
        #expect(try h.signUp("OWN@example.com", "another passphrase 2") == .alreadyRegistered)
        #expect(try h.storage.listAccounts().count == 1)
        let mails = try h.storage.listMail()
        #expect(mails.map(\.kind) == ["verify-email", "account-exists"])
        #expect(mails[1].recipient == "own@example.com" && mails[1].accountID == owner.id)
    }

    @Test(arguments: [
        ("short7!", PasswordPolicy.Violation.tooShort), ("password123", .common), ("Me@Example.com", .equalsEmail),
        (String(repeating: "x", count: 257), .tooLong(maximum: 256)),
    ])
    func passwordRulesRefuse(_ password: String, _ violation: PasswordPolicy.Violation) throws {
        let h = FlowHarness()
        #expect(throws: SignUpFlow.Failure.password(violation)) { try h.signUp("me@example.com", password) }
        #expect(try h.storage.listAccounts().isEmpty && h.storage.listMail().isEmpty)
    }

    @Test func passwordRulesAcceptAnyUnicodeAndNormaliseToNFC() throws {
        let policy = PasswordPolicy.standard
        // 8 code points, no composition rules; 64 and more are allowed.
        #expect(try policy.check("🔑🔑🔑🔑🔑🔑🔑🔑", email: nil) == "🔑🔑🔑🔑🔑🔑🔑🔑")
        #expect(try policy.check(String(repeating: "é", count: 64), email: nil).count == 64)
        #expect(try policy.check("cafe\u{301} au lait", email: nil) == "caf\u{E9} au lait")
        let hasher = Argon2idHasher(opsLimit: 1, memLimit: 8192)
        #expect(hasher.verify("caf\u{E9} au lait", hash: try hasher.hash("cafe\u{301} au lait")))
        #expect(!hasher.verify("cafe au lait", hash: try hasher.hash("cafe\u{301} au lait")))
    }

    @Test func signUpsAreThrottledPerClientAddress() throws {
        let h = FlowHarness()
        for i in 0..<30 { _ = try h.signUp("p\(i)@example.com", address: "198.51.100.7") }
        #expect(throws: SignUpFlow.Failure.throttled) { try h.signUp("p9@example.com", address: "198.51.100.7") }
        _ = try h.signUp("p9@example.com", address: "198.51.100.8")
    }

    @Test func emailChangeTakesEffectOnlyAfterTheClickAndNoticesTheOldAddress() throws {
        let h = FlowHarness()
        guard case .created(let account) = try h.signUp("old@example.com") else { throw Harness.Failure() }
        try EmailChangeFlow(context: h.context).request(accountID: account.id, newEmail: "New@Example.com",
                                                        currentPassword: nil, signedInAt: h.clock.now(), locale: nil)
        #expect(try h.storage.account(id: account.id)?.email == "old@example.com")
        #expect(try h.storage.listMail().contains { $0.kind == "email-change-notice" && $0.recipient == "old@example.com" })
        let token = try h.token("confirm-new-email", to: "new@example.com")
        #expect(try EmailVerificationFlow(context: h.context).confirm(token: token) == .changed(accountID: account.id))
        let changed = try #require(try h.storage.account(id: account.id))
        #expect(changed.email == "new@example.com" && changed.emailVerified)
        #expect(try h.storage.identity(provider: .password, subject: "new@example.com")?.accountID == account.id)
        let kinds = try h.storage.auditEvents(limit: 20).map(\.kind)
        #expect(["account.signed-up", "email.change-requested", "email.changed"].allSatisfy(kinds.contains))
        // The old verification link no longer matches the account's address.
        #expect(throws: EmailVerificationFlow.Failure.invalidLink) {
            try EmailVerificationFlow(context: h.context).confirm(token: try h.token("verify-email", to: "old@example.com"))
        }
    }
}
