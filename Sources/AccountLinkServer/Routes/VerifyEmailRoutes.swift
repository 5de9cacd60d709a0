import HTTPServer
import Identity
import OAuthCore
import Pages
import Support

/// `GET/POST /verify-email` (docs/accounts-and-email.md).
extension AccountMailRoutes {
    /// The mail's link shows a button; only the POST confirms (mail scanners follow GET links). A
    /// sign-up's link also says when the account was made and with which methods, and offers "this wasn't me".
    func verifyEmailForm(_ request: HTTPRequest) -> HTTPResponse {
        let cookie = formCookie(request)
        let token = request.query["token"] ?? ""
        let made = try? EmailVerificationFlow(context: accountFlows).madeAccount(token: token)
        let form = VerifyEmailPage(productName: branding.productName, logoURL: branding.logoURL, token: token,
                                   csrfToken: loginCSRF(cookie),
                                   made: made.map { ($0.madeAt, $0.methods.map(\.rawValue)) }, locale: pageLocale())
        return page(200, form.render(), cookie: cookie).adding("Referrer-Policy", "no-referrer")
    }

    func verifyEmailSubmit(_ request: HTTPRequest) -> HTTPResponse {
        guard let form = request.form else { return badForm() }
        guard formCSRFPasses(request, form) else { return errorPage(status: 403, .problemSignIn, .msgFormExpired) }
        do {
            _ = try EmailVerificationFlow(context: accountFlows).confirm(token: form["token"] ?? "")
        } catch EmailVerificationFlow.Failure.invalidLink {
            return linkInvalid(request)
        } catch {
            logger.error("email verification failed", ["error": "\(error)"])
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let done = AccountFormPage(productName: branding.productName, logoURL: branding.logoURL, title: .verifiedTitle,
                                   intro: .verifiedBody, links: [(.continueLabel, "/account")],
                                   locale: pageLocale())
        return page(200, done.render())
    }
}
