import Foundation
import OAuthCore
import Testing

/// A refresh without rotation makes one store call of its own (TokenPathStore
/// `insertAccessToken(_:refreshing:readAhead:at:)`), whether it narrows the scope or not and whether the
/// endpoint read the token with the client (then not read again) or the client was cached; what the store
/// does inside (no read before the write on PostgreSQL) is its own (StoreConformance "granted access").
@Suite struct RefreshAsGrantedTests {
    private static let oneStep = "insertAccessToken(_:refreshing:readAhead:at:)"

    private func refresh(_ env: OAuthEnvironment, _ token: String, scope: String? = nil) async -> EndpointResponse {
        var parameters = [("grant_type", "refresh_token"), ("refresh_token", token)]
        if let scope { parameters.append(("scope", scope)) }
        return await TokenEndpoint(environment: env).handle(TokenRequest(
            parameters: Fixture.form(parameters), authorization: Fixture.basic("google", Fixture.googleSecret)))
    }

    @Test func everyRefreshWithoutRotationIsOneStoreCall() async throws {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        let tokens = try await f.googleTokens(extra: [("scope", "openid email")])
        var env = f.environment
        env.clientCache = ClientCache(seconds: 60)

        fail.clearRecords()
        let cold = await refresh(env, tokens.refresh)
        #expect(cold.status == 200)
        #expect(fail.calls.first == "readClient(id:liveToken:at:)", "read with the client: \(fail.calls)")
        #expect(fail.calls.filter { $0 == Self.oneStep }.count == 1, "\(fail.calls)")
        #expect(!fail.calls.contains("readLiveToken(hash:at:)"), "read ahead: not read again: \(fail.calls)")

        fail.clearRecords()
        let asGranted = await refresh(env, tokens.refresh)
        #expect(asGranted.status == 200)
        #expect(fail.calls.first == Self.oneStep && fail.calls.filter { $0 == Self.oneStep }.count == 1, "\(fail.calls)")
        #expect(asGranted.string("scope") == "openid email" && asGranted.string("refresh_token") == tokens.refresh)
        #expect(asGranted.string("id_token") != nil, "openid granted: an ID token, its account from the one step")
        let issued = try #require(asGranted.string("access_token"))
        let bearer = await UserInfoEndpoint(environment: env).handle(authorization: "Bearer " + issued)
        #expect(bearer.status == 200, "the access token written works")

        fail.clearRecords()
        let narrowed = await refresh(env, tokens.refresh, scope: "email")
        #expect(narrowed.status == 200 && narrowed.string("scope") == "email")
        #expect(fail.calls.first == Self.oneStep && fail.calls.filter { $0 == Self.oneStep }.count == 1, "\(fail.calls)")
        #expect(narrowed.string("id_token") == nil, "narrowed without openid: no ID token")

        fail.clearRecords()
        let wider = await refresh(env, tokens.refresh, scope: "email devices")
        #expect(wider.status == 400 && wider.string("error") == "invalid_scope", "refused by the recipe's rule")
        #expect(fail.calls.first == Self.oneStep, "\(fail.calls)")

        fail.clearRecords()
        let notRefresh = await refresh(env, tokens.access)
        #expect(notRefresh.status == 400 && notRefresh.string("error") == "invalid_grant")
        #expect(fail.calls.first == Self.oneStep, "refused by the one step: \(fail.calls)")
    }
}
