import HTTPServer
import OAuthCore
import Pages
import Support

extension AccountLinkApp {
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
        Pages.LoginPage(
            productName: branding.productName, logoURL: branding.logoURL, action: "/login",
            csrfToken: model.csrfToken, interactionID: model.interactionID, email: model.email ?? "",
            failed: model.errorMessage != nil, appleSignInURL: branding.appleSignInURL(model.interactionID),
            googleSignInURL: branding.googleSignInURL(model.interactionID), locale: model.locale)
            .withAccountLinks(signUp: signUpOpen ? "/signup?interaction=" + FormEncoding.encodeComponent(model.interactionID)
                                                  : nil)
    }

    func consentPage(_ model: OAuthCore.ConsentPage) -> Pages.ConsentPage {
        let switchURL = "/authorize/switch?" + FormParameters([("interaction", model.interactionID),
                                                             ("csrf_token", model.csrfToken)]).encoded
        return Pages.ConsentPage(
            productName: branding.productName, logoURL: branding.logoURL, accountEmail: model.accountEmail,
            scopeDescriptions: model.scopes.map(\.description), authorizationStatement: model.consentStatement,
            action: "/authorize/consent", csrfToken: model.csrfToken, interactionID: model.interactionID,
            switchAccountURL: switchURL, locale: model.locale)
    }

    func errorPage(_ model: OAuthCore.ErrorPage) -> HTTPResponse {
        let messages = Messages(locale: model.locale)
        let page = Pages.ErrorPage(title: messages[Self.title(for: model.error)], message: model.description,
                                   locale: model.locale)
        return .html(model.status, page.render()).noStore()
    }

    /// An error page whose words come from the message catalog.
    func errorPage(status: Int, _ title: Messages.Key, _ message: Messages.Key) -> HTTPResponse {
        let messages = Messages(locale: nil)
        return errorPage(status: status, title: title, message: messages[message])
    }

    /// An error page with a message from the protocol core (its public description).
    func errorPage(status: Int, title: Messages.Key, message: String) -> HTTPResponse {
        .html(status, Pages.ErrorPage(title: Messages(locale: nil)[title], message: message).render()).noStore()
    }

    static func title(for code: String) -> Messages.Key {
        switch code {
        case "invalid_request", "invalid_client", "unauthorized_client": .problemRequest
        case "access_denied": .problemDenied
        case "temporarily_unavailable", "server_error": .problemServer
        default: .problemSignIn
        }
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
            }
        }
        for cookie in cookies { final.headers.add("Set-Cookie", cookie) }
        return final
    }
}
