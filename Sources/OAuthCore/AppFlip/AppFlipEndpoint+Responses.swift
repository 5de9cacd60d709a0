import GoogleRedirects
import Support

extension AppFlipEndpoint {
    /// 200 {code, state, redirect_to}: the app opens redirect_to
    /// (https://developers.google.com/identity/account-linking/app-flip-ios).
    func success(code: String, state: String?, redirectURI: String) -> EndpointResponse {
        var items = [("code", code)]
        if let state { items.append(("state", state)) }
        var body: [String: JSONValue] = [
            "code": .string(code), "redirect_to": .string(AuthorizationResponse.url(redirectURI, items)),
        ]
        if let state { body["state"] = .string(state) }
        return .json(.object(body))
    }

    /// 4xx {error, error_description, redirect_to?}: redirect_to only for Google's App Flip URIs,
    /// so nothing is ever sent to an unvetted place.
    func failure(_ error: OAuthError, description: String, state: String?, redirectURI: String?) -> EndpointResponse {
        var body: [String: JSONValue] = [
            "error": .string(error.code.rawValue),
            "error_description": .string(description),
        ]
        if let redirectURI, AppFlipRedirect.isGoogleAppFlipRedirect(redirectURI) {
            var items = [("error", error.code.rawValue), ("error_description", description)]
            if let state { items.append(("state", state)) }
            body["redirect_to"] = .string(AuthorizationResponse.url(redirectURI, items))
        }
        return .json(.object(body), status: error.status)
    }
}
