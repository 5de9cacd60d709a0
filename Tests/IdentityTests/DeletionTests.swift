import Foundation
import JOSE
import OAuthCore
import Support
import Testing
@testable import Identity

@Suite struct DeletionTests {
    func signedInWithAppleToken(_ h: Harness) async throws -> String {
        h.standIn.addCode("code", .init(clientID: Harness.appBundleID, subject: "001.ann", refreshToken: "r.ann-refresh"))
        guard case .signedIn(let ann, _) = try await h.signInService().signIn(
            provider: .apple, identity: h.appleIdentity(sub: "001.ann", email: "ann@example.com"),
            names: (given: "Ann", family: nil), appleAuthorizationCode: "code")
        else { throw Harness.Failure() }
        let now = h.clock.now()
        try h.storage.insertClient(Client(id: "google", name: "Google", secretHash: "h", redirectURIs: [], createdAt: now))
        try h.storage.insertGrant(Grant(id: "g1", accountID: ann, clientID: "google", scope: ["devices"], createdAt: now))
        return ann
    }

    @Test func deletionRevokesAtAppleAndErasesEverything() async throws {
        let h = try Harness()
        let ann = try await signedInWithAppleToken(h)
        let report = try await h.deletion.delete(accountID: ann)
        #expect(report == .init(grantsRevoked: 1, providerTokensRevoked: 1, providerTokensPending: 0))
        let revoked = try #require(h.standIn.snapshot.revocations.first)
        #expect(revoked["token"] == "r.ann-refresh")
        #expect(revoked["token_type_hint"] == "refresh_token")
        #expect(revoked["client_id"] == Harness.appBundleID)
        #expect(try h.storage.activeGrants(accountID: ann).isEmpty)
        let account = try h.account(ann)
        #expect(account.status == .deleted && account.email == nil && account.displayName == nil)
        #expect(try h.storage.identity(provider: .apple, subject: "001.ann") == nil)
        #expect(try h.storage.thirdPartyTokens(accountID: ann).isEmpty)
    }

    @Test func aFailedRevocationStaysPendingUntilDelivered() async throws {
        let h = try Harness()
        let ann = try await signedInWithAppleToken(h)
        h.standIn.state.withLock { $0.revokeStatus = 503 }
        let report = try await h.deletion.delete(accountID: ann)
        #expect(report.providerTokensPending == 1 && report.providerTokensRevoked == 0)
        #expect(try h.account(ann).status == .deleted)
        #expect(try await h.deletion.retryDue() == 0)

        h.standIn.state.withLock { $0.revokeStatus = 200 }
        h.clock.advance(by: 61)
        #expect(try await h.deletion.retryDue() == 1)
        #expect(h.standIn.snapshot.revocations.map { $0["token"] } == ["r.ann-refresh"])
        #expect(try h.storage.duePendingRevocations(at: h.clock.now().addingTimeInterval(1e6)).isEmpty)
    }

    @Test func removingTheAppleIdentityQueuesItsRevocation() async throws {
        let h = try Harness()
        let ann = try await signedInWithAppleToken(h)
        let service = h.signInService()
        try await service.addIdentity(to: ann, provider: .google, identity: h.googleIdentity(sub: "g", email: "a@gmail.com"))
        let apple = try #require(try h.storage.identity(provider: .apple, subject: "001.ann"))
        try service.removeIdentity(accountID: ann, identityID: apple.id)
        #expect(try h.storage.thirdPartyTokens(accountID: ann).isEmpty)
        #expect(try await h.deletion.retryDue() == 1)
        #expect(h.standIn.snapshot.revocations.first?["token"] == "r.ann-refresh")
    }
}
