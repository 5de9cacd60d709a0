import Foundation

/// Builds the universal link Google's app opens, as Google's App Flip test tool does
/// (`<appFlipLinkAddress>?client_id=…&scope=…&state=…&redirect_uri=…`). Used by the simulator
/// that plays Google's side.
public enum AppFlipLink {
    /// `base` with the four parameters appended (after `&` if `base` already has a query).
    /// Scopes are joined with single spaces (RFC 6749 §3.3) and every value is escaped outside
    /// RFC 3986 unreserved, so a space is sent as `%20` and a `+` as `%2B`.
    public static func make(
        base: URL, clientID: String, scopes: [String], state: String,
        redirectURI: String
    ) -> URL? {
        let pairs: [(name: String, value: String)] = [
            ("client_id", clientID), ("scope", scopes.joined(separator: " ")),
            ("state", state), ("redirect_uri", redirectURI),
        ]
        let text = base.absoluteString
        guard !text.contains("#") else { return nil }
        let separator = !text.contains("?") ? "?" : (text.hasSuffix("?") || text.hasSuffix("&") ? "" : "&")
        return URL(string: text + separator + AppFlipQuery.encode(pairs))
    }
}
