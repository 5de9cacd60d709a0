import Foundation
import FoundationNetworking
import HTTPServer
import JOSE
import OAuthCore
import Support

/// Google Sign-In on the web: the authorization-code flow with PKCE and a nonce, then the same
/// ID-token checks as native sign-in (specs/google-account-linking.md §6).
extension AccountLinkApp {
    var googleCallbackURL: String { runtime.configuration.issuerString + "/login/google/callback" }

    func googleWebStart(_ request: HTTPRequest) async -> HTTPResponse {
        let google = runtime.configuration.google
        guard google.webEnabled, let clientID = google.webClientID else {
            return errorPage(status: 404, .problemSignIn, .msgGoogleOff)
        }
        let verifier = runtime.random.token(byteCount: 48)
        guard let (state, record, cookie) = try? beginWebSignIn(request, provider: "google", codeVerifier: verifier) else {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let query = FormParameters([
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", googleCallbackURL),
            ("scope", "openid email profile"), ("state", state), ("nonce", record.rawNonce),
            ("code_challenge", PKCE.challenge(verifier: verifier)), ("code_challenge_method", "S256"),
        ])
        return HTTPResponse.redirect(to: Self.redirectURL(google.authorizationURL, query)).noStore()
            .adding("Set-Cookie", cookie)
    }

    func googleWebCallback(_ request: HTTPRequest) async -> HTTPResponse {
        guard let record = takeWebSignIn(request.query["state"], provider: "google", request: request) else { return expiredWebSignIn() }
        if request.query["error"] != nil { return HTTPResponse.redirect(to: "/login", status: 303).noStore() }
        guard let code = request.query["code"], let verifier = runtime.identity.googleVerifier else {
            return errorPage(status: 400, .problemSignIn, .msgGoogleNoCode)
        }
        do {
            let idToken = try await googleIDToken(code: code, codeVerifier: record.codeVerifier ?? "")
            let identity = try await verifier.verify(idToken, nonce: record.rawNonce)
            return try await finishWebSignIn(.google, identity: identity, record: record, names: nil, appleCode: nil,
                                             appleRedirectURI: nil)
        } catch {
            return webSignInFailed(error, provider: "google")
        }
    }

    struct GoogleTokenResponse: Decodable {
        let id_token: String
    }

    /// Redeems the code at Google's token endpoint with the web client's credentials (RFC 6749 §4.1.3).
    func googleIDToken(code: String, codeVerifier: String) async throws -> String {
        let google = runtime.configuration.google
        var request = URLRequest(url: google.tokenURL, timeoutInterval: 10)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(FormParameters([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", googleCallbackURL),
            ("client_id", google.webClientID ?? ""), ("client_secret", google.webClientSecret ?? ""),
            ("code_verifier", codeVerifier),
        ]).encoded.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw RuntimeError("no HTTP response from Google") }
        guard http.statusCode == 200 else {
            throw http.statusCode >= 500 ? StoreError.unavailable("Google token endpoint \(http.statusCode)")
                : OAuthError.invalidGrant("Google refused the code", detail: "status \(http.statusCode)")
        }
        return try JSONDecoder().decode(GoogleTokenResponse.self, from: data).id_token
    }
}
