import Foundation
import OAuthCore
import Testing

/// A refresh that asks for what was granted, from a client the cache holds, is checked and written in the
/// store's one step (TokenPathStore `insertAccessToken`, no read before it on PostgreSQL); one that narrows
/// the scope, or whose token the endpoint read with the client, keeps the read and the conditional insert.
@Suite struct RefreshAsGrantedTests {
    private static let oneStep = "insertAccessToken(_:refreshing:at:)"

    private func refresh(_ env: OAuthEnvironment, _ token: String, scope: String? = nil) async -> EndpointResponse {
        var parameters = [("grant_type", "refresh_token"), ("refresh_token", token)]
        if let scope { parameters.append(("scope", scope)) }
        return await TokenEndpoint(environment: env).handle(TokenRequest(
            parameters: Fixture.form(parameters), authorization: Fixture.basic("google", Fixture.googleSecret)))
    }

    @Test func onlyARefreshThatNarrowsNothingFromACachedClientTakesTheOneStep() async throws {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        let tokens = try await f.googleTokens(extra: [("scope", "openid email")])
        var env = f.environment
        env.clientCache = ClientCache(seconds: 60)

        fail.clearRecords()
        let cold = await refresh(env, tokens.refresh)
        #expect(cold.status == 200)
        #expect(fail.calls.contains("readClient(id:liveToken:at:)") && !fail.calls.contains(Self.oneStep),
                "read with the client: not read again, written by the conditional insert: \(fail.calls)")

        fail.clearRecords()
        let asGranted = await refresh(env, tokens.refresh)
        #expect(asGranted.status == 200)
        #expect(fail.calls.contains(Self.oneStep), "\(fail.calls)")
        #expect(asGranted.string("scope") == "openid email" && asGranted.string("refresh_token") == tokens.refresh)
        #expect(asGranted.string("id_token") != nil, "openid granted: an ID token, its account from the one step")
        let issued = try #require(asGranted.string("access_token"))
        let bearer = await UserInfoEndpoint(environment: env).handle(authorization: "Bearer " + issued)
        #expect(bearer.status == 200, "the access token written works")

        fail.clearRecords()
        let narrowed = await refresh(env, tokens.refresh, scope: "email")
        #expect(narrowed.status == 200 && narrowed.string("scope") == "email")
        #expect(!fail.calls.contains(Self.oneStep), "a narrowed scope is derived in the grant: \(fail.calls)")

        fail.clearRecords()
        let notRefresh = await refresh(env, tokens.access)
        #expect(notRefresh.status == 400 && notRefresh.string("error") == "invalid_grant")
        #expect(fail.calls.contains(Self.oneStep), "refused by the one step: \(fail.calls)")
    }
}
