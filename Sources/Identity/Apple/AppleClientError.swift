/// What Apple's REST endpoints answered. Apple's `ErrorResponse` codes
/// (https://developer.apple.com/documentation/signinwithapplerestapi/errorresponse)
/// are permanent for that request; network failures, 429 and 5xx are `temporary` and must never turn
/// into `invalid_grant` on our wire (docs/architecture.md, Decisions).
public enum AppleClientError: Error, Equatable, CustomStringConvertible {
    /// Apple refused the request (HTTP 4xx with an `ErrorResponse`).
    case rejected(AppleErrorCode, description: String?)
    /// Apple could not be reached, timed out, throttled us or failed (5xx): try again later.
    case temporary(String)
    /// A 200 whose body is not a `TokenResponse`, or an `id_token` that does not verify.
    case invalidResponse(String)
    /// Our own settings are unusable (no key, lifetime too long, unknown client id).
    case configuration(String)

    public var isTemporary: Bool { if case .temporary = self { true } else { false } }

    public var description: String {
        switch self {
        case .rejected(let code, let text): "apple refused: \(code.rawValue)" + (text.map { " (\($0))" } ?? "")
        case .temporary(let why): "apple temporarily unavailable: \(why)"
        case .invalidResponse(let why): "unexpected answer from apple: \(why)"
        case .configuration(let why): "apple client configuration: \(why)"
        }
    }
}

/// Apple `ErrorResponse.error` values (https://developer.apple.com/documentation/signinwithapplerestapi/errorresponse).
public enum AppleErrorCode: String, Sendable, Equatable {
    case invalidRequest = "invalid_request"
    case invalidClient = "invalid_client"
    case invalidGrant = "invalid_grant"
    case unauthorizedClient = "unauthorized_client"
    case unsupportedGrantType = "unsupported_grant_type"
    case invalidScope = "invalid_scope"
    /// Anything else, including an unparsable error body (parse tolerantly).
    case unknown
}
