import HTTPServer
import Identity
import JOSE
import OAuthCore
import Pages
import Support

/// Passkey sign-in on the web pages (docs/passkeys.md, The web pages), HTTP translation only: the rules are
/// Identity's passkey flows. The script fetches a ceremony's options from a same-origin POST carrying
/// the page's CSRF field, then submits the page's form with the credential, so a passkey sign-in ends
/// exactly as a password sign-in does (a session, or the waiting authorization request continued).
extension LoginRoutes {
    static let passkeyScript = HTTPResponse(
        status: 200, headers: ["Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600"],
        body: Array(PasskeyScript.source.utf8))

    /// The login page's CSRF field: inside `/authorize` the waiting request's token, else the one bound
    /// to the login cookie (as `POST /login` checks them).
    func passkeyLoginCSRFPasses(_ request: HTTPRequest, _ form: FormParameters) -> Bool {
        if let interaction = form["interaction"], !interaction.isEmpty {
            return AuthorizationFlow(environment: environment).loginCSRFPasses(interactionID: interaction,
                                                                               csrf: form["csrf_token"])
        }
        return formCSRFPasses(request, form)
    }

    /// `POST /login/passkey/options` (`csrf_token`, `interaction`?) → `{"flow_id","publicKey"}`.
    func passkeyLoginOptions(_ request: HTTPRequest) async -> HTTPResponse {
        guard let form = request.form, passkeyLoginCSRFPasses(request, form) else { return PasskeyForm.expired }
        return passkeyJSON { try PasskeySignInFlow(context: passkeys).options(clientID: PasskeySignInFlow.webPages) }
    }

    /// `POST /login/passkey` (`csrf_token`, `interaction`?, `flow_id`, `credential`): the account's
    /// session, or the waiting request continued; a refused passkey shows the login page again.
    func passkeyLogin(_ request: HTTPRequest) async -> HTTPResponse {
        guard let form = request.form else { return badForm() }
        guard passkeyLoginCSRFPasses(request, form) else { return errorPage(status: 403, .problemSignIn, .msgFormExpired) }
        let interaction = form["interaction"].flatMap { $0.isEmpty ? nil : $0 }
        let accountID: String
        do {
            accountID = try PasskeySignInFlow(context: passkeys).finish(
                clientID: PasskeySignInFlow.webPages, flowID: form["flow_id"], credential: PasskeyForm.credential(form))
        } catch {
            guard OAuthError.from(error).status < 500 else { return errorPage(status: 503, .problemServer, .msgTryAgain) }
            metrics.count("login_failed")
            return passkeyRefused(request, interaction: interaction)
        }
        do {
            switch try AfterSignIn(environment: environment).next(accountID: accountID, interaction: interaction) {
            case .authorization(let actions): return http(actions)
            case .session(let session): return sessionStarted(request, session)
            }
        } catch {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
    }

    /// The same login page again, saying the passkey did not sign the person in (401).
    func passkeyRefused(_ request: HTTPRequest, interaction: String?) -> HTTPResponse {
        guard let interaction else {
            return loginResponse(cookie: formCookie(request), next: request.query["next"], email: "", failed: false,
                                 passkeyFailed: true)
        }
        let actions = AuthorizationFlow(environment: environment).handle(.resume(interactionID: interaction, sessionID: nil))
        guard case .showLogin(let model)? = actions.last else { return http(actions) }
        var page = loginPage(model)
        page.passkeyFailed = true
        return .html(401, page.render()).noStore().interactionPolicy()
    }
}

/// The passkey forms of the pages (login and the account page).
enum PasskeyForm {
    /// The credential JSON the script put in the form; nil when it is not JSON (then `invalid_grant`).
    static func credential(_ form: FormParameters) -> JSONValue? {
        try? JSONValue(parsing: Array((form["credential"] ?? "").utf8))
    }

    /// The script's options request whose CSRF field no longer passes.
    static let expired = HTTPResponse.json(
        403, raw: #"{"error":"invalid_request","error_description":"the form has expired; reload the page"}"#).noStore()
}

extension WebRoutes {
    /// A passkey ceremony's options (or refusal) as JSON for the page's script.
    func passkeyJSON(_ call: () throws -> JSONValue) -> HTTPResponse {
        do {
            return http(EndpointResponse.json(try call(), status: 200))
        } catch {
            return http(OAuthError.from(error).response)
        }
    }
}
