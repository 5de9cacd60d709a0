import Foundation
import OAuthCore
import Testing

/// Where a sign-in came from (`SignInOrigin`, docs/accounts-and-email.md "Sessions and app sign-ins") is kept
/// by the grant a first-party sign-in makes, and a refresh makes exactly the store calls it made without
/// one: the account page's list adds nothing to the token path.
@Suite struct SignInOriginTests {
    private func refresh(_ env: OAuthEnvironment, _ token: String) async -> EndpointResponse {
        await TokenEndpoint(environment: env).handle(TokenRequest(
            parameters: Fixture.form([("grant_type", "refresh_token"), ("refresh_token", token)]),
            authorization: Fixture.basic("google", Fixture.googleSecret)))
    }

    @Test func aRefreshMakesTheSameStoreCallsWithAnOrigin() async throws {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        let tokens = try await f.googleTokens(extra: [("scope", "openid email")])
        _ = await refresh(f.environment, tokens.refresh)  // warm: the same path both times below
        fail.clearRecords()
        #expect(await refresh(f.environment, tokens.refresh).status == 200)
        let without = fail.calls
        fail.clearRecords()
        let origin = SignInOrigin(ipAddress: "203.0.113.4", userAgent: "Google-HomeGraph")
        let with = await SignInOrigin.$current.withValue(origin) { await refresh(f.environment, tokens.refresh) }
        #expect(with.status == 200)
        #expect(fail.calls == without, "\(fail.calls) against \(without)")
        #expect(!without.contains { $0.contains("Session") || $0.contains("lastTokenIssued") })
    }

    @Test func aFirstPartySignInsGrantKeepsItsOrigin() async throws {
        let f = try Fixture()
        let origin = SignInOrigin(ipAddress: "198.51.100.8", userAgent: "AcmeApp/1.0")
        let response = await SignInOrigin.$current.withValue(origin) {
            await f.token([("grant_type", "password"), ("client_id", "app"),
                           ("username", "alice@example.com"), ("password", Fixture.password)])
        }
        #expect(response.status == 200)
        let grants = try f.memory.activeGrants(accountID: f.aliceID)
        #expect(grants.count == 1 && grants.first?.origin == origin)
    }
}
