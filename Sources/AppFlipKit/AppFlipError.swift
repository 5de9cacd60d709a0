/// The four `error` values an app returns to Google's redirect URI (App Flip iOS guide,
/// "Query parameters for Google's universal link").
public enum AppFlipError: String, CaseIterable, Error, Sendable {
    /// Recoverable: the user cannot sign in, the device is offline, a connection timed out.
    case cancelled
    /// Not recoverable: e.g. the account being linked is disabled.
    case unrecoverable
    /// Recoverable: the request parameters are invalid or missing.
    case invalidRequest = "invalid_request"
    /// Not recoverable: the user declined the consent request.
    case accessDenied = "access_denied"

    /// Google's app falls back to linking through the authorization URL (the browser flow)
    /// after a recoverable error and aborts linking after the others (same guide).
    public var isRecoverable: Bool {
        switch self {
        case .cancelled, .invalidRequest: return true
        case .unrecoverable, .accessDenied: return false
        }
    }
}
