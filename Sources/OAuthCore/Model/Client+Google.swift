import Foundation

extension Client {
    /// Registered for Google: App Flip, or a redirect URI on Google's account-linking hosts
    /// (https://developers.google.com/identity/account-linking/google-api-reference, `/r/PROJECT`;
    /// https://developers.google.com/identity/account-linking/app-flip-ios, `/a/BUNDLE`). Such a client gets
    /// Google's consent page (https://developers.home.google.com/cloud-to-cloud/project/authorization); any
    /// other client gets its own.
    public var isRegisteredForGoogle: Bool {
        appFlip || redirectURIs.contains { uri in
            guard let url = URLComponents(string: uri), url.scheme == "https", let host = url.host else { return false }
            return AppFlipRedirect.hosts.containsBytes(host)
        }
    }
}
