import Support

/// Security events (failed login, throttled, refused token, reuse detected) are log records with
/// one message and an `event` field naming the kind, so that they are logged wherever they happen
/// and the server can count them from the same records (its `/metrics`).
public enum SecurityEvent {
    public static let message = "security event"

    public static let loginFailed = "login_failed"
    public static let loginThrottled = "login_throttled"
    public static let tokenRefused = "token_refused"
    public static let grantRefused = "grant_refused"
    public static let codeReuse = "code_reuse_detected"
    /// A rotated refresh token presented after a later one of its family was used (theft).
    public static let refreshTokenReuse = "refresh_token_reuse_detected"
    /// A rotated refresh token presented again with no later one used: a lost answer, answered with
    /// a fresh pair (RefreshRotation). Logged at info level; counted like the others.
    public static let refreshTokenRetry = "refresh_token_retry"
}

extension Logger {
    /// Logs a security event with `account.id` (`-` when no account is known); inside a request the
    /// logger adds `client_ip` and `request.id` (RequestScope). Never pass a token, code, secret or
    /// password in `fields`.
    public func security(_ kind: String, account: String?, _ fields: [String: String] = [:], level: Level = .warning) {
        var all = fields
        all["event"] = kind
        all["account.id"] = account ?? "-"
        log(level, SecurityEvent.message, all)
    }
}
