/// What a provider's REST endpoint (Apple's `/auth/*`, Google's token and revoke endpoints) answered: the
/// one error type of `ProviderEndpoint`. A provider's `{"error": CODE}` refusal
/// (https://developer.apple.com/documentation/signinwithapplerestapi/errorresponse, RFC 6749 §5.2) is
/// permanent for that request; network failures, 429 and 5xx are `temporary` and must never turn into
/// `invalid_grant` on our wire (docs/architecture.md, Decisions).
public enum ProviderCallError: Error, Equatable, CustomStringConvertible {
    /// The provider refused the request (HTTP 4xx with an error body).
    case rejected(ProviderErrorCode, description: String?)
    /// The provider could not be reached, timed out, throttled us or failed (5xx): try again later.
    case temporary(String)
    /// A 2xx whose body is not what the endpoint promises, or an `id_token` that does not verify.
    case invalidResponse(String)
    /// Our own settings are unusable (no key, lifetime too long, unknown client id).
    case configuration(String)

    public var isTemporary: Bool { if case .temporary = self { true } else { false } }

    public var description: String {
        switch self {
        case .rejected(let code, let text): "refused: \(code.rawValue)" + (text.map { " (\($0))" } ?? "")
        case .temporary(let why): "temporarily unavailable: \(why)"
        case .invalidResponse(let why): "unexpected answer: \(why)"
        case .configuration(let why): "provider client configuration: \(why)"
        }
    }
}

/// An `error` value of a provider's refusal, parsed tolerantly: RFC 6749 §5.2's codes, RFC 7009 §2.2.1's
/// `unsupported_token_type`, Google's `invalid_token`; `unknown` for a body without one.
public struct ProviderErrorCode: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public static let invalidRequest: Self = "invalid_request"
    public static let invalidClient: Self = "invalid_client"
    public static let invalidGrant: Self = "invalid_grant"
    public static let unauthorizedClient: Self = "unauthorized_client"
    public static let unsupportedGrantType: Self = "unsupported_grant_type"
    public static let invalidScope: Self = "invalid_scope"
    public static let invalidToken: Self = "invalid_token"
    public static let unknown: Self = "unknown"
}
