import Foundation
import OAuthCore
import Support
import Testing
@testable import Identity

/// A removed sign-in method voids the account's open one-time links in its transaction
/// (`OneTimeLinkRule`, SignInService.remove): a reset link mailed before the password went must not
/// bring a password back, whether the method was removed by the person or by the upgrade to Apple.
@Suite struct MethodRemovalLinkTests {
    func context(_ h: Harness) -> AccountFlowContext {
        AccountFlowContext(storage: h.storage, clock: h.clock, random: h.random,
                           hasher: Argon2idHasher(opsLimit: 1, memLimit: 8192), composer: LinkComposer(),
                           issuer: "https://id.example", loginThrottle: LoginThrottle())
    }

    /// An operator's password account (not unproven) and a reset link mailed to it.
    func accountWithResetLink(_ h: Harness) throws -> (account: String, resetToken: String) {
        let account = try AccountDirectory(storage: h.storage, clock: h.clock, random: h.random,
                                           hasher: Argon2idHasher(opsLimit: 1, memLimit: 8192))
            .createPasswordAccount(email: "pat@example.com", name: nil, password: "pat's long passphrase").id
        try PasswordResetFlow(context: context(h)).request(email: "pat@example.com", locale: nil, clientAddress: nil)
        let mail = try #require(try h.storage.listMail().last { $0.kind == "password-reset" })
        return (account, try #require(mail.textBody.components(separatedBy: "token=").last))
    }

    func reset(_ h: Harness, _ token: String) throws {
        _ = try PasswordResetFlow(context: context(h)).reset(token: token, newPassword: "the thief's passphrase", locale: nil)
    }

    @Test func removingThePasswordKillsTheResetLink() throws {
        let h = try Harness()
        let (account, token) = try accountWithResetLink(h)
        try h.storage.insertIdentity(LinkedIdentity(id: "idn_google_pat", accountID: account, provider: .google,
                                                        subject: "g-pat", email: nil, emailVerified: true,
                                                        firstSignInAt: h.clock.now(), lastSignInAt: h.clock.now()))
        try h.signInService().removeIdentities(accountID: account, provider: .password)
        #expect(throws: PasswordResetFlow.Failure.invalidLink) { try reset(h, token) }
        #expect(try h.storage.passwordHash(accountID: account) == nil, "no password came back")
    }

    @Test func theUpgradeToAppleKillsTheResetLink() async throws {
        let h = try Harness()
        let (account, token) = try accountWithResetLink(h)
        try await h.signInService().upgradePasswordToApple(
            accountID: account, identity: h.appleIdentity(sub: "001.pat"), appleAuthorizationCode: nil)
        #expect(throws: PasswordResetFlow.Failure.invalidLink) { try reset(h, token) }
        #expect(try h.storage.passwordHash(accountID: account) == nil, "no password came back")
    }

    @Test func aRefusedRemovalLeavesTheLinkAlive() throws {
        let h = try Harness()
        let (account, token) = try accountWithResetLink(h)
        #expect(throws: SignInService.Failure.lastIdentity) {
            try h.signInService().removeIdentities(accountID: account, provider: .password)
        }
        try reset(h, token)
        #expect(try h.storage.passwordHash(accountID: account) != nil)
    }
}
