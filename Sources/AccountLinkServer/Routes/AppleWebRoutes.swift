import Foundation
import HTTPServer
import Identity
import JOSE
import Support

/// Sign in with Apple on the web, as HTTP; the flow is Identity's `AppleWebSignIn`
/// (https://developer.apple.com/documentation/signinwithapple/configuring-your-webpage-for-sign-in-with-apple).
extension ProviderSignInRoutes {
    var appleCallbackURL: String { issuer + "/login/apple/callback" }

    func appleWebStart(_ request: HTTPRequest) async -> HTTPResponse {
        guard let servicesID = apple.servicesID else {
            return errorPage(status: 404, .problemSignIn, .msgAppleOff)
        }
        guard let (started, cookie) = try? beginWebSignIn(request, provider: "apple") else {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let authorize = WebSignInStart.apple(baseURL: apple.baseURL, servicesID: servicesID,
                                             redirectURI: appleCallbackURL, started: started)
        return HTTPResponse.redirect(to: authorize).noStore().adding("Set-Cookie", cookie)
    }

    func appleWebCallback(_ request: HTTPRequest) async -> HTTPResponse {
        guard let form = request.form, let record = takeWebSignIn(form["state"], provider: "apple", request: request) else {
            return expiredWebSignIn()
        }
        if form["error"] != nil { return HTTPResponse.redirect(to: "/login", status: 303).noStore() }
        guard let verifier = identity.appleVerifier, let idToken = form["id_token"] else {
            return errorPage(status: 400, .problemSignIn, .msgAppleNoToken)
        }
        do {
            let outcome = try await AppleWebSignIn(verifier: verifier, signIn: identity.signIn)
                .callback(record, idToken: idToken, code: form["code"], user: form["user"], redirectURI: appleCallbackURL)
            return try webSignInAnswer(outcome)
        } catch {
            return webSignInFailed(error, provider: "apple")
        }
    }
}
