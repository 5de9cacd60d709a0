import AccountLinkKit
import Foundation
import Testing

extension AgainstTheServer {
    /// The account API through the kit (README.md, The app's API), against the real server.
    @Suite(.timeLimit(.minutes(5))) struct AccountAPITests {
        @Test func aPasswordAccountAddsAppleWithAPrivateRelayAndAppleThenFindsIt() async throws {
            try await withServer { server in
                let accountID = try server.addPasswordAccount("pw@example.com")
                let kit = server.kit()
                try await kit.signIn(email: "pw@example.com", password: KitServer.password)
                let before = try await kit.account()
                #expect(before.id == accountID)
                #expect(before.methods.map(\.type) == ["password"])
                let nonce = AppleNonce()
                let relay = try server.appleCredential(sub: "apple.relay", email: "q7x@privaterelay.appleid.com",
                                                       isPrivate: true, nonce: nonce)
                let after = try await addSignInWithApple(relay, nonce: nonce, accountLink: kit)
                #expect(after.has("apple"))
                #expect(after.methods.first { $0.type == "apple" }?.isPrivateEmail == true)
                #expect(after.methods.first { $0.type == "apple" }?.realUserStatus == 2)
                let later = AppleNonce()
                let again = try server.appleCredential(sub: "apple.relay", email: "q7x@privaterelay.appleid.com",
                                                       isPrivate: true, nonce: later)
                let signedIn = try #require(try await server.kit().signIn(apple: again, nonce: later).signedIn)
                #expect(signedIn.accountID == accountID)
                #expect(signedIn.accountCreated == false)
            }
        }

        @Test func anAppleIDOfAnotherAccountIsIdentityInUse() async throws {
            try await withServer { server in
                let first = AppleNonce()
                let owner = try server.appleCredential(sub: "apple.taken", email: "taken@example.com", nonce: first)
                _ = try await server.kit().signIn(apple: owner, nonce: first)
                let kit = try await server.signedIn("other@example.com")
                let second = AppleNonce()
                let same = try server.appleCredential(sub: "apple.taken", email: "taken@example.com", nonce: second)
                let error = await #expect(throws: AccountLinkError.self) {
                    _ = try await kit.addIdentity(apple: same, nonce: second)
                }
                #expect(error?.code == "identity_in_use")
                #expect(error?.status == 409)
            }
        }

        @Test func theOnlyMethodIsLastMethodAndAnotherCanGo() async throws {
            try await withServer { server in
                let kit = try await server.signedIn("only@example.com")
                let error = await #expect(throws: AccountLinkError.self) { _ = try await kit.removeIdentity(type: "password") }
                #expect(error?.code == "last_method")
                let token = try server.googleToken(sub: "g-only", email: "only.g@example.com", nonce: nil)
                #expect(try await kit.addIdentity(google: GoogleCredential(idToken: token)).has("google"))
                let after = try await kit.removeIdentity(type: "google")
                #expect(after.methods.map(\.type) == ["password"])
            }
        }

        /// The guide's default flow: the SDK's token carries AppAuth's nonce, the app sends none.
        @Test func googleWithoutTheAppsNonceIsAccepted() async throws {
            try await withServer { server in
                let token = try server.googleToken(sub: "g-no-nonce", email: "nn@example.com", nonce: nil)
                let outcome = try await completeGoogleSignIn(idToken: token, serverAuthCode: nil, accountLink: server.kit())
                #expect(outcome.signedIn?.accountCreated == true)
                let restored = try server.googleToken(sub: "g-no-nonce", email: "nn@example.com", nonce: nil, refreshed: true)
                let again = try await completeGoogleSignIn(idToken: restored, serverAuthCode: nil, accountLink: server.kit())
                #expect(again.signedIn?.accountID == outcome.signedIn?.accountID)
                let withNonce = try server.googleToken(sub: "g-no-nonce", email: "nn@example.com", nonce: "in-token")
                let error = await #expect(throws: AccountLinkError.self) {
                    _ = try await completeGoogleSignIn(idToken: withNonce, nonce: "another", accountLink: server.kit())
                }
                #expect(error?.code == "invalid_grant")
            }
        }

        @Test func signOutEndsThisSignInAndEverywhereEndsTheOthers() async throws {
            try await withServer { server in
                try server.addPasswordAccount("two@example.com")
                let phone = server.kit(), tablet = server.kit(), laptop = server.kit()
                for kit in [phone, tablet, laptop] { try await kit.signIn(email: "two@example.com", password: KitServer.password) }
                let phoneStore = MemoryTokenStore(try await phone.tokens.validTokens())
                try await phone.signOut()
                #expect(phone.isSignedIn() == false)
                let revived = server.kit(store: phoneStore)  // the old tokens no longer work
                await #expect(throws: AccountLinkError.notSignedIn) { _ = try await revived.account() }
                _ = try await laptop.account()
                try await tablet.signOutEverywhere()
                #expect(tablet.isSignedIn() == false)
                await #expect(throws: AccountLinkError.notSignedIn) { _ = try await laptop.account() }
                #expect(laptop.isSignedIn() == false)
            }
        }
    }
}
