import HTTPServer
import OAuthCore

extension ProtocolRoutes {
    /// `GET /authorize` (RFC 6749 §4.1.1): validated, then login and consent pages as needed.
    func authorize(_ request: HTTPRequest) async -> HTTPResponse {
        let flow = AuthorizationFlow(environment: environment)
        return http(flow.handle(.authorizeRequest(request.query, sessionID: request.cookies[CookiePolicy.sessionName])))
    }

    /// `POST /authorize/consent`: "Agree and link" or "Cancel".
    func consent(_ request: HTTPRequest) async -> HTTPResponse {
        guard let form = request.form else { return badForm() }
        let flow = AuthorizationFlow(environment: environment)
        return http(flow.handle(.consentSubmitted(interactionID: form["interaction"] ?? "", decision: form["decision"],
                                                  csrf: form["csrf_token"])))
    }

    /// `GET /authorize/switch`: "Use another account" from the consent page.
    func switchAccount(_ request: HTTPRequest) async -> HTTPResponse {
        let flow = AuthorizationFlow(environment: environment)
        return http(flow.handle(.switchAccount(interactionID: request.query["interaction"] ?? "",
                                               csrf: request.query["csrf_token"],
                                               sessionID: request.cookies[CookiePolicy.sessionName])))
    }
}
