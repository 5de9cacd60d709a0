import HTTPServer
import OAuthCore
import Pages
import Support

extension WebRoutes {
    /// An OAuthCore response value as HTTP.
    func http(_ response: EndpointResponse, locale: String? = nil) -> HTTPResponse {
        switch response {
        case .json:
            return Self.render(response)
        case .redirect(let location):
            return HTTPResponse.redirect(to: location).noStore()
        case .page(let page):
            return render(page)
        }
    }

    /// A JSON endpoint answer with exactly its status, headers and body.
    static func render(_ response: EndpointResponse) -> HTTPResponse {
        guard case .json(let status, let body, let headers) = response else { return HTTPResponse(status: 500) }
        return HTTPResponse(status: status, headers: HTTPHeaders(headers.map { ($0.name, $0.value) }), body: body)
    }

    func render(_ page: PageModel) -> HTTPResponse {
        switch page {
        case .login(let model): return .html(200, loginPage(model).render()).noStore().interactionPolicy()
        case .consent(let model): return .html(200, consentPage(model).render()).noStore().interactionPolicy()
        case .error(let model): return errorPage(model)
        }
    }

    func loginPage(_ model: OAuthCore.LoginPage) -> Pages.LoginPage {
        var page = Pages.LoginPage(
            productName: branding.productName, logoURL: branding.logoURL, action: "/login",
            csrfToken: model.csrfToken, interactionID: model.interactionID, email: model.email ?? "",
            failed: model.errorMessage != nil, appleSignInURL: branding.appleSignInURL(model.interactionID),
            googleSignInURL: branding.googleSignInURL(model.interactionID), locale: pageLocale(model.locale))
        page.retryAfterMinutes = model.retryAfter.map(Self.minutes)
        page.passkeyAction = "/login/passkey"
        page.frame = pageFrame(switchURL: Self.resumeURL(model.interactionID))
        return page.withAccountLinks(signUp: signUpOpen ? "/signup?interaction=" + FormEncoding.encodeComponent(model.interactionID) : nil)
    }

    /// Whole minutes, rounded up, at least one ("wait about N minutes").
    static func minutes(_ seconds: Double) -> Int { max(1, Int((seconds / 60).rounded(.up))) }

    func consentPage(_ model: OAuthCore.ConsentPage) -> Pages.ConsentPage {
        let switchURL = "/authorize/switch?" + FormParameters([("interaction", model.interactionID),
                                                             ("csrf_token", model.csrfToken)]).encoded
        let locale = pageLocale(model.locale)
        let words = Messages(locale: locale)
        var page = Pages.ConsentPage(
            productName: branding.productName, logoURL: branding.logoURL, accountEmail: model.accountEmail,
            scopeDescriptions: model.scopes.map { words.scope($0.name) ?? $0.description(locale: locale) },
            authorizationStatement: model.consentStatement,
            action: "/authorize/consent", csrfToken: model.csrfToken, interactionID: model.interactionID,
            switchAccountURL: switchURL, locale: locale, clientName: model.clientName,
            forGoogle: model.clientIsGoogle)
        page.frame = pageFrame(switchURL: Self.resumeURL(model.interactionID))
        return page
    }

    func errorPage(_ model: OAuthCore.ErrorPage) -> HTTPResponse {
        errorPage(status: model.status, code: model.error, reason: model.reason, locale: model.locale)
    }

    /// An error from the protocol core, worded for a person (`ErrorWording`).
    func errorPage(_ error: OAuthError) -> HTTPResponse {
        errorPage(status: error.status, code: error.code.rawValue, reason: error.pageReason)
    }

    /// An error worded for a person by its code and typed reason (`ErrorWording`).
    func errorPage(status: Int, code: String, reason: OAuthError.PageReason?, locale: String? = nil) -> HTTPResponse {
        let message = ErrorWording.message(code: code, reason: reason)
        return errorPage(status: status, ErrorWording.title(for: code), message, code: code, locale: locale)
    }

    /// An error page whose words come from the message catalog.
    func errorPage(status: Int, _ title: Messages.Key, _ message: Messages.Key, code: String? = nil,
                   locale: String? = nil) -> HTTPResponse {
        let messages = Messages(locale: pageLocale(locale))
        return errorPage(status: status, title: title, message: messages.text(message, ["product": branding.productName]),
                         code: code, locale: locale)
    }

    /// An error page whose message is already in the page's language (`pageLocale()`).
    func errorPage(status: Int, title: Messages.Key, message: String, code: String? = nil, locale: String? = nil)
        -> HTTPResponse
    {
        let messages = Messages(locale: pageLocale(locale))
        var page = Pages.ErrorPage(title: messages[title], message: message, locale: messages.locale, code: code)
        page.productName = branding.productName
        page.logoURL = branding.logoURL
        return .html(status, page.render()).noStore()
    }

    /// The interaction's actions, in order: cookies first, then the page or redirect.
    func http(_ actions: [InteractionAction]) -> HTTPResponse {
        var cookies: [String] = []
        var final = errorPage(status: 500, .problemSignIn, .msgNothing)
        for action in actions {
            switch action {
            case .setSession(let cookie): cookies.append(cookiePolicy.session(cookie))
            case .clearSession: cookies.append(cookiePolicy.clear(CookiePolicy.sessionName))
            case .showLogin(let page): final = render(.login(page))
            case .showConsent(let page): final = render(.consent(page))
            case .showError(let page): final = errorPage(page)
            case .redirect(let url): final = HTTPResponse.redirect(to: url).noStore()
            case .formPost(let post): final = formPost(post)
            }
        }
        for cookie in cookies { final.headers.add("Set-Cookie", cookie) }
        return final
    }

    func badForm() -> HTTPResponse {
        errorPage(status: 400, .problemSignIn, .msgFormUnreadable)
    }

    func notForm() -> HTTPResponse {
        http(OAuthError.invalidRequest("the body must be application/x-www-form-urlencoded").response)
    }
}
