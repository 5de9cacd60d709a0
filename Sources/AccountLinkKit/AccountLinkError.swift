/// Everything the kit throws. `server` carries AccountLink's RFC 6749 §5.2 answer
/// (`{"error","error_description"}`) so the app can act on the code.
public enum AccountLinkError: Error, Equatable, Sendable {
    /// AccountLink answered with an error code, e.g. `invalid_grant`, `identity_in_use`, `last_method`.
    case server(code: String, description: String?, status: Int)
    /// No tokens are stored, or the refresh token was refused: the person must sign in again.
    case notSignedIn
    /// No answer (offline, timeout, connection refused): retry later.
    case unreachable(String)
    /// An answer that is not AccountLink's JSON.
    case unexpectedResponse(status: Int)

    /// The error code of a server answer.
    public var code: String? {
        if case .server(let code, _, _) = self { return code }
        return nil
    }

    /// Worth retrying the same request later (AccountLink never answers `invalid_grant` for a
    /// temporary failure: docs/sign-in.md).
    public var isTemporary: Bool {
        switch self {
        case .unreachable: true
        case .server(let code, _, let status): code == "temporarily_unavailable" || status >= 500
        case .unexpectedResponse(let status): status >= 500
        case .notSignedIn: false
        }
    }
}
