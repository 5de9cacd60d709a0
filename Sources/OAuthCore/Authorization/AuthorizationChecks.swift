import Support

/// Validation of `GET /authorize` as an ordered list of small named checks (docs/architecture.md rule 4) over
/// an allow-list of parameters. Nothing is written: the caller stores the interaction only after all
/// checks passed.
public enum AuthorizationValidation: Sendable, Equatable {
    case valid(AuthorizationRequest, Client)
    /// RFC 6749 §4.1.2.1: client or redirect URI not established, so show a page, redirect nothing.
    case errorPage(OAuthError)
    /// The redirect URI is trusted: send the error there with the verbatim `state`.
    /// `responseMode`: how to send it (nil: the query).
    case redirectError(OAuthError, redirectURI: String, state: String?, responseMode: String?)
}

struct AuthorizationDraft {
    let parameters: FormParameters
    var client: Client?
    var redirectURI: String?
    var scope: [String] = []
    var codeChallenge: String?
    var responseMode: String?

    var state: String? { parameters["state"] }
}

struct AuthorizationChecks {
    typealias Check = (
        name: String, run: @Sendable (AuthorizationChecks, inout AuthorizationDraft) throws -> Void
    )

    /// The parameters read; RFC 6749 §3.1 says others are ignored.
    static let allowList = [
        "client_id", "redirect_uri", "state", "scope", "response_type", "user_locale", "ui_locales",
        "nonce", "code_challenge", "code_challenge_method", "prompt", "max_age", "response_mode",
        "login_hint", "request", "request_uri",
    ]

    /// Until these pass, errors are an error page.
    static let beforeRedirect: [Check] = [
        ("checkRedirectionParametersOnce", { try $0.checkRedirectionParametersOnce(&$1) }),
        ("checkClient", { try $0.checkClient(&$1) }),
    ]

    /// After these pass, errors are redirected.
    static let afterRedirect: [Check] = [
        ("checkNoDuplicates", { try $0.checkNoDuplicates(&$1) }),
        ("checkResponseMode", { try $0.checkResponseMode(&$1) }),
        ("checkNoRequestObject", { try $0.checkNoRequestObject(&$1) }),
        ("checkResponseType", { try $0.checkResponseType(&$1) }),
        ("checkScope", { try $0.checkScope(&$1) }),
        ("checkPKCE", { try $0.checkPKCE(&$1) }),
        ("checkPromptAndMaxAge", { try $0.checkPromptAndMaxAge(&$1) }),
    ]

    /// The registered clients and the operator's custom scopes.
    typealias Store = ClientStore & ScopeStore & Sendable

    let storage: any Store
    let configuration: OAuthConfiguration

    func validate(_ parameters: FormParameters) -> AuthorizationValidation {
        var draft = AuthorizationDraft(parameters: parameters)
        for check in Self.beforeRedirect {
            do { try check.run(self, &draft) } catch { return .errorPage(named(error, check.name)) }
        }
        guard let client = draft.client, let redirectURI = draft.redirectURI else {
            return .errorPage(.serverError(detail: "redirect checks left no client"))
        }
        for check in Self.afterRedirect {
            do { try check.run(self, &draft) } catch {
                return .redirectError(
                    named(error, check.name), redirectURI: redirectURI, state: draft.state,
                    responseMode: draft.responseMode)
            }
        }
        return .valid(request(draft, redirectURI), client)
    }

    private func named(_ error: any Error, _ check: String) -> OAuthError {
        var oauth = OAuthError.from(error)
        oauth.detail = "\(check): \(oauth.detail)"
        return oauth
    }

    private func request(_ draft: AuthorizationDraft, _ redirectURI: String) -> AuthorizationRequest {
        let p = draft.parameters
        return AuthorizationRequest(
            clientID: draft.client?.id ?? "", redirectURI: redirectURI, state: p["state"],
            scope: draft.scope, userLocale: AuthorizationRequest.requestedLocale(p), nonce: p["nonce"],
            codeChallenge: draft.codeChallenge, prompt: p["prompt"],
            maxAge: p["max_age"].flatMap(AuthorizationRequest.maxAgeSeconds), responseMode: draft.responseMode,
            loginHint: p["login_hint"].flatMap { $0.isEmpty ? nil : $0 })
    }
}
