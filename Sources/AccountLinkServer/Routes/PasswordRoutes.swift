import HTTPServer
import Identity
import OAuthCore
import Pages
import Support

/// `GET/POST /password/forgot` and `GET/POST /password/reset` (docs/accounts-and-email.md).
extension AccountMailRoutes {
    func forgotPage(_ request: HTTPRequest, cookie: String, error: Messages.Key? = nil) -> AccountFormPage {
        AccountFormPage(productName: branding.productName, logoURL: branding.logoURL, title: .forgotTitle,
                        intro: .forgotBody, error: error, action: "/password/forgot", csrfToken: loginCSRF(cookie),
                        fields: [.init("email", .email, type: "email", autocomplete: "email")], submit: .sendLink,
                        links: [(.signIn, "/login")], locale: pageLocale())
    }

    func forgotForm(_ request: HTTPRequest) -> HTTPResponse {
        let cookie = formCookie(request)
        return page(200, forgotPage(request, cookie: cookie).render(), cookie: cookie)
    }

    /// The same page for every address (only this client address's throttle says more).
    func forgotSubmit(_ request: HTTPRequest) -> HTTPResponse {
        guard let form = request.form else { return badForm() }
        guard formCSRFPasses(request, form), let cookie = request.cookies[cookiePolicy.loginName] else {
            return errorPage(status: 403, .problemSignIn, .msgFormExpired)
        }
        let email = form["email"] ?? ""
        do {
            try PasswordResetFlow(context: accountFlows).request(
                email: email, locale: pageLocale(), clientAddress: request.clientIP)
        } catch PasswordResetFlow.Failure.throttled {
            return page(429, forgotPage(request, cookie: cookie, error: .tooManyRequests).render())
        } catch {
            logger.error("reset request failed", ["error": "\(error)"])
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let sent = AccountFormPage(productName: branding.productName, logoURL: branding.logoURL, title: .checkInboxTitle,
                                   intro: .forgotSentBody, values: ["email": EmailAddress.normalized(email)],
                                   links: [(.signIn, "/login")], locale: pageLocale())
        return page(200, sent.render())
    }

    func resetPage(_ request: HTTPRequest, cookie: String, token: String, error: Messages.Key? = nil,
                   errorValues: [String: String] = [:]) -> AccountFormPage {
        AccountFormPage(productName: branding.productName, logoURL: branding.logoURL, title: .resetTitle, error: error,
                        errorValues: errorValues, action: "/password/reset", csrfToken: loginCSRF(cookie),
                        hidden: [("token", token)],
                        fields: [.init("password", .newPassword, type: "password", autocomplete: "new-password")],
                        hint: .passwordRules, submit: .setPassword, locale: pageLocale())
    }

    /// Shows the form only; the token is used by the POST.
    func resetForm(_ request: HTTPRequest) -> HTTPResponse {
        let cookie = formCookie(request)
        let token = request.query["token"] ?? ""
        return page(200, resetPage(request, cookie: cookie, token: token).render(), cookie: cookie)
            .adding("Referrer-Policy", "no-referrer")
    }

    func resetSubmit(_ request: HTTPRequest) -> HTTPResponse {
        guard let form = request.form else { return badForm() }
        guard formCSRFPasses(request, form), let cookie = request.cookies[cookiePolicy.loginName] else {
            return errorPage(status: 403, .problemSignIn, .msgFormExpired)
        }
        let token = form["token"] ?? ""
        let done: PasswordResetFlow.Done
        do {
            done = try PasswordResetFlow(context: accountFlows).reset(
                token: token, newPassword: form["password"] ?? "", locale: pageLocale(), clientAddress: request.clientIP)
        } catch PasswordResetFlow.Failure.throttled {
            // RFC 6585 §4: too many attempts from this address, as at /login.
            return errorPage(status: 429, .problemRequest, .tooManyRequests)
        } catch PasswordResetFlow.Failure.password(let violation) {
            let (status, key, values) = ErrorWording.describe(violation)
            return page(status, resetPage(request, cookie: cookie, token: token, error: key, errorValues: values).render())
        } catch PasswordResetFlow.Failure.invalidLink {
            return linkInvalid(request)
        } catch {
            logger.error("password reset failed", ["error": "\(error)"])
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        // An unproven account's other methods were removed by this reset: the page names them.
        let removed = Messages(locale: pageLocale()).methods(done.removedMethods.map(\.rawValue))
        let page = AccountFormPage(productName: branding.productName, logoURL: branding.logoURL, title: .resetDoneTitle,
                                   intro: done.removedMethods.isEmpty ? .resetDoneBody : .resetDoneRemovedBody,
                                   values: ["methods": removed], links: [(.signIn, "/login")], locale: pageLocale())
        return self.page(200, page.render()).adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
    }

    func linkInvalid(_ request: HTTPRequest) -> HTTPResponse {
        let invalid = AccountFormPage(productName: branding.productName, logoURL: branding.logoURL,
                                      title: .linkInvalidTitle, intro: .linkInvalidBody,
                                      links: [(.forgotLink, "/password/forgot"), (.signIn, "/login")],
                                      locale: pageLocale())
        return page(400, invalid.render())
    }
}
