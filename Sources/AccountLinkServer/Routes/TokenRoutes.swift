import HTTPServer
import OAuthCore
import Pages

extension ProtocolRoutes {
    /// Token, revocation and introspection take form bodies only (RFC 6749 §3.2, RFC 7009 §2.1, RFC 7662 §2.1).
    func tokenRequest(_ request: HTTPRequest) -> TokenRequest? {
        guard let form = request.form else { return nil }
        return TokenRequest(parameters: form, authorization: request.header("Authorization"),
                            clientAddress: request.clientIP)
    }

    func token(_ request: HTTPRequest) async -> HTTPResponse {
        guard let parsed = tokenRequest(request) else { return notForm() }
        let response = await TokenEndpoint(environment: environment).handle(parsed)
        metrics.count(response.status == 200 ? "token_issued" : "token_refused")
        return http(response)
    }

    func revoke(_ request: HTTPRequest) async -> HTTPResponse {
        guard let parsed = tokenRequest(request) else { return notForm() }
        return http(await RevocationEndpoint(environment: environment).handle(parsed))
    }

    func introspect(_ request: HTTPRequest) async -> HTTPResponse {
        guard let parsed = tokenRequest(request) else { return notForm() }
        return http(await IntrospectionEndpoint(environment: environment).handle(parsed))
    }

    /// OIDC Core §5.3.1: GET or POST; the token in the header, or in a form body (RFC 6750 §2.2),
    /// never in the query (§2.3 is not offered: URLs end up in logs).
    func userinfo(_ request: HTTPRequest) async -> HTTPResponse {
        let endpoint = UserInfoEndpoint(environment: environment)
        let authorization = request.header("Authorization")
        guard request.method == "POST", let form = request.form else {
            return http(await endpoint.handle(authorization: authorization))
        }
        return http(await endpoint.handle(authorization: authorization, form: form))
    }

    /// The metadata as OAuthCore's `DiscoveryEndpoint` keeps it rendered.
    func discovery(_ request: HTTPRequest) async -> HTTPResponse {
        Self.render(discoveryEndpoint.handle())
    }

    /// `POST /app-flip/authorize` (docs/app-flip-ios.md §2). Its `error_description` reaches the person in
    /// Google's app: the catalog's short text in the request's `Accept-Language`, else English.
    func appFlip(_ request: HTTPRequest) async -> HTTPResponse {
        guard let form = request.form else { return notForm() }
        let messages = Messages(locale: LanguageChoice(acceptLanguage: request.header("Accept-Language")).tag)
        return http(await AppFlipEndpoint(environment: environment)
            .handle(AppFlipRequest(parameters: form, authorization: request.header("Authorization")),
                    describe: { Self.appFlipMessage($0).map { messages[$0] } }))
    }

    /// The catalog text for each App Flip error (App Flip's four, and our own failures).
    static func appFlipMessage(_ code: OAuthError.Code) -> Messages.Key? {
        switch code {
        case .invalidRequest: .appFlipInvalidRequest
        case .cancelled: .appFlipCancelled
        case .accessDenied: .appFlipAccessDenied
        case .unrecoverable: .appFlipUnrecoverable
        case .serverError, .temporarilyUnavailable: .appFlipTryLater
        default: nil
        }
    }
}
