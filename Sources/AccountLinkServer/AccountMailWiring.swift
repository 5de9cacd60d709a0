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
            signUpMode: runtime.configuration.accountMail.signUpVerifiesFirst ? .verifyFirst : .immediate,
            mailWritten: { worker?.nudge() }, bodySealer: bodySealer(runtime))
        return (context, worker)
    }

    static func sender(_ runtime: Runtime) -> OutboxSender? {
        let settings = runtime.configuration.accountMail
        guard let url = settings.smtpURL else { return nil }
        guard !settings.from.isEmpty else {
            runtime.logger.error("mail is not sent: the issuer's host is not a domain name, so there is no default "
                                 + "From address; set ACCOUNTLINK_MAIL_FROM (mail waits in the outbox meanwhile)")
            return nil
        }
        return OutboxSender(storage: runtime.storage,
                            transport: CurlSMTPTransport(url: url, requireTLS: settings.smtpRequiresTLS,
                                                         caFile: settings.smtpCAFile),
                            from: settings.from, fromName: runtime.configuration.productName, clock: runtime.clock,
                            logger: runtime.logger, sealer: bodySealer(runtime))
    }

    /// Outbox bodies sealed under the master key (OutboxBodySealer).
    static func bodySealer(_ runtime: Runtime) -> OutboxBodySealer {
        OutboxBodySealer(masterKey: runtime.masterKey, random: runtime.random)
    }
}

extension Runtime {
    /// The flows for commands that run outside `serve` (they cannot reach the server's login throttle).
    public var accountFlows: AccountFlowContext { AccountMailWiring.make(self, loginThrottle: LoginThrottle()).0 }
}

extension AccountLinkApp {
    /// The form cookie for a form shown before any session exists (as `/login`): the browser's when
    /// this server set it, else a new one (`FormCSRF`: a planted value is never adopted).
    func formCookie(_ request: HTTPRequest) -> String {
        request.cookies[cookiePolicy.loginName].flatMap { formCSRF.isOurs($0) ? $0 : nil }
            ?? formCSRF.newCookie(runtime.random)
    }

    func formCSRFPasses(_ request: HTTPRequest, _ form: FormParameters) -> Bool {
        formCSRF.passes(cookie: request.cookies[cookiePolicy.loginName], token: form["csrf_token"])
    }

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
