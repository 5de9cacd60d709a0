import Foundation
import OAuthCore
import Support
import Testing

/// RFC 6749 §4.4 for confidential clients that are allowed it (docs/operations.md), and its tokens at
/// introspection (RFC 7662). The end-to-end check with real signatures is Tests/Peers/test_admin_api.py.
@Suite struct ClientCredentialsTests {
    static let secret = "service-secret-0123456789abcdef0123456"

    /// Reads the fixture's inspectable tokens as the server's key ring reads its JWS.
    struct InspectableVerifier: SignedTokenVerifier {
        func verify(_ token: String) -> SignedTokenClaims? {
            guard token.hasPrefix("unsigned."), let claims = try? InspectableSigner.claims(token),
                let client = claims["client_id"] as? String, let iat = claims["iat"] as? Int,
                let exp = claims["exp"] as? Int
            else { return nil }
            return SignedTokenClaims(clientID: client, scope: ScopeRules.parse(claims["scope"] as? String ?? ""),
                                     issuedAt: Int64(iat), expiresAt: Int64(exp), use: claims["token_use"] as? String)
        }
    }

    private func fixture() throws -> (Fixture, OAuthEnvironment) {
        let f = try Fixture()
        try f.memory.insertClient(
            Client(id: "service", name: "Service", secretHash: ClientSecret.hash(Self.secret), redirectURIs: [],
                   scopes: ["devices", "openid"], createdAt: f.clock.now(), clientCredentials: true))
        var environment = f.environment
        environment.signedTokenVerifier = InspectableVerifier()
        return (f, environment)
    }

    private func grant(_ environment: OAuthEnvironment, _ extra: [(String, String)] = [],
                       as id: String = "service", _ secret: String = secret) async -> EndpointResponse {
        await TokenEndpoint(environment: environment).handle(TokenRequest(
            parameters: Fixture.form([("grant_type", "client_credentials")] + extra),
            authorization: Fixture.basic(id, secret)))
    }

    @Test func allowedClientGetsAnAccessTokenAndNoRefreshToken() async throws {
        let (f, environment) = try fixture()
        let response = await grant(environment)
        #expect(response.status == 200)
        #expect(response.string("token_type") == "Bearer")
        #expect(response.jsonObject["expires_in"] as? Int == 3600)
        #expect(response.string("scope") == "devices", "person scopes are left out by default")
        #expect(response.jsonObject["refresh_token"] == nil && response.jsonObject["id_token"] == nil)
        let claims = try InspectableSigner.claims(try #require(response.string("access_token")))
        #expect(claims["sub"] as? String == "service" && claims["token_use"] as? String == "client_credentials")
        #expect(claims["exp"] as? Int == Int(f.clock.unixTime) + 3600)
    }

    @Test func refusedForClientsNotAllowedItAndForPersonScopes() async throws {
        let (_, environment) = try fixture()
        #expect(await grant(environment, as: "google", Fixture.googleSecret).error == "unauthorized_client")
        #expect(await grant(environment, [("scope", "openid devices")]).error == "invalid_scope")
        #expect(await grant(environment, [("scope", "admin")]).error == "invalid_scope")
        #expect(await grant(environment, as: "service", "wrong-secret-0123456789abcdef01234").error == "invalid_client")
    }

    @Test func introspectionShowsTheTokenToItsClientUntilItExpires() async throws {
        let (f, environment) = try fixture()
        let token = try #require(await grant(environment).string("access_token"))
        let endpoint = IntrospectionEndpoint(environment: environment)
        func introspect(_ id: String, _ secret: String) async -> EndpointResponse {
            await endpoint.handle(TokenRequest(parameters: Fixture.form([("token", token)]),
                                         authorization: Fixture.basic(id, secret)))
        }
        let own = await introspect("service", Self.secret)
        #expect(own.jsonObject["active"] as? Bool == true)
        #expect(own.string("client_id") == "service" && own.string("sub") == "service")
        await #expect(introspect("other", Fixture.otherSecret).jsonObject["active"] as? Bool == false)
        f.clock.advance(by: 3601)
        await #expect(introspect("service", Self.secret).jsonObject["active"] as? Bool == false)
    }

    @Test func anIDTokenIsNotAnAccessToken() async throws {
        let (_, environment) = try fixture()
        let forged = "unsigned." + Base64URL.encode(JSONValue.object([
            "client_id": .string("service"), "iat": .int(0), "exp": .int(Int64.max / 2), "sub": .string("acct"),
        ]).serialized)
        let response = await IntrospectionEndpoint(environment: environment).handle(
            TokenRequest(parameters: Fixture.form([("token", forged)]), authorization: Fixture.basic("service", Self.secret)))
        #expect(response.jsonObject as NSDictionary == ["active": false], "no token_use: not a client_credentials token")
    }
}
