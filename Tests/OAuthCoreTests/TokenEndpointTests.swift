import Foundation
import OAuthCore
import Support
import Testing

/// RFC 6749 §3.2, §4.1.3, §5.2 and RFC 7636 at the token endpoint.
@Suite struct TokenEndpointTests {
    private func codeRequest(_ code: String) -> [(String, String)] {
        [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Fixture.googleRedirect)]
    }

    @Test func clientSecretBasic() async throws {
        let f = try Fixture()
        let response = await f.token(
            codeRequest(try f.googleCode()), authorization: Fixture.basic("google", Fixture.googleSecret))
        #expect(response.status == 200)
    }

    @Test func clientSecretBasicIsPercentDecoded() async throws {
        let f = try Fixture()
        let secret = "s3cret with:colon & plus+ and é, long enough!"
        try f.memory.insertClient(
            Client(
                id: "odd:id", name: "Odd", secretHash: ClientSecret.hash(secret),
                redirectURIs: [Fixture.googleRedirect], createdAt: f.clock.now()))
        let response = await f.token(
            [("grant_type", "refresh_token"), ("refresh_token", "alr_unknown")],
            authorization: Fixture.basic("odd:id", secret))
        #expect(response.error == "invalid_grant")  // authenticated: the failure is the grant, not the client
    }

    @Test func clientSecretPost() async throws {
        let f = try Fixture()
        #expect(await f.googleToken(codeRequest(try f.googleCode())).status == 200)
    }

    @Test func basicAndBodySecretTogetherAreRejected() async throws {
        let f = try Fixture()
        let response = await f.token(
            codeRequest(try f.googleCode()) + [("client_secret", Fixture.googleSecret)],
            authorization: Fixture.basic("google", Fixture.googleSecret))
        #expect(response.status == 400)
        #expect(response.error == "invalid_request")
    }

    @Test func wrongSecretWithBasicIs401WithWWWAuthenticate() async throws {
        let f = try Fixture()
        let response = await f.token(
            codeRequest(try f.googleCode()), authorization: Fixture.basic("google", "wrong"))
        #expect(response.status == 401)
        #expect(response.error == "invalid_client")
        #expect(response.header("WWW-Authenticate") == "Basic realm=\"accountlink\"")
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test func wrongSecretInBodyIs401WithoutWWWAuthenticate() async throws {
        let f = try Fixture()
        let response = await f.token(
            codeRequest(try f.googleCode()) + [("client_id", "google"), ("client_secret", "wrong")])
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate") == nil)
    }

    @Test func duplicateParameterIsInvalidRequest() async throws {
        let f = try Fixture()
        let response = await f.googleToken(codeRequest(try f.googleCode()) + [("code", "alc_other")])
        #expect(response.status == 400)
        #expect(response.error == "invalid_request")
    }

    @Test func unknownGrantTypeIsUnsupported() async throws {
        let f = try Fixture()
        let response = await f.googleToken([("grant_type", "implicit")])
        #expect(response.status == 400)
        #expect(response.error == "unsupported_grant_type")
    }

    @Test func codeReplayRevokesTheGrantsTokens() async throws {
        let f = try Fixture()
        let code = try f.googleCode()
        let first = await f.googleToken(codeRequest(code))
        let access = try #require(first.string("access_token"))
        let refresh = try #require(first.string("refresh_token"))
        let second = await f.googleToken(codeRequest(code))
        #expect(second.error == "invalid_grant")
        await #expect(throws: OAuthError.self) {
            try await TokenService(environment: f.environment).verifyAccessToken(access)
        }
        #expect(
            await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", refresh)]).error
                == "invalid_grant")
    }

    @Test func codeUsedByAnotherClientIsInvalidGrant() async throws {
        let f = try Fixture()
        let response = await f.token(
            codeRequest(try f.googleCode()) + [
                ("client_id", "other"), ("client_secret", Fixture.otherSecret),
            ])
        #expect(response.error == "invalid_grant")
    }

    @Test func redirectURIMismatchIsInvalidGrant() async throws {
        let f = try Fixture()
        let code = try f.googleCode()
        let response = await f.googleToken([
            ("grant_type", "authorization_code"), ("code", code),
            ("redirect_uri", Fixture.appFlipRedirect),
        ])
        #expect(response.error == "invalid_grant")
    }

    @Test func expiredCodeIsInvalidGrant() async throws {
        let f = try Fixture()
        let code = try f.googleCode()
        f.clock.advance(by: 601)
        #expect(await f.googleToken(codeRequest(code)).error == "invalid_grant")
    }

    @Test func missingCodeIsInvalidRequest() async throws {
        let f = try Fixture()
        #expect(await f.googleToken([("grant_type", "authorization_code")]).error == "invalid_request")
    }

    @Test func storageFailureIs5xxNotInvalidGrant() async throws {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        let tokens = try await f.googleTokens()
        fail.on.withLock { $0 = true }
        let response = await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", tokens.refresh)])
        #expect(response.status == 503)
        #expect(response.error == "temporarily_unavailable")
        #expect(response.header("Cache-Control") == "no-store")
        fail.on.withLock { $0 = false }
        #expect(
            await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", tokens.refresh)]).status == 200)
    }

    @Test func storageFailureDuringCodeExchangeKeepsTheCodeUsable() async throws {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        let code = try f.googleCode()
        fail.on.withLock { $0 = true }
        #expect(await f.googleToken(codeRequest(code)).status == 503)
        fail.on.withLock { $0 = false }
        #expect(await f.googleToken(codeRequest(code)).status == 200)
    }
}
