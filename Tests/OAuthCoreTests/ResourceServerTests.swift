import Foundation
import OAuthCore
import Support
import Testing

/// docs/smart-home-fulfillment.md: the maker's fulfillment checks the tokens Google sends it with its own credential
/// (RFC 7662 §4), and that credential can do nothing else.
@Suite struct ResourceServerTests {
    static let secret = "fulfillment-secret-0123456789abcdef0123"

    private func fixture() throws -> Fixture {
        let f = try Fixture()
        try f.memory.insertClient(
            Client(id: "fulfillment", name: "Fulfillment", secretHash: ClientSecret.hash(Self.secret),
                   redirectURIs: ["https://fulfillment.example/cb"], createdAt: f.clock.now(), resourceServer: true))
        return f
    }

    private func introspect(_ f: Fixture, _ token: String, as id: String, _ secret: String) async -> EndpointResponse {
        await IntrospectionEndpoint(environment: f.environment).handle(
            TokenRequest(parameters: Fixture.form([("token", token)]), authorization: Fixture.basic(id, secret)))
    }

    @Test func fulfillmentIntrospectsGooglesLinkingToken() async throws {
        let f = try fixture()
        let tokens = try await f.googleTokens()
        let access = await introspect(f, tokens.access, as: "fulfillment", Self.secret)
        #expect(access.jsonObject["active"] as? Bool == true)
        #expect(access.string("client_id") == "google")
        #expect(access.string("sub") == f.aliceID)
        #expect(access.string("scope") == "devices")
        // Revoked or expired tokens stay inactive for the resource server too.
        f.clock.advance(by: 3601)
        await #expect(introspect(f, tokens.access, as: "fulfillment", Self.secret).jsonObject["active"] as? Bool == false)
    }

    @Test func ordinaryClientSeesOnlyItsOwnTokens() async throws {
        let f = try fixture()
        let tokens = try await f.googleTokens()
        await #expect(introspect(f, tokens.access, as: "other", Fixture.otherSecret).jsonObject as NSDictionary
            == ["active": false])
    }

    @Test func resourceServerGetsNoTokens() async throws {
        let f = try fixture()
        let response = await f.token([("grant_type", "refresh_token"), ("refresh_token", "x")],
                                     authorization: Fixture.basic("fulfillment", Self.secret))
        #expect(response.status == 400)
        #expect(response.error == "unauthorized_client")
    }

    /// Even a store holding a first-party resource server (registration refuses one) signs nobody up with it.
    @Test func resourceServerCannotSignPeopleUp() async throws {
        let f = try Fixture()
        try f.memory.insertClient(
            Client(id: "fulfillment", name: "Fulfillment", secretHash: ClientSecret.hash(Self.secret),
                   redirectURIs: [], firstParty: true, createdAt: f.clock.now(), resourceServer: true))
        await #expect(throws: OAuthError.self) {
            try await FirstPartySignUp(environment: f.environment).client(
                Fixture.form([("email", "x@example.com")]), authorization: Fixture.basic("fulfillment", Self.secret))
        }
    }

    @Test func resourceServerCannotStartAnAuthorization() async throws {
        let f = try fixture()
        let actions = try f.flow.handle(.authorizeRequest(
            Fixture.form([("client_id", "fulfillment"), ("response_type", "code"), ("scope", "devices"),
                          ("state", "s"), ("redirect_uri", "https://fulfillment.example/cb")]), sessionID: nil))
        #expect(actions.errorPage?.error == "invalid_request")
        #expect(!actions.hasRedirect)
    }
}
