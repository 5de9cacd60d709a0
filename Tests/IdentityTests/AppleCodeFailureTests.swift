import Foundation
import JOSE
import OAuthCore
import Support
import Testing
@testable import Identity

/// docs/sign-in.md "When a code exchange fails": a failed Apple code exchange never signs a person in
/// without the refresh token deletion must revoke.
@Suite struct AppleCodeFailureTests {
    @Test func appleUnreachableRefusesAsTemporaryAndCreatesNothing() async throws {
        let h = try Harness()
        let down = AppleClient(configuration: .init(baseURL: URL(string: "http://127.0.0.1:9")!, timeout: 5), secret: h.secret)
        let service = SignInService(storage: h.storage, clock: h.clock, random: h.random, logger: h.logger,
                                    apple: ProviderCodeExchange.apple(client: down, verifier: h.appleVerifier, sealer: h.sealer))
        h.standIn.addCode("c1", .init(clientID: Harness.appBundleID, subject: "001.ann", refreshToken: "r-ann"))
        await #expect(throws: SignInService.Failure.providerUnavailable) {
            try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann"), appleAuthorizationCode: "c1")
        }
        #expect(try h.storage.listAccounts().isEmpty)
        // The code was never redeemed, so the app's retry with the same code succeeds once Apple answers.
        let outcome = try await h.signInService().signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann"),
                                                         appleAuthorizationCode: "c1")
        guard case .signedIn(let account, true) = outcome else { throw Harness.Failure() }
        #expect(try h.storage.thirdPartyTokens(accountID: account).count == 1)
    }

    @Test func aRefusedCodeRefusesANewPersonButNotOneWhoseTokenWeHold() async throws {
        let h = try Harness()
        let service = h.signInService()
        await #expect(throws: SignInService.Failure.authorizationCodeRefused) {
            try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann"), appleAuthorizationCode: "used")
        }
        #expect(try h.storage.listAccounts().isEmpty)
        h.standIn.addCode("c1", .init(clientID: Harness.appBundleID, subject: "001.ann", refreshToken: "r-ann"))
        guard case .signedIn(let account, true) = try await service.signIn(
            provider: .apple, identity: h.appleIdentity(sub: "001.ann"), appleAuthorizationCode: "c1")
        else { throw Harness.Failure() }
        let again = try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann"),
                                             appleAuthorizationCode: "c1")
        #expect(again == .signedIn(accountID: account, created: false), "the held token keeps revocation possible")
        let sealed = try #require(try h.storage.thirdPartyTokens(accountID: account).first)
        #expect(try h.sealer.open(sealed.encryptedRefreshToken, provider: .apple).refreshToken == "r-ann")
    }

    @Test func aTokenObtainedForASignInThatFailsIsQueuedForRevocation() async throws {
        let h = try Harness()
        let service = h.signInService()
        guard case .signedIn(let account, _) = try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann"))
        else { throw Harness.Failure() }
        var disabled = try h.account(account)
        disabled.status = .disabled
        try h.storage.updateAccount(disabled)
        h.standIn.addCode("c2", .init(clientID: Harness.appBundleID, subject: "001.ann", refreshToken: "r-orphan"))
        await #expect(throws: SignInService.Failure.accountUnavailable) {
            try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann"), appleAuthorizationCode: "c2")
        }
        #expect(try await h.deletion.retryDue() == 1)
        #expect(h.standIn.snapshot.revocations.map { $0["token"] } == ["r-orphan"])
    }

    @Test func aLinkNeverRedeemedStillGetsItsTokenRevokedAndARedeemedOneKeepsIt() async throws {
        let h = try Harness()
        let service = h.signInService()
        guard case .signedIn(let ann, _) = try await service.signIn(
            provider: .google, identity: h.googleIdentity(sub: "g-ann", email: "ann@example.com"))
        else { throw Harness.Failure() }
        var tokens: [String] = []
        for (code, refresh) in [("kept", "r.kept"), ("abandoned", "r.abandoned")] {
            h.standIn.addCode(code, .init(clientID: Harness.appBundleID, subject: "001.ann-\(code)", refreshToken: refresh))
            let outcome = try await service.signIn(
                provider: .apple, identity: h.appleIdentity(sub: "001.ann-\(code)", email: "ann@example.com"),
                appleAuthorizationCode: code)
            guard case .linkRequired(let token, _) = outcome else { throw Harness.Failure() }
            tokens.append(token)
        }
        try service.redeemLinkToken(tokens[0], provenAccountID: ann)
        #expect(try await h.deletion.retryDue() == 0, "nothing is due while the links may still be redeemed")
        h.clock.advance(by: 600 + 61)
        #expect(try await h.deletion.retryDue() == 1)
        #expect(h.standIn.snapshot.revocations.map { $0["token"] } == ["r.abandoned"])
        #expect(try h.storage.thirdPartyTokens(accountID: ann).count == 1, "the redeemed link keeps its token")
    }
}
