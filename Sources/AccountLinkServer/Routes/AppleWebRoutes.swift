import Foundation
import HTTPServer
import JOSE
import Support

/// Sign in with Apple on the web
/// (https://developer.apple.com/documentation/signinwithapple/configuring-your-webpage-for-sign-in-with-apple):
/// Apple's authorize endpoint with
/// `response_mode=form_post`; Apple POSTs `code`, `id_token`, `state` and, the first time only,
/// `user` to the callback.
extension AccountLinkApp {
    var appleCallbackURL: String { runtime.configuration.issuerString + "/login/apple/callback" }

    func appleWebStart(_ request: HTTPRequest) async -> HTTPResponse {
        guard let servicesID = runtime.configuration.apple.servicesID else {
            return errorPage(status: 404, .problemSignIn, .msgAppleOff)
        }
        guard let (state, record, cookie) = try? beginWebSignIn(request, provider: "apple") else {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        // Apple copies the nonce into the token; we send the SHA-256 hex of a raw value only we know.
        let query = FormParameters([
            ("response_type", "code id_token"), ("response_mode", "form_post"), ("client_id", servicesID),
            ("redirect_uri", appleCallbackURL), ("scope", "name email"), ("state", state),
            ("nonce", Hex.encode(SHA256.hash(record.rawNonce))),
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
            let identity = try await verifier.verify(idToken, rawNonce: record.rawNonce)
            return try await finishWebSignIn(.apple, identity: identity, record: record, names: Self.appleNames(form["user"]),
                                             appleCode: form["code"], appleRedirectURI: appleCallbackURL)
        } catch {
            return webSignInFailed(error, provider: "apple")
        }
    }

    /// Apple's `user` JSON `{"name":{"firstName","lastName"},"email"}` comes from the browser: keep
    /// short plain strings only (they are escaped again when shown).
    static func appleNames(_ json: String?) -> (given: String?, family: String?)? {
        guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let name = object["name"] as? [String: Any]
        else { return nil }
        func clean(_ value: Any?) -> String? {
            guard let text = (value as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return String(text.filter { !$0.isNewline && $0 != "\u{0}" }.prefix(100))
        }
        return (clean(name["firstName"]), clean(name["lastName"]))
    }
}
