/// The one error type of the protocol core (docs/architecture.md rule 5). `code` is the registered wire value
/// with a fixed HTTP status; `description` is public (sent as `error_description`); `detail` is private
/// (logged, never sent).
public struct OAuthError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, Equatable, CaseIterable {
        // RFC 6749 §4.1.2.1 and §5.2.
        case invalidRequest = "invalid_request"
        case invalidClient = "invalid_client"
        case invalidGrant = "invalid_grant"
        case unauthorizedClient = "unauthorized_client"
        case unsupportedGrantType = "unsupported_grant_type"
        case unsupportedResponseType = "unsupported_response_type"
        case invalidScope = "invalid_scope"
        case accessDenied = "access_denied"
        case serverError = "server_error"
        case temporarilyUnavailable = "temporarily_unavailable"
        // RFC 6750 §3.1 (UserInfo and other Bearer-protected resources).
        case invalidToken = "invalid_token"
        case insufficientScope = "insufficient_scope"
        // RFC 7009 §2.2.1.
        case unsupportedTokenType = "unsupported_token_type"
        // Extension (docs/sign-in.md, Native): a different account owns the verified email.
        case linkRequired = "link_required"
        // App Flip's vocabulary (docs/app-flip-ios.md §4), besides invalid_request/access_denied.
        case cancelled
        case unrecoverable
        // OIDC Core §3.1.2.6: answers to prompt=none.
        case loginRequired = "login_required"
        case consentRequired = "consent_required"
        case interactionRequired = "interaction_required"
        // OIDC Core §3.1.2.6: request objects (§6.1, §6.2) are not supported.
        case requestNotSupported = "request_not_supported"
        case requestURINotSupported = "request_uri_not_supported"

        /// RFC 6749 §5.2: 400 except invalid_client (401); §4.1.2.1 maps the 5xx ones.
        public var status: Int {
            switch self {
            case .invalidClient, .invalidToken, .cancelled: 401
            case .accessDenied, .insufficientScope, .unrecoverable: 403
            case .serverError: 500
            case .temporarilyUnavailable: 503
            default: 400
            }
        }
    }

    public var code: Code
    /// Sent to the client as `error_description` (RFC 6749 §5.2: ASCII, human-readable).
    public var description: String
    /// Logged only; may name the failing check, never a secret.
    public var detail: String
    /// `link_required` only: the token the app presents with the password grant.
    public var linkToken: String?
    /// RFC 6749 §5.2: a 401 answer to a client that used HTTP Basic carries `WWW-Authenticate: Basic`.
    public var clientUsedBasic: Bool
    /// What a person is told on an error page; nil leaves it to the code. The server words each
    /// reason from its message catalog, so no page depends on the English `description`.
    public var pageReason: PageReason?

    public enum PageReason: Sendable, Equatable {
        case unknownClient, unknownRedirectURI, requestExpired, formExpired, accountUnavailable
    }

    /// This error, with the reason an error page gives.
    public func because(_ reason: PageReason) -> OAuthError {
        var tagged = self
        tagged.pageReason = reason
        return tagged
    }

    public init(
        _ code: Code, _ description: String, detail: String = "", linkToken: String? = nil,
        clientUsedBasic: Bool = false
    ) {
        self.code = code
        self.description = description
        self.detail = detail
        self.linkToken = linkToken
        self.clientUsedBasic = clientUsedBasic
        self.pageReason = nil
    }

    public var status: Int { code.status }

    public static func invalidRequest(_ text: String, detail: String = "") -> OAuthError {
        OAuthError(.invalidRequest, text, detail: detail)
    }
    /// A form whose CSRF token does not match (its page is stale): the person is asked to reload.
    public static func formExpired(detail: String) -> OAuthError {
        invalidRequest("the form has expired; reload the page", detail: detail).because(.formExpired)
    }
    public static func invalidClient(
        _ text: String = "client authentication failed", detail: String = "",
        basic: Bool = false
    ) -> OAuthError {
        OAuthError(.invalidClient, text, detail: detail, clientUsedBasic: basic)
    }
    public static func invalidGrant(_ text: String, detail: String = "") -> OAuthError {
        OAuthError(.invalidGrant, text, detail: detail)
    }
    public static func unauthorizedClient(_ text: String, detail: String = "") -> OAuthError {
        OAuthError(.unauthorizedClient, text, detail: detail)
    }
    public static func invalidScope(_ text: String, detail: String = "") -> OAuthError {
        OAuthError(.invalidScope, text, detail: detail)
    }
    public static func serverError(detail: String) -> OAuthError {
        OAuthError(.serverError, "the server could not complete the request", detail: detail)
    }
    public static func linkRequired(linkToken: String, detail: String = "") -> OAuthError {
        OAuthError(
            .linkRequired, "an existing account must be proven before linking", detail: detail,
            linkToken: linkToken)
    }
}
