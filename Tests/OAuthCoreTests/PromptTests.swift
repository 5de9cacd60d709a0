import Foundation
import OAuthCore
import Support
import Testing

/// OIDC Core §3.1.2.1 `prompt` and `max_age`, §3.1.2.6 errors; RFC 6750 §2.2 UserInfo form token;
/// discovery following the published keys (docs/operations.md).
@Suite struct PromptTests {
    /// Signs Alice in through the login page and returns the session cookie value and the consent page.
    private func signIn(_ f: Fixture) throws -> (session: String, consent: ConsentPage) {
        let login = try #require(f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(), sessionID: nil)).loginPage)
        let actions = f.login(login)
        var session: String?
        for case .setSession(let cookie) in actions { session = cookie.value }
        return (try #require(session), try #require(actions.consentPage))
    }

    private func authorize(_ f: Fixture, _ extra: [(String, String)], session: String?) -> [InteractionAction] {
        f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(extra: extra), sessionID: session))
    }

    @Test func promptNoneWithoutSessionAnswersLoginRequiredToTheRedirectURI() throws {
        let f = try Fixture()
        let url = try #require(authorize(f, [("prompt", "none")], session: nil).redirectURL)
        #expect(url.hasPrefix(Fixture.googleRedirect + "?"))
        #expect(queryItems(url)["error"] == "login_required")
        #expect(queryItems(url)["state"] == "state-123")
    }

    @Test func promptNoneAnswersConsentRequiredThenACodeOnceConsented() throws {
        let f = try Fixture()
        let (session, consent) = try signIn(f)
        let before = try #require(authorize(f, [("prompt", "none")], session: session).redirectURL)
        #expect(queryItems(before)["error"] == "consent_required")
        _ = f.flow.handle(.consentSubmitted(interactionID: consent.interactionID, decision: "allow",
                                            csrf: consent.csrfToken))
        let after = try #require(authorize(f, [("prompt", "none")], session: session).redirectURL)
        #expect(queryItems(after)["code"] != nil, "no page, a code: consent was given for these scopes")
        #expect(queryItems(after)["error"] == nil)
        let wider = try #require(authorize(f, [("prompt", "none"), ("scope", "devices openid")], session: session)
            .redirectURL)
        #expect(queryItems(wider)["error"] == "consent_required", "a scope not yet consented to needs the page")
    }

    @Test func promptLoginAndMaxAgeAskForAFreshSignIn() throws {
        let f = try Fixture()
        let (session, _) = try signIn(f)
        #expect(authorize(f, [], session: session).consentPage != nil, "the session is used")
        #expect(authorize(f, [("prompt", "login")], session: session).loginPage != nil)
        f.clock.advance(by: 120)
        #expect(authorize(f, [("max_age", "3600")], session: session).consentPage != nil)
        #expect(authorize(f, [("max_age", "60")], session: session).loginPage != nil)
        let silent = try #require(authorize(f, [("max_age", "60"), ("prompt", "none")], session: session).redirectURL)
        #expect(queryItems(silent)["error"] == "login_required")
    }

    @Test(arguments: [[("prompt", "none login")], [("prompt", "sometimes")], [("max_age", "-1")], [("max_age", "x")]])
    func badPromptOrMaxAgeIsInvalidRequestRedirected(extra: [(String, String)]) throws {
        let f = try Fixture()
        let url = try #require(authorize(f, extra, session: nil).redirectURL)
        #expect(queryItems(url)["error"] == "invalid_request")
    }

    @Test func userInfoTakesTheTokenFromAFormBodyButNotTwice() async throws {
        let f = try Fixture()
        let token = try await f.appAccessToken()
        let endpoint = UserInfoEndpoint(environment: f.environment)
        let body = await endpoint.handle(authorization: nil, formToken: token)
        #expect(body.status == 200)
        #expect(body.string("sub") == f.aliceID)
        await #expect(endpoint.handle(authorization: "Bearer " + token, formToken: token).error == "invalid_request")
        await #expect(endpoint.handle(authorization: nil, formToken: "forged").status == 401)
    }

    @Test func discoveryListsThePublishedAlgorithmsAndTheEndSessionEndpoint() throws {
        let f = try Fixture()
        let document = DiscoveryDocument.response(f.environment.configuration, signingAlgorithms: ["ES256", "RS256"])
        #expect(document.jsonObject["id_token_signing_alg_values_supported"] as? [String] == ["ES256", "RS256"])
        #expect(document.string("end_session_endpoint") == f.environment.configuration.issuer + "/logout")
        #expect(document.jsonObject["prompt_values_supported"] as? [String] == ["none", "login", "consent"])
    }
}
