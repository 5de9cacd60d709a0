import HTTPServer
import Identity
import OAuthCore
import Operations
import Pages
import Support

/// The sign-in page outside an authorization request and inside it, `POST /logout`, and passkey sign-in
/// on the pages (PasskeyLoginRoutes.swift): the rules are OAuthCore's `AuthorizationFlow` and
/// `WebSessions` and Identity's passkey flows.
struct LoginRoutes: SessionRoutes {
    let web: WebContext
    let environment: OAuthEnvironment
    let metrics: Metrics
    let passkeys: PasskeyContext

    func add(to router: inout Router) {
        router.add("GET", "/login") { [self] in await loginForm($0) }
        router.add("POST", "/login") { [self] in await loginSubmit($0) }
        router.add("POST", "/logout") { [self] in await logout($0) }
        router.add("GET", PasskeyControls.scriptPath) { _ in Self.passkeyScript }
        router.add("POST", "/login/passkey/options") { [self] in await passkeyLoginOptions($0) }
        router.add("POST", "/login/passkey") { [self] in await passkeyLogin($0) }
    }
}

extension LoginRoutes {
    /// `GET /login`: the sign-in page reached directly (for the account page).
    func loginForm(_ request: HTTPRequest) async -> HTTPResponse {
        let cookie = formCookie(request)
        return loginResponse(cookie: cookie, next: request.query["next"], email: "", failed: false)
    }

    func loginResponse(cookie: String, next: String?, email: String, failed: Bool, retryAfter: Double? = nil,
                       passkeyFailed: Bool = false) -> HTTPResponse
    {
        var action = "/login"
        let query = next.flatMap { LocalPath.isLocal($0) ? "?" + FormParameters([("next", $0)]).encoded : nil } ?? ""
        action += query
        var page = Pages.LoginPage(
            productName: branding.productName, logoURL: branding.logoURL, action: action,
            csrfToken: loginCSRF(cookie), email: email, failed: failed,
            appleSignInURL: branding.appleSignInURL(nil), googleSignInURL: branding.googleSignInURL(nil),
            locale: pageLocale())
        page = page.withAccountLinks(signUp: signUpOpen ? "/signup" : nil)
        page.retryAfterMinutes = retryAfter.map(Self.minutes)
        page.passkeyAction = "/login/passkey" + query
        page.passkeyFailed = passkeyFailed
        page.frame = pageFrame(switchURL: action)
        // RFC 6585 §4: 429 with Retry-After while throttled.
        var response = HTTPResponse.html(retryAfter != nil ? 429 : failed || passkeyFailed ? 401 : 200, page.render()).noStore()
        if let retryAfter { response.headers.add("Retry-After", String(Int(retryAfter.rounded(.up)))) }
        return response
            .adding("Set-Cookie", cookiePolicy.set(cookiePolicy.loginName, cookie, expires: nil))
    }

    /// `POST /login`: inside an authorization request it feeds the state machine; otherwise it
    /// starts a browser session and goes to `next` (default `/account`).
    func loginSubmit(_ request: HTTPRequest) async -> HTTPResponse {
        guard let form = request.form else { return badForm() }
        if let interaction = form["interaction"], !interaction.isEmpty {
            return http(AuthorizationFlow(environment: environment).handle(.loginSubmitted(
                interactionID: interaction, email: form["email"] ?? "", password: form["password"] ?? "",
                csrf: form["csrf_token"], clientAddress: request.clientIP)))
        }
        guard let cookie = request.cookies[cookiePolicy.loginName],
              formCSRF.passes(cookie: cookie, token: form["csrf_token"])
        else {
            return errorPage(status: 403, .problemSignIn, .msgFormExpired)
        }
        do {
            guard let (session, _) = try WebSessions(environment: environment)
                .signIn(email: form["email"] ?? "", password: form["password"] ?? "", clientAddress: request.clientIP,
                        linkToken: form["link_token"])
            else {
                metrics.count("login_failed")
                let wait = WebSessions(environment: environment)
                    .retryAfter(email: form["email"] ?? "", clientAddress: request.clientIP)
                return loginResponse(cookie: cookie, next: request.query["next"], email: form["email"] ?? "",
                                     failed: true, retryAfter: wait)
            }
            return sessionStarted(request, session)
        } catch {
            return errorPage(OAuthError.from(error))
        }
    }

    /// The new session's cookie, and on to `next` (a local path) or the account page.
    func sessionStarted(_ request: HTTPRequest, _ session: SessionCookie) -> HTTPResponse {
        HTTPResponse.redirect(to: LocalPath.next(request.query["next"]), status: 303).noStore()
            .adding("Set-Cookie", cookiePolicy.session(session))
            .adding("Set-Cookie", cookiePolicy.clear(cookiePolicy.loginName))
    }

    /// `POST /logout`, CSRF-checked against the session. Only a request that ends this browser's session
    /// clears its cookie (RP-Initiated Logout §2: a logout someone else started must not sign the person
    /// out); without a live session it goes to the login page and leaves the cookie alone.
    func logout(_ request: HTTPRequest) async -> HTTPResponse {
        switch signedIn(request, csrfPurpose: "account") {
        case .person(let session, _, _):
            try? WebSessions(environment: environment).end(session, detail: "signed out")
            return HTTPResponse.redirect(to: "/login", status: 303).noStore()
                .adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
        case .answer(let response) where response.status == 403 || response.status >= 500:
            return response
        case .answer:
            return HTTPResponse.redirect(to: "/login", status: 303).noStore()
        }
    }
}
