import HTTPServer
import Pages
import Support

extension WebRoutes {
    /// The form cookie for a form shown before any session exists (as `/login`): the browser's when
    /// this server set it, else a new one (`FormCSRF`: a planted value is never adopted).
    func formCookie(_ request: HTTPRequest) -> String {
        request.cookies[cookiePolicy.loginName].flatMap { formCSRF.isOurs($0) ? $0 : nil }
            ?? formCSRF.newCookie(web.random)
    }

    func formCSRFPasses(_ request: HTTPRequest, _ form: FormParameters) -> Bool {
        formCSRF.passes(cookie: request.cookies[cookiePolicy.loginName], token: form["csrf_token"])
    }

    /// The hidden CSRF field of a form shown before any session exists (`FormCSRF`).
    func loginCSRF(_ cookie: String) -> String { formCSRF.token(for: cookie) }

    func page(_ status: Int, _ html: String, cookie: String? = nil) -> HTTPResponse {
        let response = HTTPResponse.html(status, html).noStore()
        guard let cookie else { return response }
        return response.adding("Set-Cookie", cookiePolicy.set(cookiePolicy.loginName, cookie, expires: nil))
    }
}

extension Pages.LoginPage {
    /// Adds "Forgot your password?" and, while sign-up is open, "Create an account".
    func withAccountLinks(signUp: String?) -> Pages.LoginPage {
        var page = self
        page.forgotPasswordURL = "/password/forgot"
        page.signUpURL = signUp
        return page
    }
}
