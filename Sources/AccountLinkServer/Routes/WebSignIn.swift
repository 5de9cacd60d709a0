import Foundation
import HTTPServer
import Identity
import JOSE
import OAuthCore
import Operations
import Pages
import Settings
import Support

/// Web sign-in with Apple or Google, as HTTP: the state (Identity's `WebSignInStates`) is bound to the
/// browser through the `al_signin` cookie. Apple's callback is a cross-site POST, so that cookie is
/// `SameSite=None` (`CookiePolicy.crossSite`).
struct ProviderSignInRoutes: WebRoutes {
    let web: WebContext
    let environment: OAuthEnvironment
    let identity: IdentityServices
    let apple: ServerConfiguration.Apple
    let google: ServerConfiguration.Google
    let issuer: String
    let webSignInStates: WebSignInStates

    func add(to router: inout Router) {
        router.add("GET", "/login/apple") { [self] in await appleWebStart($0) }
        router.add("POST", "/login/apple/callback") { [self] in await appleWebCallback($0) }
        router.add("GET", "/login/google") { [self] in await googleWebStart($0) }
        router.add("GET", "/login/google/callback") { [self] in await googleWebCallback($0) }
    }
}

extension ProviderSignInRoutes {
    /// Stores a new state record; returns it with the binding cookie to set.
    func beginWebSignIn(_ request: HTTPRequest, provider: String, codeVerifier: String? = nil) throws
        -> (started: WebSignInStates.Started, cookie: String)
    {
        let signedIn = try? WebSessions(environment: environment).session(cookie: request.cookies[CookiePolicy.sessionName])
        let started = try webSignInStates.begin(
            provider: provider, interaction: request.query["interaction"].flatMap { $0.isEmpty ? nil : $0 },
            addToAccount: request.query["add"] == "1" ? signedIn?.1.id : nil, codeVerifier: codeVerifier,
            binding: request.cookies[CookiePolicy.signInName])
        return (started, cookiePolicy.crossSite(CookiePolicy.signInName, started.binding,
                                                maxAge: Int(WebSignInStates.lifetime)))
    }

    func takeWebSignIn(_ state: String?, provider: String, request: HTTPRequest) -> WebSignInState? {
        webSignInStates.take(state: state, provider: provider, binding: request.cookies[CookiePolicy.signInName])
    }

    /// The outcome as HTTP: back to the account page, the pending authorization, a new session, or the
    /// page asking for the password of the account that owns the email.
    func webSignInAnswer(_ outcome: WebSignInOutcome) throws -> HTTPResponse {
        switch outcome {
        case .addedToAccount:
            return HTTPResponse.redirect(to: "/account", status: 303).noStore()
        case .signedIn(let accountID, let interaction):
            switch try AfterSignIn(environment: environment).next(accountID: accountID, interaction: interaction) {
            case .authorization(let actions): return http(actions)
            case .session(let cookie):
                return HTTPResponse.redirect(to: "/account", status: 303).noStore()
                    .adding("Set-Cookie", cookiePolicy.session(cookie))
            }
        case .linkRequired(let linkToken, let email):
            let login = formCSRF.newCookie(web.random)
            let page = LinkAccountPage(productName: branding.productName, logoURL: branding.logoURL, email: email,
                                       csrfToken: loginCSRF(login), linkToken: linkToken, locale: pageLocale())
            return HTTPResponse.html(200, page.render()).noStore()
                .adding("Set-Cookie", cookiePolicy.set(cookiePolicy.loginName, login, expires: nil))
        }
    }

    func webSignInFailed(_ error: any Error, provider: String) -> HTTPResponse {
        if let jose = error as? JOSEError {
            logger.info("web sign-in refused", ["provider": provider, "reason": jose.reason])
            return errorPage(status: 400, .problemSignIn, .msgNotVerified)
        }
        if case .emailUnverified? = error as? SignInService.Failure {
            return errorPage(status: 403, .problemSignIn, .msgEmailUnverified)
        }
        // A held Google account, a refused code or Apple/Google being down: 400 or 503, not 500.
        let oauth = (error as? SignInService.Failure).map(\.oauthError) ?? OAuthError.from(error)
        logger.info("web sign-in failed", ["provider": provider, "error": "\(error)"])
        return errorPage(status: oauth.status >= 500 ? oauth.status : 400, .problemSignIn, .msgNotCompleted)
    }

    func expiredWebSignIn() -> HTTPResponse {
        errorPage(status: 400, .problemSignIn, .msgSignInExpired)
    }
}
