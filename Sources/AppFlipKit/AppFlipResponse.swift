import Foundation

/// What the app hands back to Google's app by opening the `redirect_uri` with parameters
/// appended (App Flip iOS guide, steps 5 and 6). Every error, too, goes back to the redirect URI
/// so that Google triggers the matching fallback.
public enum AppFlipResponse: Equatable, Sendable {
    /// `code` plus the exact `state` received in the universal link.
    case success(code: String, state: String)
    /// `error`, an optional user-facing `error_description`, and optionally `state`.
    case failure(AppFlipError, description: String? = nil, state: String? = nil)

    /// The parameters in the order they are appended.
    public var parameters: [(name: String, value: String)] {
        switch self {
        case .success(let code, let state):
            return [("code", code), ("state", state)]
        case .failure(let error, let description, let state):
            var pairs: [(name: String, value: String)] = [("error", error.rawValue)]
            if let description { pairs.append(("error_description", description)) }
            if let state { pairs.append(("state", state)) }
            return pairs
        }
    }

    /// `redirectURI` with the parameters appended: after `&` when it already has a query,
    /// otherwise after `?`; values escaped outside RFC 3986 unreserved. Nil when `redirectURI`
    /// is not a URL or has a fragment (RFC 6749 §3.1.2). It does not check that the URI is
    /// Google's: callers answer only a `redirect_uri` that passed `AppFlipRedirect`.
    public func url(appendingTo redirectURI: String) -> URL? {
        guard !redirectURI.contains("#"), URL(string: redirectURI) != nil else { return nil }
        let encoded = AppFlipQuery.encode(parameters)
        let separator: String
        if !redirectURI.contains("?") {
            separator = "?"
        } else if redirectURI.hasSuffix("?") || redirectURI.hasSuffix("&") {
            separator = ""
        } else {
            separator = "&"
        }
        return URL(string: redirectURI + separator + encoded)
    }
}

extension AppFlipRequest {
    /// The return URL carrying `code` and this request's exact `state`.
    public func successURL(code: String) -> URL? {
        AppFlipResponse.success(code: code, state: state).url(appendingTo: redirectURI)
    }

    /// The return URL carrying `error` (and `error_description`, and this request's `state`).
    public func failureURL(_ error: AppFlipError, description: String? = nil) -> URL? {
        AppFlipResponse.failure(error, description: description, state: state)
            .url(appendingTo: redirectURI)
    }
}
