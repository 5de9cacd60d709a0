import Foundation
import OAuthCore
import Support
import Testing

/// The browser flow through the state machine (RFC 6749 §4.1), Google as the client.
@Suite struct CodeFlowTests {
    @Test func fullFlowAuthorizeLoginConsentTokenRefreshRevoke() async throws {
        let f = try Fixture()
        let login = try #require(
            f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(), sessionID: nil)).loginPage)
        #expect(login.clientName == "Google")
        let afterLogin = f.login(login)
        guard case .setSession(let cookie) = afterLogin.first else { Issue.record("no session"); return }
        #expect(cookie.value.hasPrefix("als_"))
        let consent = try #require(afterLogin.consentPage)
        #expect(consent.scopes == [.init(name: "devices", description: "control your devices")])
        // No operator statement: each page language has its own (docs/pages.md); Google's client gets Google's page.
        #expect(consent.consentStatement == nil && consent.clientIsGoogle)
        let done = f.flow.handle(
            .consentSubmitted(
                interactionID: consent.interactionID, decision: "allow",
                csrf: consent.csrfToken))
        let url = try #require(done.redirectURL)
        #expect(url.hasPrefix(Fixture.googleRedirect + "?code=alc_"))
        let items = queryItems(url)
        #expect(items["state"] == "state-123")
        let code = try #require(items["code"])

        let tokens = await f.googleToken([
            ("grant_type", "authorization_code"), ("code", code),
            ("redirect_uri", Fixture.googleRedirect),
        ])
        #expect(tokens.status == 200)
        #expect(tokens.string("token_type") == "Bearer")
        #expect(tokens.jsonObject["expires_in"] as? Int == 3600)
        #expect(tokens.string("scope") == "devices")
        #expect(tokens.jsonObject["id_token"] == nil)
        #expect(tokens.header("Cache-Control") == "no-store")
        #expect(tokens.header("Pragma") == "no-cache")
        #expect(tokens.header("Content-Type") == "application/json;charset=UTF-8")
        let access = try #require(tokens.string("access_token"))
        let refresh = try #require(tokens.string("refresh_token"))
        #expect(access.hasPrefix("ala_") && refresh.hasPrefix("alr_"))

        let refreshed = await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", refresh)])
        #expect(refreshed.status == 200)
        #expect(refreshed.string("access_token") != access)

        let revoke = await RevocationEndpoint(environment: f.environment).handle(
            TokenRequest(
                parameters: Fixture.form([("token", refresh)]),
                authorization: Fixture.basic("google", Fixture.googleSecret)))
        #expect(revoke.status == 200)
        let again = await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", refresh)])
        #expect(again.status == 400)
        #expect(again.error == "invalid_grant")
        await #expect(throws: OAuthError.self) {
            try await TokenService(environment: f.environment).verifyAccessToken(access)
        }
    }

    @Test func tokensAreStoredOnlyAsHashes() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        #expect(try f.memory.token(hash: tokens.access) == nil)
        #expect(try f.memory.token(hash: OpaqueToken.hash(tokens.access))?.kind == .access)
        #expect(try f.memory.token(hash: OpaqueToken.hash(tokens.refresh))?.expiresAt == nil)
    }

    @Test func longStateComesBackByteForByte() async throws {
        let f = try Fixture()
        let state = String((0..<2000).map { i in Array("Ab0-_.~+/=%& é")[i % 14] })
        let url = try #require(try f.runFlow(Fixture.googleAuthorize(state: state)).redirectURL)
        #expect(queryItems(url)["state"] == state)
    }

    @Test func cancelRedirectsAccessDeniedWithState() async throws {
        let f = try Fixture()
        let url = try #require(
            try f.runFlow(Fixture.googleAuthorize(state: "s-9"), decision: "deny").redirectURL)
        let items = queryItems(url)
        #expect(url.hasPrefix(Fixture.googleRedirect + "?"))
        #expect(items["error"] == "access_denied")
        #expect(items["state"] == "s-9")
        #expect(items["code"] == nil)
    }

    @Test func consentWithoutCSRFTokenIsRefused() async throws {
        let f = try Fixture()
        let consent = try consentPage(f)
        let actions = f.flow.handle(
            .consentSubmitted(interactionID: consent.interactionID, decision: "allow", csrf: nil))
        #expect(actions.errorPage?.error == "invalid_request")
        #expect(actions.errorPage?.reason == .formExpired)
        #expect(!actions.hasRedirect)
    }

    @Test func consentWithWrongCSRFTokenIsRefused() async throws {
        let f = try Fixture()
        let consent = try consentPage(f)
        let loginToken = CSRFToken.make(
            secret: [1, 2, 3], purpose: "consent", binding: consent.interactionID)
        let actions = f.flow.handle(
            .consentSubmitted(
                interactionID: consent.interactionID, decision: "allow",
                csrf: loginToken))
        #expect(actions.errorPage?.error == "invalid_request")
        #expect(!actions.hasRedirect)
        #expect(try f.memory.auditEvents(limit: 50).allSatisfy { $0.kind != "authorize.allow" })
    }

    @Test func existingSessionSkipsLoginButStillShowsConsent() async throws {
        let f = try Fixture()
        let login = try #require(
            f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(), sessionID: nil)).loginPage)
        guard case .setSession(let cookie) = f.login(login).first else { Issue.record("no session"); return }
        let actions = f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(), sessionID: cookie.value))
        #expect(actions.consentPage?.accountEmail == "alice@example.com")
    }

    @Test func switchAccountClearsSessionAndShowsLogin() async throws {
        let f = try Fixture()
        let consent = try consentPage(f)
        let actions = f.flow.handle(
            .switchAccount(
                interactionID: consent.interactionID, csrf: consent.csrfToken,
                sessionID: nil))
        #expect(actions.first == .clearSession)
        #expect(actions.loginPage != nil)
    }

    @Test func firstPartyClientImpliesConsent() async throws {
        let f = try Fixture()
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        let params = Fixture.form([
            ("response_type", "code"), ("client_id", "app"), ("state", "x"),
            ("code_challenge", PKCE.challenge(verifier: verifier)),
            ("code_challenge_method", "S256"),
        ])
        let login = try #require(f.flow.handle(.authorizeRequest(params, sessionID: nil)).loginPage)
        let url = try #require(f.login(login).redirectURL)
        #expect(url.hasPrefix("com.maker.app:/oauth?code=alc_"))
    }

    private func consentPage(_ f: Fixture) throws -> ConsentPage {
        let login = try #require(
            f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(), sessionID: nil)).loginPage)
        return try #require(f.login(login).consentPage)
    }
}
