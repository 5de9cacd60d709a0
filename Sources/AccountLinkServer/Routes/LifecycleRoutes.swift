import HTTPServer
import Identity
import OAuthCore
import Pages
import Support

/// The account-lifecycle pages (docs/accounts-and-email.md, "Taking over an account through its
/// lifecycle"): "this wasn't me" on a sign-up's link and the old address's cancel link of an email change
/// (sign-out-everywhere is the account page's, SignOutEverywhereRoutes.swift). HTTP translation only; the
/// rules are Identity's.
extension AccountMailRoutes {
    func notMeSubmit(_ request: HTTPRequest) -> HTTPResponse {
        guard let form = request.form else { return badForm() }
        guard formCSRFPasses(request, form) else { return errorPage(status: 403, .problemSignIn, .msgFormExpired) }
        do {
            try EmailVerificationFlow(context: accountFlows).disown(token: form["token"] ?? "")
        } catch EmailVerificationFlow.Failure.invalidLink {
            return linkInvalid(request)
        } catch {
            logger.error("disowning an account failed", ["error": "\(error)"])
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let done = AccountFormPage(productName: branding.productName, logoURL: branding.logoURL, title: .notMeDoneTitle,
                                   intro: .notMeDoneBody, locale: pageLocale())
        return page(200, done.render()).adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
    }

    /// The mail's link shows a button; only the POST cancels (mail scanners follow GET links).
    func cancelChangeForm(_ request: HTTPRequest) -> HTTPResponse {
        let cookie = formCookie(request)
        let form = AccountFormPage(productName: branding.productName, logoURL: branding.logoURL,
                                   title: .cancelChangeTitle, intro: .cancelChangeBody, action: "/email-change/cancel",
                                   csrfToken: loginCSRF(cookie), hidden: [("token", request.query["token"] ?? "")],
                                   submit: .mailCancelChangeButton, locale: pageLocale())
        return page(200, form.render(), cookie: cookie).adding("Referrer-Policy", "no-referrer")
    }

    func cancelChangeSubmit(_ request: HTTPRequest) -> HTTPResponse {
        guard let form = request.form else { return badForm() }
        guard formCSRFPasses(request, form) else { return errorPage(status: 403, .problemSignIn, .msgFormExpired) }
        do {
            try EmailChangeFlow(context: accountFlows).cancel(token: form["token"] ?? "")
        } catch EmailChangeFlow.Failure.invalidLink {
            return linkInvalid(request)
        } catch {
            logger.error("cancelling an email change failed", ["error": "\(error)"])
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let done = AccountFormPage(productName: branding.productName, logoURL: branding.logoURL,
                                   title: .cancelChangeTitle, intro: .cancelChangeDoneBody,
                                   links: [(.forgotLink, "/password/forgot"), (.signIn, "/login")], locale: pageLocale())
        return page(200, done.render()).adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
    }
}
