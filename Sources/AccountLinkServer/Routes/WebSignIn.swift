import Foundation
import HTTPServer
import Identity
import JOSE
import OAuthCore
import Pages
import Support

/// What the web sign-in with Apple or Google keeps between the redirect and the callback, keyed
/// by the hash of `state` (single use, 10 minutes). Apple's callback is a cross-site POST, so no
/// SameSite cookie of ours comes with it: the state itself is the key.
struct WebSignInState: Codable {
    let provider: String
    let rawNonce: String
    let interaction: String?
    /// Set when a signed-in person adds this provider to their account ("upgrade").
    let addToAccount: String?
    /// Google: the PKCE verifier (RFC 7636).
    let codeVerifier: String?
}

extension AccountLinkApp {
    /// Stores a new state record and returns the `state` value to send to the provider.
    func beginWebSignIn(_ request: HTTPRequest, provider: String, codeVerifier: String? = nil) throws
        -> (state: String, record: WebSignInState)
    {
        let state = runtime.random.token()
        let signedIn = try? WebSessions(environment: environment).session(cookie: request.cookies[CookiePolicy.sessionName])
        let record = WebSignInState(
            provider: provider, rawNonce: runtime.random.token(),
            interaction: request.query["interaction"].flatMap { $0.isEmpty ? nil : $0 },
            addToAccount: request.query["add"] == "1" ? signedIn?.1.id : nil, codeVerifier: codeVerifier)
        let now = runtime.clock.now()
        try runtime.storage.insertInteraction(Interaction(
            id: "web:" + OpaqueToken.hash(state), request: Array(try JSONEncoder().encode(record)),
            csrfSecret: runtime.random.bytes(32), createdAt: now, expiresAt: now.addingTimeInterval(600)))
        return (state, record)
    }

    /// Single use: the record goes as it is read.
    func takeWebSignIn(_ state: String?, provider: String) -> WebSignInState? {
        guard let state, !state.isEmpty else { return nil }
        let id = "web:" + OpaqueToken.hash(state)
        guard let stored = try? runtime.storage.interaction(id: id) else { return nil }
        try? runtime.storage.deleteInteraction(id: id)
        guard stored.expiresAt > runtime.clock.now(),
              let record = try? JSONDecoder().decode(WebSignInState.self, from: Data(stored.request)),
              record.provider == provider
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
            var page = LinkAccountPage(productName: branding.productName, logoURL: branding.logoURL, email: email,
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
        let oauth = OAuthError.from(error)
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
