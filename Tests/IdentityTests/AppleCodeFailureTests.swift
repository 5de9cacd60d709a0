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
                                    apple: AppleCodeExchange(client: down, verifier: h.appleVerifier, sealer: h.sealer))
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
}
