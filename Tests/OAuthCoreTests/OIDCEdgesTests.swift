import Foundation
import OAuthCore
import Support
import Testing

/// OIDC Core §3.1.2.1 (unknown scopes, `login_hint`), §11 (`offline_access`), §6.1/§6.2 (request objects),
/// RFC 9207 (`iss`) and OAuth 2.0 Form Post Response Mode at the authorization endpoint.
@Suite struct OIDCEdgesTests {
    private func authorize(_ f: Fixture, _ extra: [(String, String)]) -> [InteractionAction] {
        f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(state: "s", extra: extra), sessionID: nil))
    }

    @Test func unknownScopesAreLeftOutOfTheGrant() async throws {
        let f = try Fixture()
        let code = try f.googleCode(extra: [("scope", "devices phone offline_access address")])
        let response = await f.googleToken([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Fixture.googleRedirect),
        ])
        #expect(response.string("scope") == "devices offline_access")
        #expect(response.string("refresh_token") != nil)
    }

    @Test func aKnownScopeTheClientMayNotHaveIsStillRefused() async throws {
        let f = try Fixture()
        var limited = try #require(try f.memory.client(id: "other"))
        limited.id = "limited"
        limited.scopes = ["email"]
        try f.memory.insertClient(limited)
        let actions = f.flow.handle(.authorizeRequest(Fixture.form([
            ("response_type", "code"), ("client_id", "limited"), ("redirect_uri", Fixture.googleRedirect),
            ("scope", "email devices phone"), ("state", "s"),
        ]), sessionID: nil))
        let url = try #require(actions.redirectURL)
        #expect(queryItems(url)["error"] == "invalid_scope")
        // offline_access is allowed to every client.
        let offline = f.flow.handle(.authorizeRequest(Fixture.form([
            ("response_type", "code"), ("client_id", "limited"), ("redirect_uri", Fixture.googleRedirect),
            ("scope", "email offline_access"), ("state", "s"),
        ]), sessionID: nil))
        #expect(offline.loginPage != nil)
    }

    @Test func offlineAccessIsDescribedOnConsent() throws {
        let f = try Fixture()
        let login = try #require(authorize(f, [("scope", "devices offline_access")]).loginPage)
        let consent = try #require(f.login(login).consentPage)
        #expect(consent.scopes.map(\.name) == ["devices", "offline_access"])
        #expect(consent.scopes.last?.description == "stay connected while you are not using it")
    }

    @Test func loginHintPrefillsTheEmail() throws {
        let f = try Fixture()
        #expect(authorize(f, [("login_hint", "alice@example.com")]).loginPage?.email == "alice@example.com")
        #expect(authorize(f, []).loginPage?.email == nil)
    }

    @Test(arguments: [("request", "request_not_supported"), ("request_uri", "request_uri_not_supported")])
    func requestObjectsAreRefused(name: String, expected: String) throws {
        let f = try Fixture()
        let url = try #require(authorize(f, [(name, "eyJhbGciOiJub25lIn0.e30.")]).redirectURL)
        let items = queryItems(url)
        #expect(items["error"] == expected)
        #expect(items["state"] == "s")
        #expect(items["code"] == nil)
        #expect(items["iss"] == "https://auth.example.com")
    }

    @Test func everyAuthorizationResponseCarriesIss() throws {
        let f = try Fixture()
        let success = try #require(try f.runFlow(Fixture.googleAuthorize()).redirectURL)
        #expect(queryItems(success)["iss"] == "https://auth.example.com")
        #expect(queryItems(success)["code"] != nil)
        let denied = try #require(try f.runFlow(Fixture.googleAuthorize(), decision: "deny").redirectURL)
        #expect(queryItems(denied)["iss"] == "https://auth.example.com")
        #expect(queryItems(denied)["error"] == "access_denied")
    }

    @Test func formPostAnswersWithAFormForTheRedirectURI() throws {
        let f = try Fixture()
        let actions = try f.runFlow(Fixture.googleAuthorize(extra: [("response_mode", "form_post")]))
        #expect(actions.redirectURL == nil)
        let post = try #require(actions.formPost)
        #expect(post.action == Fixture.googleRedirect)
        let fields = Dictionary(uniqueKeysWithValues: post.fields.map { ($0.name, $0.value) })
        #expect(fields["code"] != nil)
        #expect(fields["state"] == "state-123")
        #expect(fields["iss"] == "https://auth.example.com")
    }

    @Test func formPostErrorsArePostedToo() throws {
        let f = try Fixture()
        let post = try #require(authorize(f, [("response_mode", "form_post"), ("request", "x")]).formPost)
        #expect(post.fields.contains { $0.name == "error" && $0.value == "request_not_supported" })
    }

    @Test func anUnknownResponseModeIsRefusedInTheQuery() throws {
        let f = try Fixture()
        let url = try #require(authorize(f, [("response_mode", "fragment")]).redirectURL)
        #expect(queryItems(url)["error"] == "invalid_request")
    }

    @Test func discoverySaysWhatIsSupported() throws {
        let metadata = DiscoveryDocument.metadata(try OAuthConfiguration(issuer: "https://auth.example.com"))
        #expect(metadata["response_modes_supported"] == .strings(["query", "form_post"]))
        #expect(metadata["request_parameter_supported"] == .bool(false))
        #expect(metadata["request_uri_parameter_supported"] == .bool(false))
        #expect(metadata["authorization_response_iss_parameter_supported"] == .bool(true))
        #expect(metadata["scopes_supported"] == .strings(["openid", "email", "profile", "devices", "offline_access"]))
    }
}

extension Array where Element == InteractionAction {
    var formPost: FormPostResponse? {
        for case .formPost(let post) in self { return post }
        return nil
    }
}
