import Foundation
import JOSE
import OAuthCore
import Support
import Testing
@testable import Identity

@Suite struct SignInTests {
    @Test func firstAppleSignInCreatesAccountAndKeepsTheName() async throws {
        let h = try Harness()
        let service = h.signInService()
        let first = try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.abc", email: "Ann@Example.com"),
                                             names: (given: " Ann ", family: "Lee"))
        guard case .signedIn(let accountID, created: true) = first else { Issue.record("\(first)"); return }
        #expect(try h.account(accountID).displayName == "Ann Lee")
        #expect(try h.account(accountID).email == "ann@example.com")
        let identity = try #require(try h.storage.identity(provider: .apple, subject: "001.abc"))
        #expect(identity.realUserStatus == 2 && identity.emailVerified && !identity.isPrivateEmail)

        h.clock.advance(by: 3600)
        // Later tokens carry no name
        // (https://developer.apple.com/documentation/signinwithapple/authenticating-users-with-sign-in-with-apple):
        // same account, name kept.
        let again = try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.abc"))
        #expect(again == .signedIn(accountID: accountID, created: false))
        #expect(try h.account(accountID).displayName == "Ann Lee")
        #expect(try h.storage.identity(provider: .apple, subject: "001.abc")?.lastSignInAt == h.clock.now())
        #expect(try h.storage.listAccounts().count == 1)
    }

    @Test func googleWithTheSameVerifiedEmailLinksOnlyAfterProof() async throws {
        let h = try Harness()
        let service = h.signInService()
        let ann = try #require(try await service.signIn(
            provider: .apple, identity: h.appleIdentity(sub: "001.ann", email: "ann@example.com")).signedInAccount)
        let bob = try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.bob", email: "bob@example.com"))
        let bobID = try #require(bob.signedInAccount)

        let google = try await h.googleIdentity(sub: "g-ann", email: "ANN@example.com")
        let outcome = try await service.signIn(provider: .google, identity: google)
        guard case .linkRequired(let linkToken, let email) = outcome else { Issue.record("\(outcome)"); return }
        #expect(email == "ann@example.com")
        #expect(try Base64URL.decode(linkToken).count >= 32)
        #expect(try h.storage.identity(provider: .google, subject: "g-ann") == nil)
        #expect(try h.storage.listAccounts().count == 2)

        #expect(throws: SignInService.Failure.linkAccountMismatch) {
            try service.redeemLinkToken(linkToken, provenAccountID: bobID)
        }
        #expect(throws: SignInService.Failure.linkTokenInvalid) { try service.redeemLinkToken("nope", provenAccountID: ann) }
        let linked = try service.redeemLinkToken(linkToken, provenAccountID: ann)
        #expect(linked.accountID == ann && linked.provider == .google)
        #expect(throws: SignInService.Failure.linkTokenInvalid) { try service.redeemLinkToken(linkToken, provenAccountID: ann) }

        #expect(try await service.signIn(provider: .google, identity: google) == .signedIn(accountID: ann, created: false))
        #expect(try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann"))
            == .signedIn(accountID: ann, created: false))
        #expect(try h.storage.listAccounts().count == 2)
    }

    @Test func linkTokensExpireAfterTenMinutes() async throws {
        let h = try Harness()
        let service = h.signInService()
        let ann = try #require(try await service.signIn(
            provider: .apple, identity: h.appleIdentity(sub: "001.ann", email: "ann@example.com")).signedInAccount)
        let token = try #require(try await service.signIn(
            provider: .google, identity: h.googleIdentity(sub: "g", email: "ann@example.com")).linkToken)
        h.clock.advance(by: 601)
        #expect(throws: SignInService.Failure.linkTokenExpired) { try service.redeemLinkToken(token, provenAccountID: ann) }
    }

    @Test func privateRelayAndUnverifiedEmailsNeverLink() async throws {
        let h = try Harness()
        let service = h.signInService(autoLink: [.apple, .google])
        let relay = "x7k2@privaterelay.appleid.com"
        let first = try await service.signIn(provider: .apple,
                                             identity: h.appleIdentity(sub: "001.a", email: relay, isPrivate: "true"))
        #expect(try h.storage.identity(provider: .apple, subject: "001.a")?.isPrivateEmail == true)
        // Another Apple user (another team's relay is never the same, but even so) gets their own account.
        let other = try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.b", email: relay))
        guard case .signedIn(_, created: true) = other else { Issue.record("\(other)"); return }
        #expect(first != other)

        let ann = try #require(try await service.signIn(
            provider: .apple, identity: h.appleIdentity(sub: "001.ann", email: "ann@example.com")).signedInAccount)
        let unverified = try await service.signIn(provider: .google,
                                                  identity: h.googleIdentity(sub: "g", email: "ann@example.com", verified: false))
        guard case .signedIn(let created, created: true) = unverified else { Issue.record("\(unverified)"); return }
        #expect(created != ann)
        #expect(try h.account(created).email == nil)
        #expect(try h.storage.account(email: "ann@example.com")?.id == ann)
    }

    @Test func autoLinkingJoinsAVerifiedAccountWithoutProof() async throws {
        let h = try Harness()
        let service = h.signInService(autoLink: [.google])
        let ann = try #require(try await service.signIn(
            provider: .apple, identity: h.appleIdentity(sub: "001.ann", email: "ann@example.com")).signedInAccount)
        #expect(try await service.signIn(provider: .google, identity: h.googleIdentity(sub: "g", email: "ann@example.com"))
            == .signedIn(accountID: ann, created: false))
        #expect(try h.storage.identities(accountID: ann).count == 2)
    }

    @Test func disabledAccountsCannotSignIn() async throws {
        let h = try Harness()
        let service = h.signInService()
        let ann = try #require(try await service.signIn(
            provider: .apple, identity: h.appleIdentity(sub: "001.ann", email: "ann@example.com")).signedInAccount)
        var account = try h.account(ann)
        account.status = .disabled
        try h.storage.updateAccount(account)
        await #expect(throws: SignInService.Failure.accountUnavailable) {
            try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann"))
        }
        await #expect(throws: SignInService.Failure.accountUnavailable) {
            try await service.signIn(provider: .google, identity: h.googleIdentity(sub: "g", email: "ann@example.com"))
        }
    }

    @Test func identitiesAreAddedAndRemovedButNeverTheLast() async throws {
        let h = try Harness()
        let service = h.signInService()
        let ann = try #require(try await service.signIn(
            provider: .apple, identity: h.appleIdentity(sub: "001.ann", email: "ann@example.com")).signedInAccount)
        let google = try await service.addIdentity(to: ann, provider: .google,
                                                   identity: h.googleIdentity(sub: "g", email: "a@gmail.com"))
        let bob = try #require(try await service.signIn(
            provider: .apple, identity: h.appleIdentity(sub: "001.bob")).signedInAccount)
        await #expect(throws: SignInService.Failure.identityInUse) {
            try await service.addIdentity(to: bob, provider: .google, identity: h.googleIdentity(sub: "g", email: "a@gmail.com"))
        }
        try service.removeIdentity(accountID: ann, identityID: google.id)
        let apple = try #require(try h.storage.identities(accountID: ann).first)
        #expect(throws: SignInService.Failure.lastIdentity) { try service.removeIdentity(accountID: ann, identityID: apple.id) }
    }
}
