import Foundation
import OAuthCore
import Support
import Testing

/// docs/architecture.md, Code rules: protocol values compare as UTF-8 bytes. Swift's `String ==` treats canonically
/// equivalent text as equal: the Kelvin sign U+212A equals `K`, so an unregistered redirect URI matched.
@Suite struct ByteComparisonTests {
    static let registered = "https://kitchen.example/K/cb"
    static let kelvin = "https://kitchen.example/\u{212A}/cb"

    private func fixtureWithKelvinClient() throws -> Fixture {
        let f = try Fixture()
        try f.memory.insertClient(Client(
            id: "Kclient", name: "K", secretHash: ClientSecret.hash(Fixture.otherSecret),
            redirectURIs: [Self.registered], createdAt: f.clock.now()))
        return f
    }

    @Test func theTrapIsReal() {
        #expect(Self.registered == Self.kelvin, "Swift String == is canonical equivalence")
        #expect(!Self.registered.sameBytes(Self.kelvin))
        #expect(![Self.registered].containsBytes(Self.kelvin))
        #expect("e\u{301}" == "\u{E9}" && !"e\u{301}".sameBytes("\u{E9}"))
    }

    @Test func kelvinSignRedirectURIIsNotRegistered() throws {
        let f = try fixtureWithKelvinClient()
        let actions = try f.flow.handle(.authorizeRequest(Fixture.form([
            ("response_type", "code"), ("client_id", "Kclient"), ("state", "s"), ("redirect_uri", Self.kelvin),
        ]), sessionID: nil))
        #expect(actions.errorPage?.error == "invalid_request")
        #expect(!actions.hasRedirect)
    }

    @Test func kelvinSignClientIDIsUnknown() throws {
        let f = try fixtureWithKelvinClient()
        #expect(try f.memory.client(id: "\u{212A}client") == nil)
        let actions = try f.flow.handle(.authorizeRequest(Fixture.form([
            ("response_type", "code"), ("client_id", "\u{212A}client"), ("state", "s"),
            ("redirect_uri", Self.registered),
        ]), sessionID: nil))
        #expect(actions.errorPage?.error == "invalid_request")
    }

    @Test func kelvinSignRedirectURIAtTheTokenEndpointIsInvalidGrant() async throws {
        let f = try fixtureWithKelvinClient()
        let url = try #require(try f.runFlow(Fixture.form([
            ("response_type", "code"), ("client_id", "Kclient"), ("state", "s"), ("redirect_uri", Self.registered),
        ])).redirectURL)
        let code = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "code" }?.value)
        let response = await f.token(
            [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.kelvin)],
            authorization: Fixture.basic("Kclient", Fixture.otherSecret))
        #expect(response.error == "invalid_grant")
    }

    @Test func storedEmailFormsMatchByNFCBytes() throws {
        let f = try Fixture()
        try f.memory.insertAccount(Account(
            id: "acct_e", email: Account.emailKey("Ren\u{E9}@example.com"), emailVerified: true, displayName: nil, createdAt: f.clock.now()))
        #expect(try f.memory.account(email: "rene\u{301}@example.com")?.id == "acct_e")
        #expect(Account.emailKey("RENE\u{301}@EXAMPLE.COM").sameBytes("ren\u{E9}@example.com"))
    }
}
