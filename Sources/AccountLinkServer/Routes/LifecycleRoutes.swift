import HTTPServer
import Identity
import OAuthCore
import Pages
import Support

/// The account-lifecycle pages (docs/accounts-and-email.md, "Taking over an account through its
/// lifecycle"): "this wasn't me" on a sign-up's link, the old address's cancel link of an email change,
/// and sign-out-everywhere on the account page. HTTP translation only; the rules are Identity's.
extension AccountLinkApp {
    static let lifecyclePaths: Set<String> = [
        "/verify-email/not-me", "/email-change/cancel", "/account/sign-out-everywhere", "/account/sign-ins/end",
    ]

    func addLifecycleRoutes(to router: inout Router) {
        router.add("POST", "/verify-email/not-me") { [self] in notMeSubmit($0) }
        router.add("GET", "/email-change/cancel") { [self] in cancelChangeForm($0) }
        router.add("POST", "/email-change/cancel") { [self] in cancelChangeSubmit($0) }
        router.add("POST", "/account/sign-out-everywhere") { [self] in signOutEverywhere($0) }
        router.add("POST", "/account/sign-ins/end") { [self] in endSignIn($0) }
    }

    func notMeSubmit(_ request: HTTPRequest) -> HTTPResponse {
        guard let form = request.form else { return badForm() }
        guard formCSRFPasses(request, form) else { return errorPage(status: 403, .problemSignIn, .msgFormExpired) }
        do {
            try EmailVerificationFlow(context: accountFlows).disown(token: form["token"] ?? "")
        } catch EmailVerificationFlow.Failure.invalidLink {
            return linkInvalid(request)
        } catch {
            runtime.logger.error("disowning an account failed", ["error": "\(error)"])
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
            runtime.logger.error("cancelling an email change failed", ["error": "\(error)"])
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let done = AccountFormPage(productName: branding.productName, logoURL: branding.logoURL,
                                   title: .cancelChangeTitle, intro: .cancelChangeDoneBody,
                                   links: [(.forgotLink, "/password/forgot"), (.signIn, "/login")], locale: pageLocale())
        return page(200, done.render()).adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
    }

    /// Ends this session too: the browser is signed out with the rest.
    func signOutEverywhere(_ request: HTTPRequest) -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(_, let account, _) = check else { return answer(check) }
        do {
            try SignOutEverywhereFlow(context: accountFlows).run(accountID: account.id)
        } catch {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let done = AccountFormPage(productName: branding.productName, logoURL: branding.logoURL,
                                   title: .signOutEverywhere, intro: .signedOutEverywhereBody,
                                   links: [(.signIn, "/login")], locale: pageLocale())
        return page(200, done.render()).adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
    }
}
