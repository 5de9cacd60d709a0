import Foundation

/// Google's App Flip return URIs (https://developers.google.com/identity/account-linking/app-flip-ios;
/// README.md CLI `--app-flip`): `https://oauth-redirect(-sandbox).googleusercontent.com/a/BUNDLE`.
public enum AppFlipRedirect {
    public static let hosts = [
        "oauth-redirect.googleusercontent.com", "oauth-redirect-sandbox.googleusercontent.com",
    ]
    public static let bundles = [
        "com.google.Chromecast", "com.google.Chromecast.dev", "com.google.Chromecast.enterprise",
        "com.google.OPA", "com.google.OPA.dev", "com.google.OPA.enterprise",
    ]

    /// The twelve URIs `client add --app-flip` registers.
    public static var registeredURIs: [String] {
        hosts.flatMap { host in bundles.map { "https://\(host)/a/\($0)" } }
    }

    /// True for an https URI on one of Google's hosts with path `/a/BUNDLE` (nothing else), so an
    /// error may be sent back there.
    public static func isGoogleAppFlipURI(_ uri: String) -> Bool {
        guard let url = URLComponents(string: uri), url.scheme == "https", let host = url.host,
            hosts.contains(host), url.port == nil, url.user == nil, url.query == nil, url.fragment == nil
        else { return false }
        let segments = url.path.split(separator: "/", omittingEmptySubsequences: false)
        return segments.count == 3 && segments[0].isEmpty && segments[1] == "a" && !segments[2].isEmpty
    }
}
