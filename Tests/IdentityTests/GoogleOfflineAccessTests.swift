import Foundation
import JOSE
import OAuthCore
import Support
import Testing
@testable import Identity

/// Google offline access (docs/sign-in.md: `google_server_auth_code`) against the Google stand-in: the
/// refresh token is kept sealed and revoked at Google through the one pending-revocation queue.
@Suite struct GoogleOfflineAccessTests {
    func signedIn(_ world: GoogleWorld, code: String = "4/code", refresh: String? = "1//refresh-ann") async throws -> String {
        world.google.addCode(code, sub: "g-ann", refreshToken: refresh)
        guard case .signedIn(let id, true) = try await world.signIn.signIn(
            provider: .google, identity: world.h.googleIdentity(sub: "g-ann", email: "ann@gmail.com"),
            googleServerAuthCode: code)
        else { throw Harness.Failure() }
        return id
    }

    @Test func theRefreshTokenIsSealedAndRevokedWhenTheAccountIsDeleted() async throws {
        let world = try GoogleWorld(try Harness())
        let account = try await signedIn(world)
        let stored = try #require(try world.h.storage.thirdPartyTokens(accountID: account).first)
        #expect(stored.provider == .google)
        #expect(!String(decoding: stored.encryptedRefreshToken, as: UTF8.self).contains("1//refresh-ann"))
        #expect(try world.h.sealer.open(stored.encryptedRefreshToken, provider: .google).refreshToken == "1//refresh-ann")
        let report = try await world.deletion.delete(accountID: account)
        #expect(report.providerTokensRevoked == 1 && report.providerTokensPending == 0)
        #expect(world.google.revoked == ["1//refresh-ann"])
    }

    @Test func aGoogleOutageNeitherBlocksTheDeletionNorLosesTheRevocation() async throws {
        let world = try GoogleWorld(try Harness())
        let account = try await signedIn(world)
        world.google.stop()
        let report = try await world.deletion.delete(accountID: account)
        #expect(report.providerTokensPending == 1)
        #expect(try world.h.account(account).status == .deleted)
        #expect(try await world.deletion.retryDue() == 0, "not due yet, Google still down")
        try world.google.start()
        world.h.clock.advance(by: 3601)
        #expect(try await world.deletion.retryDue() == 1)
        #expect(world.google.revoked == ["1//refresh-ann"])
        #expect(try world.h.storage.duePendingRevocations(at: world.h.clock.now().addingTimeInterval(86_400)).isEmpty)
    }

    @Test func removingTheGoogleIdentityQueuesItsRevocation() async throws {
        let world = try GoogleWorld(try Harness())
        let account = try await signedIn(world)
        try await world.signIn.addIdentity(to: account, provider: .apple,
                                           identity: world.h.appleIdentity(sub: "001.ann"))
        let google = try #require(try world.h.storage.identity(provider: .google, subject: "g-ann"))
        try world.signIn.removeIdentity(accountID: account, identityID: google.id)
        #expect(try await world.deletion.retryDue() == 1)
        #expect(world.google.revoked == ["1//refresh-ann"])
    }

    @Test func aRefusedOrUnreachableCodeCreatesNothing() async throws {
        let world = try GoogleWorld(try Harness())
        let identity = try await world.h.googleIdentity(sub: "g-bob", email: "bob@gmail.com")
        await #expect(throws: SignInService.Failure.authorizationCodeRefused) {
            try await world.signIn.signIn(provider: .google, identity: identity, googleServerAuthCode: "4/never-issued")
        }
        world.google.stop()
        await #expect(throws: SignInService.Failure.providerUnavailable) {
            try await world.signIn.signIn(provider: .google, identity: identity, googleServerAuthCode: "4/any")
        }
        #expect(try world.h.storage.identity(provider: .google, subject: "g-bob") == nil)
        #expect(try world.h.storage.listAccounts().isEmpty)
    }

    @Test func aCodeWithoutRefreshTokenSignsInAndIsLogged() async throws {
        let world = try GoogleWorld(try Harness())
        let account = try await signedIn(world, refresh: nil)
        #expect(try world.h.storage.thirdPartyTokens(accountID: account).isEmpty)
        #expect(world.h.logs.records.contains { $0.message == "google sent no refresh token for this offline-access code" })
    }

    @Test func tokenRevokedEventsDropTheMatchingStoredToken() async throws {
        for identifier in ["prefix", "hash_base64_sha512_sha512"] {
            let world = try GoogleWorld(try Harness())
            let account = try await signedIn(world, refresh: "1//0123456789abcdef-rest")
            let token = identifier == "prefix" ? "1//0123456789abc"
                : Data(SHA512.hash(SHA512.hash(Array("1//0123456789abcdef-rest".utf8)))).base64EncodedString()
            let other = try world.event("oauth/event-type/token-revoked", subject: [
                "subject_type": "oauth_token", "token_type": "refresh_token", "token_identifier_alg": .string(identifier),
                "token": "1//another-token",
            ])
            #expect(try await world.receiver().process(body: other).httpStatus == 202)
            #expect(try world.h.storage.thirdPartyTokens(accountID: account).count == 1, "no match, nothing dropped")
            let event = try world.event("oauth/event-type/token-revoked", subject: [
                "subject_type": "oauth_token", "token_type": "refresh_token", "token_identifier_alg": .string(identifier),
                "token": .string(token),
            ])
            #expect(try await world.receiver().process(body: event) == .accepted(["token-revoked"]))
            #expect(try world.h.storage.thirdPartyTokens(accountID: account).isEmpty, "\(identifier)")
        }
    }

    @Test func tokensRevokedDropsTheStoredTokenOfThatGoogleAccount() async throws {
        let world = try GoogleWorld(try Harness())
        let account = try await signedIn(world)
        #expect(try await world.receiver().process(body: world.event("oauth/event-type/tokens-revoked"))
            == .accepted(["tokens-revoked"]))
        #expect(try world.h.storage.thirdPartyTokens(accountID: account).isEmpty)
        #expect(try world.h.storage.identity(provider: .google, subject: "g-ann") != nil, "the identity stays")
    }
}
