import GoogleRedirects
import Foundation

extension Client {
    /// Registered for Google: App Flip, or a redirect URI on Google's account-linking hosts
    /// (google-account-linking.md §1.1, `/r/PROJECT`; §2.1, `/a/BUNDLE`). Such a client gets
    /// Google's consent page (§7); any other client gets its own.
    public var isRegisteredForGoogle: Bool {
        appFlip || redirectURIs.contains { uri in
            guard let url = URLComponents(string: uri), url.scheme == "https", let host = url.host else { return false }
            return GoogleRedirectURIs.hosts.containsBytes(host)
        }
    }
}
