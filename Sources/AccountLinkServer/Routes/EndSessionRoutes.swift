import Foundation
import HTTPServer
import JOSE
import OAuthCore
import Support

/// OpenID Connect RP-Initiated Logout 1.0: `GET /logout` (the discovery's `end_session_endpoint`).
/// The relying party sends `id_token_hint` (an ID token we signed; expired ones are accepted, §2),
/// optionally `post_logout_redirect_uri` with `state` and `client_id`. A post-logout URI must be
/// registered for the client: we accept the client's registered redirect URIs, compared byte for byte.
/// Without a valid hint nobody is signed out (§2: the OP asks the person instead): the browser is
/// sent to the account page, where signing out is one button.
extension AccountLinkApp {
    func endSession(_ request: HTTPRequest) async -> HTTPResponse {
        let query = request.query
        guard let hint = query["id_token_hint"], !hint.isEmpty else {
            return HTTPResponse.redirect(to: "/account", status: 303).noStore()
        }
        // Our signature and issuer; expiry is not checked (§2: an expired ID token is a fine hint).
        guard let claims = runtime.keyRing.verify(hint, issuer: runtime.configuration.issuerString) else {
            return errorPage(status: 400, .problemRequest, .msgBadRequest, code: "invalid_request")
        }
        let audiences = (try? claims.audiences()) ?? []
        let clientID = query["client_id"] ?? audiences.first ?? ""
        guard audiences.containsBytes(clientID) else {
            return errorPage(status: 400, .problemRequest, .msgUnknownClient, code: "invalid_request")
        }
        var target = "/login"
        if let uri = query["post_logout_redirect_uri"] {
            guard let client = try? runtime.storage.client(id: clientID),
                client.redirectURIs.containsBytes(uri)
            else {
                return errorPage(status: 400, .problemRequest, .msgUnknownRedirect, code: "invalid_request")
            }
            target = uri + (query["state"].map { (uri.contains("?") ? "&" : "?") + "state=" + FormEncoding.encodeComponent($0) } ?? "")
        }
        endSessionOf(subject: (try? claims.string("sub")) ?? nil, request)
        return HTTPResponse.redirect(to: target, status: 303).noStore()
            .adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
    }

    /// Ends this browser's session when it belongs to the hint's subject.
    private func endSessionOf(subject: String?, _ request: HTTPRequest) {
        let cookie = request.cookies[CookiePolicy.sessionName]
        let sessions = WebSessions(environment: environment)
        guard let subject, let (_, account) = try? sessions.session(cookie: cookie),
            account.id.sameBytes(subject)
        else { return }
        try? sessions.end(cookie: cookie)
        runtime.audit("session.end", accountID: account.id, detail: "RP-initiated logout")
    }
}
