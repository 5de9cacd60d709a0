import Foundation
import HTTPServer
import Identity
import JOSE
import OAuthCore
import Support

/// Google Sign-In on the web, as HTTP; the flow is Identity's `GoogleWebSignIn`, whose `GoogleClient`
/// redeems the code (https://developers.google.com/identity/openid-connect/openid-connect#server-flow).
extension AccountLinkApp {
    var googleCallbackURL: String { runtime.configuration.issuerString + "/login/google/callback" }

    func googleWebStart(_ request: HTTPRequest) async -> HTTPResponse {
        let google = runtime.configuration.google
        guard google.webEnabled, let clientID = google.webClientID else {
            return errorPage(status: 404, .problemSignIn, .msgGoogleOff)
        }
        let verifier = runtime.random.token(byteCount: 48)
        guard let (started, cookie) = try? beginWebSignIn(request, provider: "google", codeVerifier: verifier) else {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let query = FormParameters([
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", googleCallbackURL),
            ("scope", "openid email profile"), ("state", started.state), ("nonce", started.record.rawNonce),
            ("code_challenge", PKCE.challenge(verifier: verifier)), ("code_challenge_method", "S256"),
        ])
        return HTTPResponse.redirect(to: Self.redirectURL(google.authorizationURL, query)).noStore()
            .adding("Set-Cookie", cookie)
    }

    func googleWebCallback(_ request: HTTPRequest) async -> HTTPResponse {
        guard let record = takeWebSignIn(request.query["state"], provider: "google", request: request) else { return expiredWebSignIn() }
        if request.query["error"] != nil { return HTTPResponse.redirect(to: "/login", status: 303).noStore() }
        guard let code = request.query["code"], let flow = runtime.identity.googleWebSignIn else {
            return errorPage(status: 400, .problemSignIn, .msgGoogleNoCode)
        }
        do {
            return try webSignInAnswer(try await flow.callback(record, code: code, redirectURI: googleCallbackURL))
        } catch {
            return webSignInFailed(error, provider: "google")
        }
    }
}
