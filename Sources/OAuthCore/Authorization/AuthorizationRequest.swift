import Foundation
import Support

/// A validated authorization request (RFC 6749 §4.1.1, OIDC Core §3.1.2.1, RFC 7636 §4.3). Kept in
/// the `Interaction` record across the login and consent round trips.
public struct AuthorizationRequest: Sendable, Equatable, Codable {
    public var clientID: String
    /// The exact registered URI the response goes to.
    public var redirectURI: String
    /// Returned byte for byte (RFC 6749 §4.1.2); Google's is hundreds of characters.
    public var state: String?
    public var scope: [String]
    /// The pages' language the client asked for: OIDC `ui_locales` (space-separated BCP 47 tags in
    /// order of preference, OIDC Core §3.1.2.1) or else Google's `user_locale` (one tag).
    public var userLocale: String?
    public var nonce: String?
    /// RFC 7636: S256 challenge, nil when none was sent (allowed for confidential clients only).
    public var codeChallenge: String?
    /// OIDC Core §3.1.2.1 `prompt` (space-separated: none, login, consent) and `max_age` in seconds.
    public var prompt: String?
    public var maxAge: Int?
    /// OAuth 2.0 Multiple Response Type Encoding Practices §2.1: `form_post` or nil (the default, `query`).
    public var responseMode: String?
    /// OIDC Core §3.1.2.1 `login_hint`: prefills the login page's email.
    public var loginHint: String?

    /// The response modes served (OAuth 2.0 Form Post Response Mode §2 adds `form_post`).
    public static let responseModes = ["query", "form_post"]

    /// The pages' language a request asks for (the one owner of this rule): `ui_locales`, else `user_locale`.
    public static func requestedLocale(_ parameters: FormParameters) -> String? {
        parameters["ui_locales"] ?? parameters["user_locale"]
    }

    /// `max_age` (OIDC Core §3.1.2.1) as seconds; nil when it is not a non-negative whole number.
    public static func maxAgeSeconds(_ text: String) -> Int? {
        guard let seconds = Int(text), seconds >= 0 else { return nil }
        return seconds
    }

    /// The `prompt` values sent.
    public var promptValues: Set<String> { Set((prompt ?? "").split(separator: " ").map(String.init)) }

    public init(
        clientID: String, redirectURI: String, state: String?, scope: [String], userLocale: String?,
        nonce: String?, codeChallenge: String?, prompt: String? = nil, maxAge: Int? = nil,
        responseMode: String? = nil, loginHint: String? = nil
    ) {
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.state = state
        self.scope = scope
        self.userLocale = userLocale
        self.nonce = nonce
        self.codeChallenge = codeChallenge
        self.prompt = prompt
        self.maxAge = maxAge
        self.responseMode = responseMode
        self.loginHint = loginHint
    }
}

/// Building the response back to the client (RFC 6749 §4.1.2, §4.1.2.1): a redirect with a query, or
/// with `response_mode=form_post` a form the browser posts (OAuth 2.0 Form Post Response Mode §2).
/// Both carry `iss` (RFC 9207 §2), success and error alike.
enum AuthorizationResponse {
    static func success(_ request: AuthorizationRequest, code: String, issuer: String) -> InteractionAction {
        reply(request.redirectURI, mode: request.responseMode, [("code", code)] + stateItem(request.state), issuer)
    }

    static func error(
        _ error: OAuthError, redirectURI: String, state: String?, mode: String?, issuer: String
    ) -> InteractionAction {
        reply(
            redirectURI, mode: mode,
            [("error", error.code.rawValue), ("error_description", error.description)] + stateItem(state), issuer)
    }

    static func error(_ error: OAuthError, for request: AuthorizationRequest, issuer: String) -> InteractionAction {
        self.error(error, redirectURI: request.redirectURI, state: request.state, mode: request.responseMode,
                   issuer: issuer)
    }

    private static func reply(_ redirectURI: String, mode: String?, _ items: [(String, String)], _ issuer: String)
        -> InteractionAction
    {
        let all = items + [("iss", issuer)]
        guard mode.sameBytes("form_post") else { return .redirect(url(redirectURI, all)) }
        return .formPost(FormPostResponse(action: redirectURI, fields: all.map { FormField(name: $0.0, value: $0.1) }))
    }

    private static func stateItem(_ state: String?) -> [(String, String)] {
        state.map { [("state", $0)] } ?? []
    }

    /// Appends to any query the registered URI already has (RFC 6749 §3.1.2: it MUST be retained).
    static func url(_ base: String, _ items: [(String, String)]) -> String {
        let query = FormParameters(items.map { (name: $0.0, value: $0.1) }).encoded
        return base + (base.contains("?") ? "&" : "?") + query
    }
}

/// OAuth 2.0 Form Post Response Mode §2: the authorization response's parameters, posted by the browser
/// to the redirect URI as `application/x-www-form-urlencoded`.
public struct FormPostResponse: Sendable, Equatable {
    public var action: String
    public var fields: [FormField]
}

public struct FormField: Sendable, Equatable {
    public var name: String
    public var value: String
}
