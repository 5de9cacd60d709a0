import Foundation
import OAuthCore
import Support
import Testing

/// The one first-party Bearer rule (FirstPartyBearer) that App Flip and the account API share.
@Suite struct FirstPartyBearerTests {
    private func verify(_ f: Fixture, _ authorization: String?) async -> Result<TokenService.Bearer, FirstPartyBearer.Refusal> {
        do {
            return .success(try await FirstPartyBearer(environment: f.environment).verify(authorization))
        } catch let refusal as FirstPartyBearer.Refusal {
            return .failure(refusal)
        } catch {
            Issue.record("not a refusal: \(error)")
            return .failure(.missing)
        }
    }

    private func refusal(_ f: Fixture, _ authorization: String?) async -> FirstPartyBearer.Refusal? {
        if case .failure(let refusal) = await verify(f, authorization) { return refusal }
        return nil
    }

    @Test func theAppsLiveAccessTokenIsAccepted() async throws {
        let f = try Fixture()
        let token = try await f.appAccessToken()
        let bearer = try await FirstPartyBearer(environment: f.environment).verify("Bearer " + token)
        #expect(bearer.account.id == f.aliceID)
        #expect(bearer.record.clientID == "app")
        #expect(bearer.record.kind == .access)
        // RFC 6750 §2.1 via RFC 7235 §2.1: the scheme is case-insensitive.
        await #expect(try FirstPartyBearer(environment: f.environment).verify("bearer " + token).account.id == f.aliceID)
    }

    @Test(arguments: [nil, "", "Bearer", "Bearer ", "Bearer   ", "Basic YXBwOnNlY3JldA==", "Token abc"])
    func noBearerTokenIsMissing(header: String?) async throws {
        let f = try Fixture()
        await #expect(refusal(f, header) == .missing)
    }

    @Test func aTokenOfAnotherSchemeIsMissingEvenWhenLive() async throws {
        let f = try Fixture()
        let token = try await f.appAccessToken()
        await #expect(refusal(f, "Basic " + token) == .missing)
        await #expect(refusal(f, "Bearer " + token) == nil)
    }

    @Test func anUnknownTokenIsInvalid() async throws {
        let f = try Fixture()
        await #expect(refusal(f, "Bearer at_unknown0123456789") == .invalidToken)
    }

    @Test func anExpiredTokenIsInvalid() async throws {
        let f = try Fixture()
        let token = try await f.appAccessToken()
        f.clock.advance(by: 3601)
        await #expect(refusal(f, "Bearer " + token) == .invalidToken)
    }

    @Test func aRevokedTokenIsInvalid() async throws {
        let f = try Fixture()
        let token = try await f.appAccessToken()
        #expect(try f.memory.revokeToken(hash: OpaqueToken.hash(token), at: f.clock.now()))
        await #expect(refusal(f, "Bearer " + token) == .invalidToken)
    }

    @Test func aRefreshTokenPresentedAsBearerIsInvalid() async throws {
        let f = try Fixture()
        let response = await f.token([
            ("grant_type", "password"), ("client_id", "app"), ("username", "alice@example.com"),
            ("password", Fixture.password),
        ])
        let refresh = try #require(response.string("refresh_token"))
        await #expect(refusal(f, "Bearer " + refresh) == .invalidToken)
        await #expect(refusal(f, "Bearer " + (try #require(response.string("access_token")))) == nil)
    }

    @Test func aThirdPartyClientsTokenIsNotFirstParty() async throws {
        let f = try Fixture()
        let googleTokens = try await f.googleTokens()
        await #expect(refusal(f, "Bearer " + googleTokens.access) == .notFirstParty)
        // Its refresh token is no access token at all.
        await #expect(refusal(f, "Bearer " + googleTokens.refresh) == .invalidToken)
    }

    @Test(arguments: [Account.Status.disabled, .deleted])
    func aFirstPartyTokenOfAnInactiveAccountIsAccountInactive(status: Account.Status) async throws {
        let f = try Fixture()
        let token = try await f.appAccessToken()
        try f.setAliceStatus(status)
        await #expect(refusal(f, "Bearer " + token) == .accountInactive)
    }

    /// The checks run in order: token, client, account; an inactive account's expired or third-party
    /// token is refused for the earlier reason.
    @Test func theEarlierCheckWins() async throws {
        let f = try Fixture()
        let app = try await f.appAccessToken()
        let google = try await f.googleTokens().access
        try f.setAliceStatus(.disabled)
        await #expect(refusal(f, "Bearer " + google) == .notFirstParty)
        f.clock.advance(by: 3601)
        await #expect(refusal(f, "Bearer " + app) == .invalidToken)
    }

    @Test func aDeletedClientsTokenIsInvalid() async throws {
        let f = try Fixture()
        let token = try await f.appAccessToken()
        #expect(try f.memory.deleteClient(id: "app", at: f.clock.now()))
        await #expect(refusal(f, "Bearer " + token) == .invalidToken)
    }

    /// Temporary failures answer 5xx (docs/architecture.md): a store that is down is no refusal.
    @Test func aStoreFailureIsNoRefusal() async throws {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        let token = try await f.appAccessToken()
        fail.on.withLock { $0 = true }
        await #expect {
            try await FirstPartyBearer(environment: f.environment).verify("Bearer " + token)
        } throws: { error in
            !(error is FirstPartyBearer.Refusal) && OAuthError.from(error).code == .temporarilyUnavailable
        }
    }
}
