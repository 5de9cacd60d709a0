import Foundation
import OAuthCore
import Support
import Testing

/// With the client cache warm, the token is read apart from the client (ClientAuthenticator): the rules
/// of RFC 6749 §6 and RFC 7662 §2.2 must hold on that path too; and with a wrong secret no token data
/// comes back on either path.
@Suite struct WarmClientCacheTests {
    private func environment(_ f: Fixture, cached: Bool) -> OAuthEnvironment {
        var environment = f.environment
        environment.clientCache = ClientCache(seconds: cached ? 60 : 0)
        return environment
    }

    private func introspect(_ env: OAuthEnvironment, _ token: String, _ client: String, _ secret: String)
        async -> EndpointResponse
    {
        await IntrospectionEndpoint(environment: env).handle(
            TokenRequest(parameters: Fixture.form([("token", token)]), authorization: Fixture.basic(client, secret)))
    }

    private func refresh(_ env: OAuthEnvironment, _ token: String, _ client: String, _ secret: String) async
        -> EndpointResponse
    {
        await TokenEndpoint(environment: env).handle(TokenRequest(
            parameters: Fixture.form([("grant_type", "refresh_token"), ("refresh_token", token)]),
            authorization: Fixture.basic(client, secret)))
    }

    @Test func anotherClientsTokenIsInactiveWithTheClientCached() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let env = environment(f, cached: true)
        await #expect(introspect(env, "ala_warm", "other", Fixture.otherSecret).status == 200)  // "other" is cached now
        let response = await introspect(env, tokens.access, "other", Fixture.otherSecret)
        #expect(response.jsonObject as NSDictionary == ["active": false])
    }

    @Test func anotherClientsRefreshTokenIsInvalidGrantWithTheClientCached() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let env = environment(f, cached: true)
        #expect(await refresh(env, "alr_warm", "other", Fixture.otherSecret).error == "invalid_grant")
        let response = await refresh(env, tokens.refresh, "other", Fixture.otherSecret)
        #expect(response.error == "invalid_grant")
        #expect(response.string("access_token") == nil)
    }

    @Test(arguments: [false, true])
    func aWrongSecretGetsNoTokenData(cached: Bool) async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let env = environment(f, cached: cached)
        await #expect(introspect(env, "ala_warm", "google", Fixture.googleSecret).status == 200)
        let wrong = Fixture.googleSecret + "x"
        let introspection = await introspect(env, tokens.access, "google", wrong)
        #expect(introspection.status == 401)
        #expect(introspection.error == "invalid_client")
        #expect(introspection.jsonObject["active"] == nil && introspection.jsonObject["sub"] == nil)
        let refreshed = await refresh(env, tokens.refresh, "google", wrong)
        #expect(refreshed.status == 401)
        #expect(refreshed.error == "invalid_client")
        #expect(refreshed.string("access_token") == nil)
    }
}
