import Foundation
import OAuthCore
import Support
import Testing
@testable import Identity

/// The server half of Apple's Account Authentication Modification extension (SignInService+Upgrade.swift):
/// a password account becomes a Sign in with Apple account, the Apple ID added and the password removed
/// in one transaction; Apple's code redeemed at the stand-in with a real ES256 client secret.
@Suite struct UpgradeToAppleTests {
    /// A password account the operator made (`accountlink user add`).
    func passwordAccount(_ h: Harness, _ email: String) throws -> String {
        try AccountDirectory(storage: h.storage, clock: h.clock, random: h.random,
                             hasher: Argon2idHasher(opsLimit: 1, memLimit: 8192))
            .createPasswordAccount(email: email, name: nil, password: "pat's long passphrase").id
    }

    func providers(_ h: Harness, _ account: String) throws -> [LinkedIdentity.Provider] {
        try h.storage.identities(accountID: account).map(\.provider).sorted { $0.rawValue < $1.rawValue }
    }

    @Test func thePasswordIsReplacedByTheAppleIDAndApplesTokenKept() async throws {
        let h = try Harness()
        let account = try passwordAccount(h, "pat@example.com")
        h.standIn.addCode("code-up", .init(clientID: Harness.appBundleID, subject: "001.pat", refreshToken: "r.up"))
        try await h.signInService().upgradePasswordToApple(
            accountID: account, identity: h.appleIdentity(sub: "001.pat", email: "x@privaterelay.appleid.com"),
            appleAuthorizationCode: "code-up")
        #expect(try providers(h, account) == [.apple])
        #expect(try h.storage.passwordHash(accountID: account) == nil, "the password no longer signs in")
        let sealed = try #require(try h.storage.thirdPartyTokens(accountID: account).first)
        #expect(try h.sealer.open(sealed.encryptedRefreshToken, provider: .apple).refreshToken == "r.up")
        #expect(try h.storage.auditEvents(limit: 20).contains { $0.kind == "account.upgraded" && $0.accountID == account })
    }

    @Test func anAppleIDOfAnotherAccountChangesNothing() async throws {
        let h = try Harness()
        let service = h.signInService()
        guard case .signedIn(let owner, created: true) = try await service.signIn(
            provider: .apple, identity: h.appleIdentity(sub: "001.taken")) else { throw Harness.Failure() }
        let account = try passwordAccount(h, "pat@example.com")
        await #expect(throws: SignInService.Failure.identityInUse) {
            try await service.upgradePasswordToApple(accountID: account, identity: h.appleIdentity(sub: "001.taken"),
                                                     appleAuthorizationCode: nil)
        }
        #expect(try providers(h, account) == [.password] && h.storage.passwordHash(accountID: account) != nil)
        #expect(try providers(h, owner) == [.apple])
    }

    @Test func anAccountWithoutAPasswordIsRefusedAndGetsNoAppleID() async throws {
        let h = try Harness()
        let service = h.signInService()
        guard case .signedIn(let googleOnly, created: true) = try await service.signIn(
            provider: .google, identity: h.googleIdentity(sub: "g-1", email: "g@gmail.com")) else { throw Harness.Failure() }
        await #expect(throws: SignInService.Failure.noPassword) {
            try await service.upgradePasswordToApple(accountID: googleOnly, identity: h.appleIdentity(sub: "001.new"),
                                                     appleAuthorizationCode: nil)
        }
        #expect(try providers(h, googleOnly) == [.google])
        #expect(try h.storage.identity(provider: .apple, subject: "001.new") == nil)
    }

    @Test func aRefusedCodeKeepsThePassword() async throws {
        let h = try Harness()
        let account = try passwordAccount(h, "pat@example.com")
        await #expect(throws: SignInService.Failure.authorizationCodeRefused) {
            try await h.signInService().upgradePasswordToApple(
                accountID: account, identity: h.appleIdentity(sub: "001.pat"), appleAuthorizationCode: "unknown")
        }
        #expect(try providers(h, account) == [.password] && h.storage.passwordHash(accountID: account) != nil)
    }

    /// UnprovenAccountRule: an account made through sign-up whose address is not proven adds no method,
    /// so it cannot swap its password for an Apple ID either.
    @Test func anUnprovenSignUpIsRefusedAndKeepsItsPassword() async throws {
        let h = try Harness()
        let context = AccountFlowContext(storage: h.storage, clock: h.clock, random: h.random,
                                         hasher: Argon2idHasher(opsLimit: 1, memLimit: 8192), composer: LinkComposer(),
                                         issuer: "https://id.example", loginThrottle: LoginThrottle())
        guard case .created(let account) = try SignUpFlow(context: context).signUp(
            email: "new@example.com", password: "pat's long passphrase", name: nil, locale: nil, clientAddress: nil)
        else { throw Harness.Failure() }
        await #expect(throws: SignInService.Failure.emailUnverified) {
            try await h.signInService().upgradePasswordToApple(
                accountID: account.id, identity: h.appleIdentity(sub: "001.new"), appleAuthorizationCode: nil)
        }
        #expect(try providers(h, account.id) == [.password])
    }
}
