/// Google's registered redirect URIs for account linking.
///
/// App Flip iOS guide (https://developers.google.com/identity/account-linking/app-flip-ios): the
/// Google Home app uses the `com.google.Chromecast*` URIs and the Google Assistant app the `com.google.OPA*`
/// ones, each on the production and the sandbox host.
public enum GoogleRedirectURIs {
    /// The two hosts Google redirects from (production and sandbox).
    public static let hosts = [
        "oauth-redirect.googleusercontent.com",
        "oauth-redirect-sandbox.googleusercontent.com",
    ]

    /// The bundle ids of Google's apps that perform App Flip.
    public static let appFlipBundleIDs = [
        "com.google.Chromecast", "com.google.Chromecast.dev", "com.google.Chromecast.enterprise",
        "com.google.OPA", "com.google.OPA.dev", "com.google.OPA.enterprise",
    ]

    /// Google's twelve App Flip redirect URIs (`https://HOST/a/BUNDLE_ID`).
    public static let appFlip: [String] = hosts.flatMap { host in
        appFlipBundleIDs.map { "https://\(host)/a/\($0)" }
    }

    /// The two web-flow redirect URIs of a Google Home project (`https://HOST/r/PROJECT_ID`).
    public static func web(project: String) -> [String] {
        hosts.map { "https://\($0)/r/\(project)" }
    }
}
