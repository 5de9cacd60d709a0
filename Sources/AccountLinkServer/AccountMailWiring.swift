import Foundation
import HTTPServer
import Identity
import Mail
import OAuthCore
import Pages
import Support

/// Builds the account flows' context and, with `ACCOUNTLINK_SMTP_URL`, the outbox sender
/// (docs/accounts-and-email.md).
enum AccountMailWiring {
    static func make(_ runtime: Runtime, loginThrottle: LoginThrottle) -> (AccountFlowContext, OutboxWorker?) {
        let worker = sender(runtime).map { OutboxWorker(sender: $0) }
        let context = AccountFlowContext(
            storage: runtime.storage, clock: runtime.clock, random: runtime.random,
            composer: MailRenderer(productName: runtime.configuration.productName),
            issuer: runtime.configuration.issuerString, loginThrottle: loginThrottle,
            mailWritten: { worker?.nudge() })
        return (context, worker)
    }

    static func sender(_ runtime: Runtime) -> OutboxSender? {
        let settings = runtime.configuration.accountMail
        guard let url = settings.smtpURL else { return nil }
        return OutboxSender(storage: runtime.storage,
                            transport: CurlSMTPTransport(url: url, requireTLS: settings.smtpRequiresTLS,
                                                         caFile: settings.smtpCAFile),
                            from: settings.from, fromName: runtime.configuration.productName, clock: runtime.clock,
                            logger: runtime.logger)
    }
}

extension Runtime {
    /// The flows for commands that run outside `serve` (they cannot reach the server's login throttle).
    public var accountFlows: AccountFlowContext { AccountMailWiring.make(self, loginThrottle: LoginThrottle()).0 }
}

extension AccountLinkApp {
    /// A fresh double-submit cookie for a form shown before any session exists (as `/login`).
    func formCookie(_ request: HTTPRequest) -> String {
        request.cookies[CookiePolicy.loginName].flatMap { $0.count >= 43 ? $0 : nil } ?? runtime.random.token()
    }

    func formCSRFPasses(_ request: HTTPRequest, _ form: FormParameters) -> Bool {
        guard let cookie = request.cookies[CookiePolicy.loginName] else { return false }
        return ConstantTime.equals(loginCSRF(cookie), form["csrf_token"] ?? "")
    }

    func page(_ status: Int, _ html: String, cookie: String? = nil) -> HTTPResponse {
        let response = HTTPResponse.html(status, html).noStore()
        guard let cookie else { return response }
        return response.adding("Set-Cookie", cookiePolicy.set(CookiePolicy.loginName, cookie, expires: nil))
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
