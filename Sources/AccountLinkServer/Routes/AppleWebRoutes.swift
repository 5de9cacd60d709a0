import Foundation
import HTTPServer
import Identity
import JOSE
import OAuthCore
import Pages
import Support

/// Sign in with Apple on the web (specs/sign-in-with-apple.md §6): redirect to Apple's authorize
/// endpoint with `response_mode=form_post`, then Apple POSTs `code`, `id_token`, `state` and, the
/// first time only, `user` to the callback. Apple's POST is cross-site, so SameSite cookies do not
/// come with it: the `state` itself is the key of a short-lived server-side record.
extension AccountLinkApp {
    struct AppleWebState: Codable {
        let rawNonce: String
        let interaction: String?
        /// Set when a signed-in person adds Sign in with Apple to their account ("upgrade").
        let addToAccount: String?
    }

    var appleCallbackURL: String { runtime.configuration.issuerString + "/login/apple/callback" }

    func appleWebStart(_ request: HTTPRequest) async -> HTTPResponse {
        guard let servicesID = runtime.configuration.apple.servicesID else {
            return errorPage(status: 404, title: "Sign-in problem", message: "Sign in with Apple is not enabled.")
        }
        let state = runtime.random.token()
        let rawNonce = runtime.random.token()
        let now = runtime.clock.now()
        let signedIn = try? WebSessions(environment: environment).session(cookie: request.cookies[CookiePolicy.sessionName])
        let record = AppleWebState(rawNonce: rawNonce,
                                   interaction: request.query["interaction"].flatMap { $0.isEmpty ? nil : $0 },
                                   addToAccount: request.query["add"] == "1" ? signedIn?.1.id : nil)
        do {
            try runtime.storage.insertInteraction(Interaction(
                id: "apple:" + OpaqueToken.hash(state), request: Array(try JSONEncoder().encode(record)),
                csrfSecret: runtime.random.bytes(32), createdAt: now, expiresAt: now.addingTimeInterval(600)))
        } catch {
            return errorPage(status: 503, title: "Something went wrong on our side", message: "Try again in a moment.")
        }
        // Apple copies the nonce into the token; we send the SHA-256 hex of a raw value only we know.
        let query = FormParameters([
            ("response_type", "code id_token"), ("response_mode", "form_post"), ("client_id", servicesID),
            ("redirect_uri", appleCallbackURL), ("scope", "name email"), ("state", state),
            ("nonce", Hex.encode(SHA256.hash(rawNonce))),
        ])
        let base = runtime.configuration.apple.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        return HTTPResponse.redirect(to: base + "/auth/authorize?" + query.encoded).noStore()
    }

    func appleWebCallback(_ request: HTTPRequest) async -> HTTPResponse {
        guard let form = request.form, let state = form["state"], !state.isEmpty,
              let record = takeAppleState(state)
        else { return errorPage(status: 400, title: "Sign-in problem", message: "This sign-in has expired. Start again.") }
        if form["error"] != nil {
            return HTTPResponse.redirect(to: "/login", status: 303).noStore()
        }
        guard let verifier = runtime.identity.appleVerifier, let idToken = form["id_token"] else {
            return errorPage(status: 400, title: "Sign-in problem", message: "Apple did not send an identity token.")
        }
        do {
            let identity = try await verifier.verify(idToken, rawNonce: record.rawNonce)
            if let accountID = record.addToAccount {
                _ = try await runtime.identity.signIn.addIdentity(
                    to: accountID, provider: .apple, identity: identity, appleAuthorizationCode: form["code"],
                    appleRedirectURI: appleCallbackURL)
                runtime.audit("identity.added", accountID: accountID, detail: "provider=apple")
                return HTTPResponse.redirect(to: "/account", status: 303).noStore()
            }
            let outcome = try await runtime.identity.signIn.signIn(
                provider: .apple, identity: identity, names: Self.appleNames(form["user"]),
                appleAuthorizationCode: form["code"], appleRedirectURI: appleCallbackURL)
            switch outcome {
            case .signedIn(let accountID, _):
                if let interaction = record.interaction {
                    return http(AuthorizationFlow(environment: environment)
                        .handle(.signedInElsewhere(interactionID: interaction, accountID: accountID)))
                }
                let cookie = try WebSessions(environment: environment).startSession(accountID: accountID)
                return HTTPResponse.redirect(to: "/account", status: 303).noStore()
                    .adding("Set-Cookie", cookiePolicy.session(cookie))
            case .linkRequired(let linkToken, let email):
                let login = runtime.random.token()
                let page = LinkAccountPage(productName: branding.productName, logoURL: branding.logoURL, email: email,
                                           csrfToken: loginCSRF(login), linkToken: linkToken)
                return HTTPResponse.html(200, page.render()).noStore()
                    .adding("Set-Cookie", cookiePolicy.set(CookiePolicy.loginName, login, expires: nil))
            }
        } catch let error as JOSEError {
            runtime.logger.info("apple web sign-in refused", ["reason": error.reason])
            return errorPage(status: 400, title: "Sign-in problem", message: "Sign in with Apple could not be verified.")
        } catch {
            let oauth = OAuthError.from(error)
            return errorPage(status: oauth.status >= 500 ? oauth.status : 400, title: "Sign-in problem",
                             message: "Sign in with Apple could not be completed.")
        }
    }

    /// Single use: the record goes as it is read.
    func takeAppleState(_ state: String) -> AppleWebState? {
        let id = "apple:" + OpaqueToken.hash(state)
        guard let record = try? runtime.storage.interaction(id: id) else { return nil }
        try? runtime.storage.deleteInteraction(id: id)
        guard record.expiresAt > runtime.clock.now() else { return nil }
        return try? JSONDecoder().decode(AppleWebState.self, from: Data(record.request))
    }

    /// Apple's `user` JSON `{"name":{"firstName","lastName"},"email"}` comes from the browser: keep
    /// short plain strings only (it is escaped again when shown).
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
