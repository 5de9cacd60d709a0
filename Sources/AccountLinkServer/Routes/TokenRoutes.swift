import HTTPServer
import OAuthCore

extension AccountLinkApp {
    /// Token, revocation and introspection take form bodies only (RFC 6749 §3.2, RFC 7009 §2.1, RFC 7662 §2.1).
    func tokenRequest(_ request: HTTPRequest) -> TokenRequest? {
        guard let form = request.form else { return nil }
        return TokenRequest(parameters: form, authorization: request.header("Authorization"),
                            clientAddress: request.clientIP)
    }

    func notForm() -> HTTPResponse {
        http(OAuthError.invalidRequest("the body must be application/x-www-form-urlencoded").response)
    }

    func token(_ request: HTTPRequest) async -> HTTPResponse {
        guard let parsed = tokenRequest(request) else { return notForm() }
        let response = await TokenEndpoint(environment: environment).handle(parsed)
        metrics.count(response.status == 200 ? "token_issued" : "token_refused")
        return http(response)
    }

    func revoke(_ request: HTTPRequest) async -> HTTPResponse {
        guard let parsed = tokenRequest(request) else { return notForm() }
        return http(RevocationEndpoint(environment: environment).handle(parsed))
    }

    func introspect(_ request: HTTPRequest) async -> HTTPResponse {
        guard let parsed = tokenRequest(request) else { return notForm() }
        return http(IntrospectionEndpoint(environment: environment).handle(parsed))
    }

    func userinfo(_ request: HTTPRequest) async -> HTTPResponse {
        http(UserInfoEndpoint(environment: environment).handle(authorization: request.header("Authorization")))
    }

    /// The metadata never changes while the process runs, so it is rendered once (RFC 8414 §3).
    func discovery(_ request: HTTPRequest) async -> HTTPResponse { discoveryResponse }

    /// `POST /app-flip/authorize` (CONTRACT.md App Flip endpoint).
    func appFlip(_ request: HTTPRequest) async -> HTTPResponse {
        guard let form = request.form else { return notForm() }
        return http(AppFlipEndpoint(environment: environment)
            .handle(AppFlipRequest(parameters: form, authorization: request.header("Authorization"))))
    }
}
