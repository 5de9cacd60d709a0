import HTTPServer
import Identity
import OAuthCore
import Pages
import Support

/// `/signup`'s "Create the account with a passkey" (docs/passkeys.md, The web pages), HTTP translation
/// only: the rules are Identity's `PasskeySignUpFlow`, started and finished without a client (the web
/// pages). Both posts carry the sign-up page's CSRF field under its login cookie, as `POST /signup` does,
/// and a new account ends as a password sign-up ends (`signedUp`: the session, or the waiting
/// authorization continued; the verification mail is written by the flow).
extension AccountMailRoutes {
    /// `POST /signup/passkey/options` (`csrf_token`, `interaction`?, `email`, `name`?) →
    /// `{"flow_id","publicKey"}`, the same for every plausible address.
    func passkeySignUpWebOptions(_ request: HTTPRequest) async -> HTTPResponse {
        guard signUpOpen else { return apiError(403, "signup_closed", "sign-up is closed on this server") }
        guard let form = request.form, formCSRFPasses(request, form) else { return PasskeyForm.expired }
        do {
            let answer = try PasskeySignUpFlow(passkeys: passkeys, accounts: accountFlows)
                .options(clientID: nil, email: form["email"] ?? "", name: form["name"])
            return http(EndpointResponse.json(answer, status: 200))
        } catch let failure as SignUpFlow.Failure {
            return apiSignUpRefusal(failure)
        } catch {
            return http(OAuthError.from(error).response)
        }
    }

    /// `POST /signup/passkey` (`csrf_token`, `interaction`?, `email`, `name`?, `flow_id`, `credential`):
    /// answered as `POST /signup`; a refused passkey shows the sign-up page again.
    func passkeySignUpWeb(_ request: HTTPRequest) async -> HTTPResponse {
        guard signUpOpen else { return errorPage(status: 403, .problemRequest, .signUpClosed) }
        guard let form = request.form else { return badForm() }
        guard formCSRFPasses(request, form), let cookie = request.cookies[cookiePolicy.loginName] else {
            return errorPage(status: 403, .problemSignIn, .msgFormExpired)
        }
        let interaction = form["interaction"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            let outcome = try PasskeySignUpFlow(passkeys: passkeys, accounts: accountFlows).finish(
                clientID: nil, flowID: form["flow_id"], credential: PasskeyForm.credential(form), locale: pageLocale(),
                clientAddress: request.clientIP)
            return try signedUp(request, outcome, typed: form["email"] ?? "", interaction: interaction)
        } catch {
            return passkeySignUpRefused(request, error, cookie: cookie, interaction: interaction, form: form)
        }
    }

    /// The sign-up page again with what went wrong: one generic text for any failed passkey check.
    func passkeySignUpRefused(_ request: HTTPRequest, _ error: any Error, cookie: String, interaction: String?,
                              form: FormParameters) -> HTTPResponse {
        var status = 400, key = Messages.Key.passkeySignUpFailed
        if let failure = error as? SignUpFlow.Failure {
            (status, key, _) = ErrorWording.describe(failure)
        } else if OAuthError.from(error).status >= 500 {
            logger.error("passkey sign-up failed", ["error": "\(error)"])
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let retry = signUpPage(request, cookie: cookie, interaction: interaction, email: form["email"] ?? "",
                               name: form["name"] ?? "", error: key)
        return page(status, retry.render()).interactionPolicy()
    }
}
