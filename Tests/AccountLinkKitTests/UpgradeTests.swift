import AccountLinkKit
import Foundation
import Testing

extension AgainstTheServer {
    /// The Account Authentication Modification extension's calls (AccountLink+Upgrade.swift) against the
    /// real server: `POST /api/account/upgrade/apple` and `POST /api/account/password`.
    @Suite(.timeLimit(.minutes(5))) struct UpgradeTests {
        @Test func aPasswordAccountBecomesASignInWithAppleAccount() async throws {
            try await withServer { server in
                let kit = try await server.signedIn("upgrade@example.com")
                let nonce = AppleNonce()
                let apple = try server.appleCredential(sub: "001.upgrade", email: "up@privaterelay.appleid.com",
                                                       isPrivate: true, nonce: nonce)
                let after = try await kit.upgradeToApple(apple, nonce: nonce)
                #expect(after.methods.map(\.type) == ["apple"])
                let password = await #expect(throws: AccountLinkError.self) {
                    try await server.kit().signIn(email: "upgrade@example.com", password: KitServer.password)
                }
                #expect(password?.code == "invalid_grant", "the password no longer signs in")
                let later = AppleNonce()
                let again = try server.appleCredential(sub: "001.upgrade", email: "up@privaterelay.appleid.com",
                                                       isPrivate: true, nonce: later)
                #expect(try await server.kit().signIn(apple: again, nonce: later).signedIn?.accountID == after.id)
                let twice = await #expect(throws: AccountLinkError.self) {
                    _ = try await kit.upgradeToApple(again, nonce: later)
                }
                #expect(twice?.code == "invalid_request", "an account without a password has nothing to upgrade")
            }
        }

        @Test func aBadTokenOrAnAppleIDInUseChangesNothing() async throws {
            try await withServer { server in
                let owner = AppleNonce()
                _ = try await server.kit().signIn(apple: try server.appleCredential(
                    sub: "001.taken", email: "taken@example.com", nonce: owner), nonce: owner)
                let kit = try await server.signedIn("keep@example.com")
                let nonce = AppleNonce()
                let taken = try server.appleCredential(sub: "001.taken", email: "taken@example.com", nonce: nonce)
                let inUse = await #expect(throws: AccountLinkError.self) { _ = try await kit.upgradeToApple(taken, nonce: nonce) }
                #expect(inUse?.code == "identity_in_use" && inUse?.status == 409)
                let fresh = try server.appleCredential(sub: "001.fresh", email: "fresh@example.com", nonce: nonce)
                let wrongNonce = await #expect(throws: AccountLinkError.self) {
                    _ = try await kit.upgradeToApple(fresh, nonce: AppleNonce())
                }
                #expect(wrongNonce?.code == "invalid_grant")
                let google = AppleCredential(user: "g", identityToken: try server.googleToken(
                    sub: "g-up", email: "g@example.com", nonce: nonce.raw))
                let notApple = await #expect(throws: AccountLinkError.self) { _ = try await kit.upgradeToApple(google, nonce: nonce) }
                #expect(notApple?.code == "invalid_grant", "only a Sign in with Apple token upgrades")
                #expect(try await kit.account().methods.map(\.type) == ["password"])
                try await server.kit().signIn(email: "keep@example.com", password: KitServer.password)
            }
        }

        @Test func thePasswordChangesOnlyWithTheCurrentOne() async throws {
            try await withServer { server in
                let kit = try await server.signedIn("change@example.com")
                let wrong = await #expect(throws: AccountLinkError.self) {
                    _ = try await kit.changePassword(current: "not the password", new: "a much stronger passphrase")
                }
                #expect(wrong?.code == "invalid_grant" && wrong?.status == 400)
                let weak = await #expect(throws: AccountLinkError.self) {
                    _ = try await kit.changePassword(current: KitServer.password, new: "short")
                }
                #expect(weak?.code == "weak_password")
                try await server.kit().signIn(email: "change@example.com", password: KitServer.password)
                let changed = try await kit.changePassword(current: KitServer.password, new: "a much stronger passphrase")
                #expect(changed.methods.map(\.type) == ["password"])
                try await server.kit().signIn(email: "change@example.com", password: "a much stronger passphrase")
                let old = await #expect(throws: AccountLinkError.self) {
                    try await server.kit().signIn(email: "change@example.com", password: KitServer.password)
                }
                #expect(old?.code == "invalid_grant")
            }
        }
    }
}
