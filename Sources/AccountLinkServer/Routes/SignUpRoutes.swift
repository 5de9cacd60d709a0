import HTTPServer
import Identity
import OAuthCore
import Operations
import Pages
import Support

/// The pages of the account mails (docs/accounts-and-email.md): sign-up, the verification link, a
/// forgotten password and its reset, "this wasn't me" and an email change's cancel link, sign-up with a
/// passkey (PasskeySignUpWebRoutes.swift, PasswordRoutes.swift, VerifyEmailRoutes.swift, LifecycleRoutes.swift). HTTP translation only; the
/// rules are Identity's `SignUpFlow` and the other account flows.
struct AccountMailRoutes: WebRoutes {
    let web: WebContext
    let environment: OAuthEnvironment
    let accountFlows: AccountFlowContext
    let passkeys: PasskeyContext
    let metrics: Metrics

    func add(to router: inout Router) {
        router.add("GET", "/signup") { [self] in signUpForm($0) }
        router.add("POST", "/signup") { [self] in signUpSubmit($0) }
        router.add("POST", "/signup/passkey/options") { [self] in await passkeySignUpWebOptions($0) }
        router.add("POST", "/signup/passkey") { [self] in await passkeySignUpWeb($0) }
        router.add("GET", "/verify-email") { [self] in verifyEmailForm($0) }
        router.add("POST", "/verify-email") { [self] in verifyEmailSubmit($0) }
        router.add("GET", "/password/forgot") { [self] in forgotForm($0) }
        router.add("POST", "/password/forgot") { [self] in forgotSubmit($0) }
        router.add("GET", "/password/reset") { [self] in resetForm($0) }
        router.add("POST", "/password/reset") { [self] in resetSubmit($0) }
        router.add("POST", "/verify-email/not-me") { [self] in notMeSubmit($0) }
        router.add("GET", "/email-change/cancel") { [self] in cancelChangeForm($0) }
        router.add("POST", "/email-change/cancel") { [self] in cancelChangeSubmit($0) }
    }
}

extension AccountMailRoutes {
    func signUpPage(_ request: HTTPRequest, cookie: String, interaction: String?, email: String = "", name: String = "",
                    error: Messages.Key? = nil, errorValues: [String: String] = [:]) -> Pages.AccountFormPage {
        var page = AccountFormPage(
            productName: branding.productName, logoURL: branding.logoURL, title: .signUpTitle, error: error,
            errorValues: errorValues, action: "/signup", csrfToken: loginCSRF(cookie),
            hidden: interaction.map { [("interaction", $0)] } ?? [],
            fields: [.init("email", .email, type: "email", autocomplete: "email", value: email),
                     .init("password", .password, type: "password", autocomplete: "new-password"),
                     .init("name", .nameOptional, type: "text", autocomplete: "name", value: name, required: false)],
            hint: .passwordRules, submit: .createAccount, links: [(.signIn, "/login")], locale: pageLocale())
        page.passkeySignUpAction = "/signup/passkey"
        return page
    }

    func signUpForm(_ request: HTTPRequest) -> HTTPResponse {
        guard signUpOpen else { return errorPage(status: 403, .problemRequest, .signUpClosed) }
        let cookie = formCookie(request)
        let interaction = request.query["interaction"].flatMap { $0.isEmpty ? nil : $0 }
        return page(200, signUpPage(request, cookie: cookie, interaction: interaction).render(), cookie: cookie)
            .interactionPolicy()
    }

    func signUpSubmit(_ request: HTTPRequest) -> HTTPResponse {
        guard signUpOpen else { return errorPage(status: 403, .problemRequest, .signUpClosed) }
        guard let form = request.form else { return badForm() }
        guard formCSRFPasses(request, form), let cookie = request.cookies[cookiePolicy.loginName] else {
            return errorPage(status: 403, .problemSignIn, .msgFormExpired)
        }
        let interaction = form["interaction"].flatMap { $0.isEmpty ? nil : $0 }
        let email = form["email"] ?? ""
        do {
            let outcome = try SignUpFlow(context: accountFlows).signUp(
                email: email, password: form["password"] ?? "", name: form["name"], locale: pageLocale(),
                clientAddress: request.clientIP)
            return try signedUp(request, outcome, typed: email, interaction: interaction)
        } catch let failure as SignUpFlow.Failure {
            let (status, key, values) = ErrorWording.describe(failure)
            let retry = signUpPage(request, cookie: cookie, interaction: interaction, email: email,
                                   name: form["name"] ?? "", error: key, errorValues: values)
            return page(status, retry.render()).interactionPolicy()
        } catch {
            logger.error("sign-up failed", ["error": "\(error)"])
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
    }

    /// A new account is signed in (and continues a pending authorization); an address that has an
    /// account gets the same "check your email" page, without a session. The page names the new account's
    /// address, else the one typed (`typed`, normalized as the flow does).
    func signedUp(_ request: HTTPRequest, _ outcome: SignUpFlow.Outcome, typed: String, interaction: String?) throws
        -> HTTPResponse
    {
        var shown = EmailAddress.normalized(typed)
        if case .created(let account) = outcome, let address = account.email { shown = address }
        let notice = AccountFormPage(productName: branding.productName, logoURL: branding.logoURL,
                                     title: .checkInboxTitle, intro: .checkInboxBody, values: ["email": shown],
                                     links: [(.continueLabel, "/account")], locale: pageLocale()).render()
        guard case .created(let account) = outcome else { return page(200, notice) }
        metrics.count("signup")
        switch try AfterSignIn(environment: environment).next(accountID: account.id, interaction: interaction) {
        case .authorization(let actions): return http(actions)
        case .session(let cookie): return page(200, notice).adding("Set-Cookie", cookiePolicy.session(cookie))
        }
    }
}
