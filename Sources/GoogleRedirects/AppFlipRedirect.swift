/// The one App Flip redirect-URI rule, shared by the app (AppFlipKit) and the server (OAuthCore's
/// App Flip endpoint): `redirect_uri` must be exactly
/// `https://oauth-redirect(-sandbox).googleusercontent.com/a/GOOGLE_APP_BUNDLE_ID`
/// (https://developers.google.com/identity/account-linking/app-flip-ios, "Modify your iOS app").
///
/// The string is checked as written, not through a URL parser, so that parsers that disagree
/// about `@`, `\`, empty ports or percent escapes cannot be played against each other.
public enum AppFlipRedirect {
    /// Why a `redirect_uri` is not one of Google's App Flip redirect URIs.
    public enum Problem: Error, Equatable, Sendable {
        case notHTTPS
        case userInfo
        case port
        case host
        case path
        /// None of Google's redirect URIs has a query; the answer's parameters are the only query.
        case query
        /// RFC 6749 §3.1.2: a redirection endpoint MUST NOT include a fragment.
        case fragment
    }

    /// True when `uri` matches Google's App Flip redirect pattern.
    public static func isGoogleAppFlipRedirect(_ uri: String) -> Bool {
        check(uri) == nil
    }

    /// The first problem found in `uri`, or nil when it is a valid App Flip redirect URI.
    public static func check(_ uri: String) -> Problem? {
        let scheme = "https://"
        guard uri.hasPrefix(scheme) else { return .notHTTPS }
        let rest = uri.dropFirst(scheme.count)
        if rest.contains("#") { return .fragment }
        let beforeQuery = rest.prefix { $0 != "?" }
        let authority = beforeQuery.prefix { $0 != "/" && $0 != "\\" }
        if authority.contains("@") { return .userInfo }
        if authority.contains(":") { return .port }
        guard GoogleRedirectURIs.hosts.contains(where: { $0.utf8.elementsEqual(authority.utf8) }) else {
            return .host
        }
        guard isBundlePath(beforeQuery.dropFirst(authority.count)) else { return .path }
        return beforeQuery.count == rest.count ? nil : .query
    }

    /// `/a/` followed by exactly one non-empty segment of letters, digits, dots and hyphens
    /// (a bundle ID; a percent escape is refused, never decoded).
    static func isBundlePath(_ path: Substring) -> Bool {
        guard path.hasPrefix("/a/") else { return false }
        let bundle = path.dropFirst(3)
        return !bundle.isEmpty
            && bundle.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
                    return true
                default:
                    return false
                }
            }
    }
}
