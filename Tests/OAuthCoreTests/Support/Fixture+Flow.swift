import Foundation
import OAuthCore
import Support
import Testing

/// Driving the authorization state machine.
extension Fixture {
    static func googleAuthorize(state: String = "state-123", extra: [(String, String)] = []) -> FormParameters
    {
        let base = [
            ("response_type", "code"), ("client_id", "google"), ("redirect_uri", googleRedirect),
            ("state", state), ("scope", "devices"),
        ]
        // `extra` replaces a base parameter of the same name.
        return form(base.filter { pair in !extra.contains { $0.0 == pair.0 } } + extra)
    }

    func login(
        _ page: LoginPage, email: String = "alice@example.com", password: String = Fixture.password,
        address: String? = "192.0.2.1"
    ) -> [InteractionAction] {
        flow.handle(
            .loginSubmitted(
                interactionID: page.interactionID, email: email, password: password,
                csrf: page.csrfToken, clientAddress: address))
    }

    /// authorize → login → consent(decision); returns the final actions.
    func runFlow(_ parameters: FormParameters, decision: String = "allow") throws -> [InteractionAction] {
        let login = try #require(flow.handle(.authorizeRequest(parameters, sessionID: nil)).loginPage)
        let consent = try #require(self.login(login).consentPage)
        return flow.handle(
            .consentSubmitted(
                interactionID: consent.interactionID, decision: decision,
                csrf: consent.csrfToken))
    }

    /// The code from a successful browser flow for Google.
    func googleCode(extra: [(String, String)] = []) throws -> String {
        let url = try #require(try runFlow(Self.googleAuthorize(extra: extra)).redirectURL)
        return try #require(queryItems(url)["code"])
    }

    /// Tokens for Google from a fresh code.
    func googleTokens(extra: [(String, String)] = []) async throws -> (access: String, refresh: String) {
        let code = try googleCode(extra: extra)
        let response = await googleToken([
            ("grant_type", "authorization_code"), ("code", code),
            ("redirect_uri", Self.googleRedirect),
        ])
        return (try #require(response.string("access_token")), try #require(response.string("refresh_token")))
    }

    /// Alice's account status, as an admin or a notification would set it.
    func setAliceStatus(_ status: Account.Status) throws {
        var alice = try #require(try memory.account(id: aliceID))
        alice.status = status
        try memory.updateAccount(alice)
    }

    /// An access token of the first-party app for Alice (password grant).
    func appAccessToken() async throws -> String {
        let response = await token([
            ("grant_type", "password"), ("client_id", "app"), ("username", "alice@example.com"),
            ("password", Self.password),
        ])
        return try #require(response.string("access_token"))
    }
}

extension Array where Element == InteractionAction {
    var loginPage: LoginPage? {
        for case .showLogin(let page) in self { return page }
        return nil
    }
    var consentPage: ConsentPage? {
        for case .showConsent(let page) in self { return page }
        return nil
    }
    var errorPage: ErrorPage? {
        for case .showError(let page) in self { return page }
        return nil
    }
    var redirectURL: String? {
        for case .redirect(let url) in self { return url }
        return nil
    }
    var hasRedirect: Bool { redirectURL != nil }
}
