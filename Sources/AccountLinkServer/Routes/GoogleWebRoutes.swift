import Foundation
import HTTPServer
import Identity
import JOSE
import OAuthCore
import Support

/// Google Sign-In on the web, as HTTP; the flow is Identity's `GoogleWebSignIn`, whose `GoogleClient`
/// redeems the code (https://developers.google.com/identity/openid-connect/openid-connect#server-flow).
extension ProviderSignInRoutes {
    var googleCallbackURL: String { issuer + "/login/google/callback" }

    func googleWebStart(_ request: HTTPRequest) async -> HTTPResponse {
        guard google.webEnabled, let clientID = google.webClientID else {
            return errorPage(status: 404, .problemSignIn, .msgGoogleOff)
        }
        let verifier = WebSignInStart.codeVerifier(web.random)
        guard let (started, cookie) = try? beginWebSignIn(request, provider: "google", codeVerifier: verifier) else {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let authorize = WebSignInStart.google(authorizationURL: google.authorizationURL, clientID: clientID,
                                              redirectURI: googleCallbackURL, started: started, codeVerifier: verifier)
        return HTTPResponse.redirect(to: authorize).noStore()
            .adding("Set-Cookie", cookie)
    }

    func googleWebCallback(_ request: HTTPRequest) async -> HTTPResponse {
        guard let record = takeWebSignIn(request.query["state"], provider: "google", request: request) else { return expiredWebSignIn() }
        if request.query["error"] != nil { return HTTPResponse.redirect(to: "/login", status: 303).noStore() }
        guard let code = request.query["code"], let flow = identity.googleWebSignIn else {
            return errorPage(status: 400, .problemSignIn, .msgGoogleNoCode)
        }
        do {
            return try webSignInAnswer(try await flow.callback(record, code: code, redirectURI: googleCallbackURL))
        } catch {
            return webSignInFailed(error, provider: "google")
        }
    }
}
