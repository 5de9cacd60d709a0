import Foundation
import OAuthCore
import Support
import Testing

/// A database outage answers 5xx everywhere, never a 4xx that would unlink (docs/architecture.md, Decisions).
@Suite struct StorageFailureTests {
    private func failing() throws -> (Fixture, FailSwitch) {
        let fail = FailSwitch()
        return (try Fixture(storage: { FailingStorage(inner: $0, fail: fail) }), fail)
    }

    @Test func authorizeDuringOutageShowsA503Page() async throws {
        let (f, fail) = try failing()
        fail.on.withLock { $0 = true }
        let actions = f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(), sessionID: nil))
        #expect(actions.errorPage?.status == 503)
        #expect(!actions.hasRedirect)
    }

    @Test func appFlipDuringOutageIs503NotCancelled() async throws {
        let (f, fail) = try failing()
        let token = try await f.appAccessToken()
        fail.on.withLock { $0 = true }
        let response = await AppFlipEndpoint(environment: f.environment).handle(AppFlipRequest(
            parameters: Fixture.form([("client_id", "google"), ("redirect_uri", Fixture.appFlipRedirect),
                                      ("state", "s")]), authorization: "Bearer " + token))
        #expect(response.status == 503)
    }

    @Test func userInfoDuringOutageIs503NotInvalidToken() async throws {
        let (f, fail) = try failing()
        let tokens = try await f.googleTokens(extra: [("scope", "openid")])
        fail.on.withLock { $0 = true }
        let response = await UserInfoEndpoint(environment: f.environment).handle(authorization: "Bearer " + tokens.access)
        #expect(response.status == 503)
    }

    @Test func codeExchangeDuringOutageIs503() async throws {
        let (f, fail) = try failing()
        let code = try f.googleCode()
        fail.on.withLock { $0 = true }
        let response = await f.googleToken([("grant_type", "authorization_code"), ("code", code),
                                      ("redirect_uri", Fixture.googleRedirect)])
        #expect(response.status == 503)
        #expect(response.error != "invalid_grant")
    }
}

@Suite struct ClientAuthenticationTests {
    @Test func unknownClientWithBasicIs401WithWWWAuthenticate() async throws {
        let f = try Fixture()
        let response = await f.token([("grant_type", "refresh_token"), ("refresh_token", "alr_x")],
                               authorization: Fixture.basic("nobody", "whatever-secret"))
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate") == "Basic realm=\"accountlink\"")
    }

    @Test func noClientCredentialsIsInvalidClient() async throws {
        let f = try Fixture()
        #expect(await f.token([("grant_type", "refresh_token"), ("refresh_token", "alr_x")]).status == 401)
    }

    @Test func malformedBasicHeaderIsInvalidClient() async throws {
        let f = try Fixture()
        let response = await f.token([("grant_type", "refresh_token"), ("refresh_token", "alr_x")],
                               authorization: "Basic !!!not-base64")
        #expect(response.status == 401)
    }

    @Test func passwordGrantUnknownEmailLooksLikeWrongPassword() async throws {
        let f = try Fixture()
        let base = [("grant_type", "password"), ("client_id", "app")]
        let unknown = await f.token(base + [("username", "nobody@example.com"), ("password", "x")])
        let wrong = await f.token(base + [("username", "alice@example.com"), ("password", "x")])
        guard case .json(let s1, let b1, _) = unknown, case .json(let s2, let b2, _) = wrong else {
            Issue.record("not json")
            return
        }
        #expect(s1 == s2)
        #expect(b1 == b2)
    }
}
