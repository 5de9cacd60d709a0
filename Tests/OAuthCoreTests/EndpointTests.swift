import Foundation
import OAuthCore
import Support
import Testing

/// Revocation (RFC 7009), introspection (RFC 7662), UserInfo and ID tokens (OIDC), discovery (RFC 8414).
@Suite struct EndpointTests {
    private func introspect(
        _ f: Fixture, _ token: String, authorization: String?, body: [(String, String)] = []
    ) async
        -> EndpointResponse
    {
        await IntrospectionEndpoint(environment: f.environment)
            .handle(
                TokenRequest(
                    parameters: Fixture.form([("token", token)] + body), authorization: authorization))
    }

    @Test func introspectionActiveToken() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let response = await introspect(
            f, tokens.access, authorization: Fixture.basic("google", Fixture.googleSecret))
        #expect(response.jsonObject["active"] as? Bool == true)
        #expect(response.string("scope") == "devices")
        #expect(response.string("client_id") == "google")
        #expect(response.string("sub") == f.aliceID)
        #expect(response.string("token_type") == "Bearer")
        #expect(response.jsonObject["exp"] as? Int == Int(f.clock.now().timeIntervalSince1970) + 3600)
        #expect(response.jsonObject["iat"] as? Int == Int(f.clock.now().timeIntervalSince1970))
    }

    @Test func introspectionInactiveToken() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        f.clock.advance(by: 3601)
        let response = await introspect(
            f, tokens.access, authorization: Fixture.basic("google", Fixture.googleSecret))
        #expect(response.status == 200)
        #expect(response.jsonObject as NSDictionary == ["active": false])
    }

    @Test func introspectionOfAnotherClientsTokenIsInactive() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let response = await introspect(
            f, tokens.access, authorization: Fixture.basic("other", Fixture.otherSecret))
        #expect(response.jsonObject["active"] as? Bool == false)
    }

    @Test func introspectionRefusedForPublicClients() async throws {
        let f = try Fixture()
        let response = await introspect(f, try f.appAccessToken(), authorization: nil, body: [("client_id", "app")])
        #expect(response.status == 401)
        #expect(response.error == "invalid_client")
    }

    @Test func revocationOfUnknownTokenIs200() async throws {
        let f = try Fixture()
        let response = await RevocationEndpoint(environment: f.environment).handle(
            TokenRequest(
                parameters: Fixture.form([("token", "ala_unknown")]),
                authorization: Fixture.basic("google", Fixture.googleSecret)))
        #expect(response.status == 200)
    }

    @Test func revokingAnAccessTokenRevokesOnlyThatToken() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        _ = await RevocationEndpoint(environment: f.environment).handle(
            TokenRequest(
                parameters: Fixture.form([("token", tokens.access)]),
                authorization: Fixture.basic("google", Fixture.googleSecret)))
        await #expect(throws: OAuthError.self) {
            try await TokenService(environment: f.environment).verifyAccessToken(tokens.access)
        }
        #expect(
            await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", tokens.refresh)]).status == 200)
    }

    @Test func revocationByAnotherClientIsRefusedAndKeepsTheToken() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let response = await RevocationEndpoint(environment: f.environment).handle(
            TokenRequest(
                parameters: Fixture.form([("token", tokens.refresh)]),
                authorization: Fixture.basic("other", Fixture.otherSecret)))
        #expect(response.status == 400)
        #expect(
            await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", tokens.refresh)]).status == 200)
    }

    @Test func idTokenClaimsIncludeAtHashAndNonce() async throws {
        let f = try Fixture()
        let authTime = Int(f.clock.now().timeIntervalSince1970)
        let code = try f.googleCode(extra: [
            ("scope", "openid email profile devices"), ("nonce", "n-0S6_WzA2Mj"),
        ])
        f.clock.advance(by: 5)
        let response = await f.googleToken([
            ("grant_type", "authorization_code"), ("code", code),
            ("redirect_uri", Fixture.googleRedirect),
        ])
        let access = try #require(response.string("access_token"))
        let claims = try InspectableSigner.claims(try #require(response.string("id_token")))
        let now = Int(f.clock.now().timeIntervalSince1970)
        #expect(claims["iss"] as? String == "https://auth.example.com")
        #expect(claims["sub"] as? String == f.aliceID)
        #expect(claims["aud"] as? String == "google")
        #expect(claims["iat"] as? Int == now)
        #expect(claims["exp"] as? Int == now + 3600)
        #expect(claims["auth_time"] as? Int == authTime)
        #expect(claims["nonce"] as? String == "n-0S6_WzA2Mj")
        #expect(claims["email"] as? String == "alice@example.com")
        // OIDC Core §3.1.3.6: left half of SHA-256 of the access token, base64url.
        let expected = Base64URL.encode(SHA256Helper.hash(access).prefix(16))
        #expect(claims["at_hash"] as? String == expected)
    }

    @Test func atHashOfAKnownValue() async {
        // OIDC Core A.3's access token and its at_hash for RS256.
        let atHash = Base64URL.encode(
            SHA256Helper.hash("jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y").prefix(16))
        #expect(atHash == "77QmUPtjPfzWtF2AnpK9RQ")
    }

    @Test func userInfoReleasesClaimsPerScope() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens(extra: [("scope", "openid email")])
        let response = await UserInfoEndpoint(environment: f.environment).handle(
            authorization: "Bearer " + tokens.access)
        #expect(
            response.jsonObject as NSDictionary == [
                "sub": f.aliceID, "email": "alice@example.com",
                "email_verified": true,
            ])
    }

    @Test func userInfoWithoutOpenIDIsInsufficientScope() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let response = await UserInfoEndpoint(environment: f.environment).handle(
            authorization: "Bearer " + tokens.access)
        #expect(response.status == 403)
        #expect(response.error == "insufficient_scope")
    }

    @Test func userInfoWithBadTokenIs401Bearer() async throws {
        let f = try Fixture()
        let response = await UserInfoEndpoint(environment: f.environment).handle(authorization: "Bearer ala_nope")
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
    }

    @Test func discoveryDocument() async throws {
        let f = try Fixture()
        let metadata = DiscoveryDocument.metadata(f.environment.configuration)
        #expect(metadata["issuer"]?.stringValue == "https://auth.example.com")
        #expect(metadata["app_flip_endpoint"]?.stringValue == "https://auth.example.com/app-flip/authorize")
        #expect(metadata["code_challenge_methods_supported"] == .strings(["S256"]))
        #expect(metadata["response_types_supported"] == .strings(["code"]))
        #expect(
            metadata["grant_types_supported"]
                == .strings([
                    "authorization_code", "client_credentials", "password", "refresh_token",
                    "urn:ietf:params:oauth:grant-type:token-exchange",
                ]))
        #expect(metadata["id_token_signing_alg_values_supported"] == .strings(["RS256"]))
    }
}
