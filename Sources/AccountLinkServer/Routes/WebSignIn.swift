import Foundation
import HTTPServer
import Identity
import JOSE
import OAuthCore
import Pages
import Support

/// What the web sign-in with Apple or Google keeps between the redirect and the callback, keyed
/// by the hash of `state` (single use, 10 minutes). The state alone would let an attacker make a
/// victim's browser finish the attacker's sign-in (login CSRF, RFC 6749 §10.12, RFC 9700 §4.7), so
/// the record is also bound to the browser that started: it holds the SHA-256 of a random value
/// kept in the `al_signin` cookie, which the callback must present. Apple's callback is a
/// cross-site POST, so that cookie is `SameSite=None` (`CookiePolicy.crossSite`).
struct WebSignInState: Codable {
    let provider: String
    let rawNonce: String
    let interaction: String?
    /// Set when a signed-in person adds this provider to their account ("upgrade").
    let addToAccount: String?
    /// Google: the PKCE verifier (RFC 7636).
    let codeVerifier: String?
    /// Hex SHA-256 of the `al_signin` cookie of the browser that started this sign-in.
    let browserBinding: String
}

extension AccountLinkApp {
    /// Stores a new state record and returns the `state` value to send to the provider.
    func beginWebSignIn(_ request: HTTPRequest, provider: String, codeVerifier: String? = nil) throws
        -> (state: String, record: WebSignInState, cookie: String)
    {
        let state = runtime.random.token()
        // One binding per browser: a second sign-in started in another tab keeps the first one valid.
        let binding = request.cookies[CookiePolicy.signInName].flatMap { $0.utf8.count >= 43 ? $0 : nil }
            ?? runtime.random.token()
        let signedIn = try? WebSessions(environment: environment).session(cookie: request.cookies[CookiePolicy.sessionName])
        let record = WebSignInState(
            provider: provider, rawNonce: runtime.random.token(),
            interaction: request.query["interaction"].flatMap { $0.isEmpty ? nil : $0 },
            addToAccount: request.query["add"] == "1" ? signedIn?.1.id : nil, codeVerifier: codeVerifier,
            browserBinding: Hex.encode(SHA256.hash(binding)))
        let now = runtime.clock.now()
        try runtime.storage.insertInteraction(Interaction(
            id: "web:" + OpaqueToken.hash(state), request: Array(try JSONEncoder().encode(record)),
            csrfSecret: runtime.random.bytes(32), createdAt: now, expiresAt: now.addingTimeInterval(600)))
        return (state, record, cookiePolicy.crossSite(CookiePolicy.signInName, binding, maxAge: 600))
    }

    /// Single use: the record is taken atomically (of two concurrent callbacks one gets it), and
    /// only the browser holding the binding cookie may finish the sign-in.
    func takeWebSignIn(_ state: String?, provider: String, request: HTTPRequest) -> WebSignInState? {
        guard let state, !state.isEmpty else { return nil }
        guard let stored = try? runtime.storage.takeInteraction(id: "web:" + OpaqueToken.hash(state)),
              stored.expiresAt > runtime.clock.now(),
              let record = try? JSONDecoder().decode(WebSignInState.self, from: Data(stored.request)),
              record.provider.sameBytes(provider),
              let cookie = request.cookies[CookiePolicy.signInName],
              ConstantTime.equals(Hex.encode(SHA256.hash(cookie)), record.browserBinding)
        else { return nil }
        return record
    }

    /// After the provider's token verified: add to the signed-in account, continue the pending
    /// authorization, start a session, or ask for proof of the account that owns the email.
    func finishWebSignIn(_ provider: SignInService.Provider, identity: VerifiedIdentity, record: WebSignInState,
                         names: (given: String?, family: String?)?, appleCode: String?, appleRedirectURI: String?)
        async throws -> HTTPResponse
    {
        let signIn = runtime.identity.signIn
        if let accountID = record.addToAccount {
            _ = try await signIn.addIdentity(to: accountID, provider: provider, identity: identity,
                                             appleAuthorizationCode: appleCode, appleRedirectURI: appleRedirectURI)
            runtime.audit("identity.added", accountID: accountID, detail: "provider=\(provider.rawValue)")
            return HTTPResponse.redirect(to: "/account", status: 303).noStore()
        }
        switch try await signIn.signIn(provider: provider, identity: identity, names: names,
                                       appleAuthorizationCode: appleCode, appleRedirectURI: appleRedirectURI) {
        case .signedIn(let accountID, _):
            if let interaction = record.interaction {
                return http(AuthorizationFlow(environment: environment)
                    .handle(.signedInElsewhere(interactionID: interaction, accountID: accountID)))
            }
            let cookie = try WebSessions(environment: environment).startSession(accountID: accountID)
            return HTTPResponse.redirect(to: "/account", status: 303).noStore()
                .adding("Set-Cookie", cookiePolicy.session(cookie))
        case .linkRequired(let linkToken, let email):
            let login = runtime.random.token()
            let page = LinkAccountPage(productName: branding.productName, logoURL: branding.logoURL, email: email,
                                       csrfToken: loginCSRF(login), linkToken: linkToken, locale: pageLocale())
            return HTTPResponse.html(200, page.render()).noStore()
                .adding("Set-Cookie", cookiePolicy.set(CookiePolicy.loginName, login, expires: nil))
        }
    }

    func webSignInFailed(_ error: any Error, provider: String) -> HTTPResponse {
        if let jose = error as? JOSEError {
            runtime.logger.info("web sign-in refused", ["provider": provider, "reason": jose.reason])
            return errorPage(status: 400, .problemSignIn, .msgNotVerified)
        }
        // A held Google account, a refused code or Apple/Google being down: 400 or 503, not 500.
        let oauth = (error as? SignInService.Failure).map(\.oauthError) ?? OAuthError.from(error)
        runtime.logger.info("web sign-in failed", ["provider": provider, "error": "\(error)"])
        return errorPage(status: oauth.status >= 500 ? oauth.status : 400, .problemSignIn, .msgNotCompleted)
    }

    func expiredWebSignIn() -> HTTPResponse {
        errorPage(status: 400, .problemSignIn, .msgSignInExpired)
    }

    static func redirectURL(_ base: URL, _ query: FormParameters) -> String {
        base.absoluteString + (base.query == nil ? "?" : "&") + query.encoded
    }
}
