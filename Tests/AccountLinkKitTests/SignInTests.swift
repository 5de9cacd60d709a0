import AccountLinkKit
import Foundation
import Testing

extension AgainstTheServer {
    /// The kit against the real server (README.md, Your iOS app: AccountLinkKit): password, Apple, Google,
    /// sign-up, link_required.
    @Suite(.timeLimit(.minutes(5))) struct SignInTests {
        @Test func passwordSignInStoresTokensAndAWrongPasswordIsInvalidGrant() async throws {
            try await withServer { server in
                try server.addPasswordAccount("pat@example.com")
                let kit = server.kit()
                let wrong = await #expect(throws: AccountLinkError.self) {
                    _ = try await kit.signIn(email: "pat@example.com", password: "wrong password!")
                }
                #expect(wrong?.code == "invalid_grant")
                await #expect(throws: AccountLinkError.notSignedIn) { _ = try await kit.accessToken() }
                let signedIn = try await kit.signIn(email: "pat@example.com", password: KitServer.password)
                #expect(signedIn.accountCreated == false)
                #expect(kit.isSignedIn())
                #expect(try await kit.accessToken().count >= 32)
            }
        }

        @Test func appleSignInCreatesOnceThenFindsTheSameAccount() async throws {
            try await withServer { server in
                let kit = server.kit()
                let nonce = AppleNonce()
                let credential = try server.appleCredential(sub: "apple.001", email: "x1@privaterelay.appleid.com",
                                                            isPrivate: true, nonce: nonce, givenName: "Pat")
                let first = try #require(try await kit.signIn(apple: credential, nonce: nonce).signedIn)
                #expect(first.accountCreated)
                let again = AppleNonce()
                let later = try server.appleCredential(sub: "apple.001", email: "x1@privaterelay.appleid.com",
                                                       isPrivate: true, nonce: again)
                let second = try #require(try await kit.signIn(apple: later, nonce: again).signedIn)
                #expect(second.accountID == first.accountID)
                #expect(second.accountCreated == false)
            }
        }

        @Test func appleSignInWithAnotherNonceIsRefused() async throws {
            try await withServer { server in
                let kit = server.kit()
                let credential = try server.appleCredential(sub: "apple.002", email: "a2@example.com", nonce: AppleNonce())
                let error = await #expect(throws: AccountLinkError.self) {
                    _ = try await kit.signIn(apple: credential, nonce: AppleNonce())
                }
                #expect(error?.code == "invalid_grant")
                #expect(kit.isSignedIn() == false)
            }
        }

        @Test func linkRequiredThenPasswordProofLinksAppleToTheExistingAccount() async throws {
            try await withServer { server in
                let existing = try server.addPasswordAccount("sam@example.com")
                let kit = server.kit()
                let nonce = AppleNonce()
                let credential = try server.appleCredential(sub: "apple.003", email: "sam@example.com", nonce: nonce)
                let link = try #require(try await kit.signIn(apple: credential, nonce: nonce).linkRequired)
                #expect(kit.isSignedIn() == false)
                await #expect(throws: AccountLinkError.self) {
                    try await kit.completeLink(link, email: "sam@example.com", password: "not the password")
                }
                try await kit.completeLink(link, email: "sam@example.com", password: KitServer.password)
                #expect(kit.isSignedIn())
                let next = AppleNonce()
                let again = try server.appleCredential(sub: "apple.003", email: "sam@example.com", nonce: next)
                let signedIn = try #require(try await server.kit().signIn(apple: again, nonce: next).signedIn)
                #expect(signedIn.accountID == existing)
            }
        }

        @Test func googleSignInWithItsNonceAndRefusedWithAnother() async throws {
            try await withServer { server in
                let kit = server.kit()
                let token = try server.googleToken(sub: "g-001", email: "g1@example.com", nonce: "n-123")
                let mismatch = await #expect(throws: AccountLinkError.self) {
                    _ = try await kit.signIn(google: GoogleCredential(idToken: token, nonce: "n-999"))
                }
                #expect(mismatch?.code == "invalid_grant")
                let signedIn = try #require(try await kit.signIn(google: GoogleCredential(idToken: token, nonce: "n-123")).signedIn)
                #expect(signedIn.accountCreated)
            }
        }

        @Test func signUpSignsInAndASecondSignUpOnlySaysMailWasSent() async throws {
            try await withServer { server in
                let kit = server.kit()
                guard case .signedIn(let created) = try await kit.signUp(email: "new@example.com", password: KitServer.password,
                                                                         name: "New Person")
                else { Issue.record("expected a signed-in sign-up"); return }
                #expect(created.accountCreated)
                #expect(created.accountID != nil)
                #expect(kit.isSignedIn())
                #expect(try await server.kit().signUp(email: "new@example.com", password: "another long password")
                        == .verificationSent)
                let weak = await #expect(throws: AccountLinkError.self) {
                    _ = try await server.kit().signUp(email: "weak@example.com", password: "short")
                }
                #expect(weak?.code == "weak_password")
            }
        }

        @Test func theCombinedSheetsPasswordChoiceSignsIn() async throws {
            try await withServer { server in
                try server.addPasswordAccount("saved@example.com")
                let kit = server.kit()
                let outcome = try await kit.signIn(.password(email: "saved@example.com", password: KitServer.password),
                                                   nonce: AppleNonce())
                #expect(outcome.signedIn != nil)
                #expect(await kit.handle(appleCredentialState: .authorized) == false)
                #expect(kit.isSignedIn())
                #expect(await kit.handle(appleCredentialState: .revoked))
                #expect(kit.isSignedIn() == false)
            }
        }
    }
}
