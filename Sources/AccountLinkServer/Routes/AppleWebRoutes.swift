import Foundation
import HTTPServer
import Identity
import JOSE
import Support

/// Sign in with Apple on the web, as HTTP; the flow is Identity's `AppleWebSignIn`
/// (https://developer.apple.com/documentation/signinwithapple/configuring-your-webpage-for-sign-in-with-apple).
extension AccountLinkApp {
    var appleCallbackURL: String { runtime.configuration.issuerString + "/login/apple/callback" }

    func appleWebStart(_ request: HTTPRequest) async -> HTTPResponse {
        guard let servicesID = runtime.configuration.apple.servicesID else {
            return errorPage(status: 404, .problemSignIn, .msgAppleOff)
        }
        guard let (started, cookie) = try? beginWebSignIn(request, provider: "apple") else {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let query = FormParameters([
            ("response_type", "code id_token"), ("response_mode", "form_post"), ("client_id", servicesID),
            ("redirect_uri", appleCallbackURL), ("scope", "name email"), ("state", started.state),
            ("nonce", AppleWebSignIn.nonce(started.record)),
        ])
        let authorize = runtime.configuration.apple.baseURL.appendingPathComponent("auth/authorize")
        return HTTPResponse.redirect(to: Self.redirectURL(authorize, query)).noStore().adding("Set-Cookie", cookie)
    }

    func appleWebCallback(_ request: HTTPRequest) async -> HTTPResponse {
        guard let form = request.form, let record = takeWebSignIn(form["state"], provider: "apple", request: request) else {
            return expiredWebSignIn()
        }
        if form["error"] != nil { return HTTPResponse.redirect(to: "/login", status: 303).noStore() }
        guard let verifier = runtime.identity.appleVerifier, let idToken = form["id_token"] else {
            return errorPage(status: 400, .problemSignIn, .msgAppleNoToken)
        }
        do {
            let outcome = try await AppleWebSignIn(verifier: verifier, signIn: runtime.identity.signIn)
                .callback(record, idToken: idToken, code: form["code"], user: form["user"], redirectURI: appleCallbackURL)
            return try webSignInAnswer(outcome)
        } catch {
            return webSignInFailed(error, provider: "apple")
        }
    }
}
