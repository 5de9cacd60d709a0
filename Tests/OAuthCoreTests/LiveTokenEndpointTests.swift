import Foundation
import OAuthCore
import Support
import Testing

/// Bearer checks, introspection and refresh ask the store one question (TokenPathStore.liveToken): the
/// token is unrevoked, unexpired, and its account active. Each reason to say no, at each of the three.
@Suite struct LiveTokenEndpointTests {
    /// What the three uses answer for a token pair: Bearer accepted, introspection active, refresh 200.
    private func answers(_ f: Fixture, _ tokens: (access: String, refresh: String)) async -> [Bool] {
        let bearer = await (try? TokenService(environment: f.environment).verifyAccessToken(tokens.access)) != nil
        let introspection = await IntrospectionEndpoint(environment: f.environment).handle(
            TokenRequest(parameters: Fixture.form([("token", tokens.access)]),
                         authorization: Fixture.basic("google", Fixture.googleSecret)))
        let refresh = await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", tokens.refresh)])
        #expect(refresh.status == 200 || refresh.error == "invalid_grant")
        return [bearer, introspection.jsonObject["active"] as? Bool == true, refresh.status == 200]
    }

    @Test func anAccountThatIsNotActiveStopsItsTokensUntilItIsActiveAgain() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        #expect(await answers(f, tokens) == [true, true, true])
        for status in [Account.Status.disabled, .deleted] {
            try f.setAliceStatus(status)
            #expect(await answers(f, tokens) == [false, false, false], "account \(status)")
        }
        try f.setAliceStatus(.active)
        #expect(await answers(f, tokens) == [true, true, true], "nothing was revoked")
    }

    @Test func aRevokedGrantStopsItsTokens() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let grantID = try #require(try f.memory.token(hash: OpaqueToken.hash(tokens.access))?.grantID)
        #expect(try f.memory.revokeGrant(id: grantID, at: f.clock.now()))
        #expect(await answers(f, tokens) == [false, false, false])
    }

    @Test func eachTokenWorksOnlyAsItsOwnKind() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let service = TokenService(environment: f.environment)
        await #expect(throws: OAuthError.self) { try await service.verifyAccessToken(tokens.refresh) }
        let swapped = await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", tokens.access)])
        #expect(swapped.error == "invalid_grant")
        let introspection = await IntrospectionEndpoint(environment: f.environment).handle(
            TokenRequest(parameters: Fixture.form([("token", tokens.refresh)]),
                         authorization: Fixture.basic("google", Fixture.googleSecret)))
        #expect(introspection.jsonObject["active"] as? Bool == true)
        #expect(introspection.string("token_type") == "refresh_token")
    }
}
