import Foundation
import OAuthCore
import Support

/// The authorization requests that start web sign-in: where the browser is sent at Apple or Google, for a
/// state already stored (`WebSignInStates.begin`).
public enum WebSignInStart {
    /// Apple's authorize endpoint with `code id_token` posted back (`response_mode=form_post`), `name email`,
    /// and the state's hashed nonce (AppleWebSignIn.nonce)
    /// (https://developer.apple.com/documentation/signinwithapple/incorporating-sign-in-with-apple-into-other-platforms).
    public static func apple(baseURL: URL, servicesID: String, redirectURI: String,
                             started: WebSignInStates.Started) -> String {
        url(baseURL.appendingPathComponent("auth/authorize"), FormParameters([
            ("response_type", "code id_token"), ("response_mode", "form_post"), ("client_id", servicesID),
            ("redirect_uri", redirectURI), ("scope", "name email"), ("state", started.state),
            ("nonce", AppleWebSignIn.nonce(started.record)),
        ]))
    }

    /// Google's authorization endpoint: the code flow with PKCE S256 (RFC 7636 §4.2) over `codeVerifier`,
    /// `openid email profile` and the state's nonce
    /// (https://developers.google.com/identity/openid-connect/openid-connect#sendauthrequest).
    public static func google(authorizationURL: URL, clientID: String, redirectURI: String,
                              started: WebSignInStates.Started, codeVerifier: String) -> String {
        url(authorizationURL, FormParameters([
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI),
            ("scope", "openid email profile"), ("state", started.state), ("nonce", started.record.rawNonce),
            ("code_challenge", PKCE.challenge(verifier: codeVerifier)), ("code_challenge_method", "S256"),
        ]))
    }

    /// A new PKCE code verifier, kept in the state record (RFC 7636 §4.1: 43 to 128 characters).
    public static func codeVerifier(_ random: any RandomSource) -> String { random.token(byteCount: 48) }

    static func url(_ base: URL, _ query: FormParameters) -> String {
        base.absoluteString + (base.query == nil ? "?" : "&") + query.encoded
    }
}
