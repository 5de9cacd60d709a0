import Foundation
import OAuthCore

/// How a sign-in failure reads on the wire, for the token exchange, the web sign-in and the app's account API.
extension SignInService.Failure {
    /// docs/sign-in.md "When a code exchange fails": temporary is 503 (retry the same request); a refused
    /// code or a held Google account is `invalid_grant` with a description the app can show or act on.
    public var oauthError: OAuthError {
        switch self {
        case .providerUnavailable:
            OAuthError(.temporarilyUnavailable, "Apple or Google could not be reached to redeem the code; retry",
                       detail: "\(self)")
        case .authorizationCodeRefused:
            .invalidGrant("the provider refused the authorization code; sign in with the provider again for a new one",
                          detail: "\(self)")
        case .emailUnverified:
            OAuthError(.accessDenied, "confirm the account's email address before adding another way to sign in",
                       detail: "\(self)")
        case .signInHeld:
            .invalidGrant("Google has disabled this Google account; sign in another way", detail: "\(self)")
        default: .invalidGrant("this account cannot sign in", detail: "\(self)").because(.accountUnavailable)
        }
    }
}
