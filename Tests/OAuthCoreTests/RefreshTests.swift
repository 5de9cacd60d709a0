import Foundation
import OAuthCore
import Support
import Testing

/// RFC 6749 §6 and Google's rules for refresh
/// (https://developers.google.com/identity/account-linking/unlinking,
/// https://developers.google.com/identity/account-linking/gal-validation-tool).
@Suite struct RefreshTests {
    @Test func refreshGivesNewAccessTokenAndTheOldOneStillWorks() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let response = await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", tokens.refresh)])
        let newAccess = try #require(response.string("access_token"))
        #expect(newAccess != tokens.access)
        #expect(response.string("refresh_token") == tokens.refresh)
        let service = TokenService(environment: f.environment)
        await #expect(try service.verifyAccessToken(tokens.access).account.id == f.aliceID)
        await #expect(try service.verifyAccessToken(newAccess).account.id == f.aliceID)
    }

    @Test func refreshByAnotherClientIsInvalidGrant() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let response = await f.token([
            ("grant_type", "refresh_token"), ("refresh_token", tokens.refresh),
            ("client_id", "other"), ("client_secret", Fixture.otherSecret),
        ])
        #expect(response.error == "invalid_grant")
    }

    @Test func widerScopeOnRefreshIsInvalidScope() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let response = await f.googleToken([
            ("grant_type", "refresh_token"), ("refresh_token", tokens.refresh),
            ("scope", "devices email"),
        ])
        #expect(response.error == "invalid_scope")
    }

    @Test func unknownRefreshTokenIsInvalidGrant() async throws {
        let f = try Fixture()
        let response = await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", "alr_nope")])
        #expect(response.status == 400)
        #expect(response.error == "invalid_grant")
    }

    @Test func expiredAccessTokenIsRejected() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        f.clock.advance(by: 3601)
        await #expect(throws: OAuthError.self) {
            try await TokenService(environment: f.environment).verifyAccessToken(tokens.access)
        }
    }

    // Rotation, for a client that opted in.
    private func rotatingTokens(_ f: Fixture) async throws -> String {
        let params = Fixture.form([("response_type", "code"), ("client_id", "rotating"), ("state", "r")])
        let url = try #require(try f.runFlow(params).redirectURL)
        let code = try #require(queryItems(url)["code"])
        let response = await refresh(f, [("grant_type", "authorization_code"), ("code", code)])
        return try #require(response.string("refresh_token"))
    }

    private func refresh(_ f: Fixture, _ pairs: [(String, String)]) async -> EndpointResponse {
        await f.token(pairs, authorization: Fixture.basic("rotating", Fixture.rotatingSecret))
    }

    @Test func rotationIssuesANewRefreshToken() async throws {
        let f = try Fixture()
        let first = try await rotatingTokens(f)
        let response = await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)])
        let second = try #require(response.string("refresh_token"))
        #expect(second != first)
        #expect(try f.memory.token(hash: OpaqueToken.hash(first))?.rotatedAt != nil)
        #expect(await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", second)]).status == 200)
    }

    /// A lost answer (RefreshRotation): the client retries an hour later with the token it still holds
    /// and gets a fresh pair; the retry is audited as such, not as a reuse.
    @Test func aLostAnswerIsRetriedAnHourLaterWithAFreshPair() async throws {
        let f = try Fixture()
        let first = try await rotatingTokens(f)
        let lost = try #require(
            await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)]).string("refresh_token"))
        f.clock.advance(by: 3600)
        let retry = await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)])
        #expect(retry.status == 200)
        let fresh = try #require(retry.string("refresh_token"))
        #expect(fresh != lost && fresh != first)
        #expect(await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", fresh)]).status == 200)
        let kinds = try f.memory.auditEvents(limit: 10).map(\.kind)
        #expect(kinds.contains("refresh.retry") && !kinds.contains("refresh.reuse"))
    }

    /// Outside ACCOUNTLINK_REFRESH_REUSE_WINDOW a rotated token is unknown: refused, the link untouched.
    @Test func aRotatedTokenOutsideTheReuseWindowIsRefusedWithoutRevoking() async throws {
        let f = try Fixture()
        let first = try await rotatingTokens(f)
        let successor = try #require(
            await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)]).string("refresh_token"))
        f.clock.advance(by: f.environment.configuration.refreshReuseWindow + 1)
        #expect(await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)]).error == "invalid_grant")
        #expect(await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", successor)]).status == 200)
    }

    /// A refused scope must not rotate the token: the same refresh token still works an hour later, unrotated.
    @Test func aWiderScopeIsRefusedWithoutRotatingTheToken() async throws {
        let f = try Fixture()
        let first = try await rotatingTokens(f)
        for scope in ["openid email phone", ""] {
            let wider = await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first), ("scope", scope)])
            #expect(wider.error == "invalid_scope", "scope \(scope)")
        }
        #expect(try f.memory.token(hash: OpaqueToken.hash(first))?.rotatedAt == nil, "nothing was rotated")
        f.clock.advance(by: 3600)
        let later = await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)])
        #expect(later.status == 200, "the grant was not revoked as a reuse")
        #expect(later.string("refresh_token") != nil)
    }

    /// Theft (RFC 9700 §4.14.2): the successor was used, then the earlier token is presented, seconds
    /// later: the grant is revoked with the family's live token.
    @Test func anEarlierTokenPresentedAfterALaterOneWasUsedRevokesTheGrant() async throws {
        let f = try Fixture()
        let first = try await rotatingTokens(f)
        let successor = try #require(
            await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)])
                .string("refresh_token"))
        let next = try #require(
            await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", successor)]).string("refresh_token"))
        f.clock.advance(by: 5)
        #expect(
            await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)]).error == "invalid_grant")
        #expect(
            await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", next)]).error == "invalid_grant")
        let kinds = try f.memory.auditEvents(limit: 10).map(\.kind)
        #expect(kinds.contains("refresh.reuse") && !kinds.contains("refresh.retry"))
    }

    /// A replay of a token whose successor was not yet used forks the family; when both children are
    /// used, the fork is caught and the whole grant is revoked (RFC 9700 §4.14.2).
    @Test func aForkIsDetectedWhenBothChildrenAreUsed() async throws {
        let f = try Fixture()
        let first = try await rotatingTokens(f)
        let legit = try #require(
            await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)]).string("refresh_token"))
        f.clock.advance(by: 5)
        let stolen = try #require(
            await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)]).string("refresh_token"))
        #expect(stolen != legit)
        #expect(await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", stolen)]).status == 200)
        let caught = await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", legit)])
        #expect(caught.error == "invalid_grant")
        #expect(try f.memory.auditEvents(limit: 5).contains { $0.kind == "refresh.reuse" })
        // The family is gone: the thief's descendants stop working too.
        #expect(await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", stolen)]).error == "invalid_grant")
    }

    /// Google's concurrent refreshes: one parent, two answers, only one of them kept and used.
    @Test func concurrentRefreshWhereOnlyOneAnswerIsKeptStaysValid() async throws {
        let f = try Fixture()
        let first = try await rotatingTokens(f)
        _ = try #require(
            await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)]).string("refresh_token"))
        let kept = try #require(
            await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", first)]).string("refresh_token"))
        f.clock.advance(by: 120)
        let next = await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", kept)])
        #expect(next.status == 200)
        let grandchild = try #require(next.string("refresh_token"))
        #expect(await refresh(f, [("grant_type", "refresh_token"), ("refresh_token", grandchild)]).status == 200)
    }
}
