import Foundation
import HTTPServer
import JOSE
import OAuthCore
import Pages
import Support

/// OpenID Connect RP-Initiated Logout 1.0: `GET /logout` (the discovery's `end_session_endpoint`).
/// The relying party sends `id_token_hint` (an ID token we signed; expired ones are accepted, §2),
/// optionally `post_logout_redirect_uri` with `state` and `client_id`. A post-logout URI must be
/// registered for the client: we accept the client's registered redirect URIs, compared byte for byte.
/// Only a hint of this browser's own session (its subject and its `auth_time`) ends the session at
/// once; any other request (no hint, or someone else's ID token) clears nothing: §2 says the OP MUST
/// ask, so a signed-in browser gets a page with a CSRF-protected "Log out" button (`POST /logout`), and
/// a browser without a session is sent on as if it had logged out.
extension AccountLinkApp {
    func endSession(_ request: HTTPRequest) async -> HTTPResponse {
        let query = request.query
        let current = try? WebSessions(environment: environment).session(cookie: request.cookies[CookiePolicy.sessionName])
        guard let hint = query["id_token_hint"], !hint.isEmpty else {
            guard let (session, account) = current else { return HTTPResponse.redirect(to: "/account", status: 303).noStore() }
            return logoutQuestion(session, account)
        }
        // Our signature and issuer; expiry is not checked (§2: an expired ID token is a fine hint).
        guard let claims = runtime.keyRing.verify(hint, issuer: runtime.configuration.issuerString) else {
            return errorPage(status: 400, .problemRequest, .msgBadRequest, code: "invalid_request")
        }
        let target: String
        switch postLogoutTarget(query, claims) {
        case .success(let uri): target = uri
        case .failure(let refusal): return refusal.response
        }
        guard let (session, account) = current else { return HTTPResponse.redirect(to: target, status: 303).noStore() }
        guard Self.hint(claims, isOf: session, account) else { return logoutQuestion(session, account) }
        try? WebSessions(environment: environment).end(cookie: request.cookies[CookiePolicy.sessionName])
        runtime.audit(.sessionEnd, accountID: account.id, detail: "RP-initiated logout")
        return HTTPResponse.redirect(to: target, status: 303).noStore()
            .adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
    }

    /// Where the browser goes afterwards: `/login`, or the registered `post_logout_redirect_uri` with `state`.
    private func postLogoutTarget(_ query: FormParameters, _ claims: JWTClaims) -> Result<String, LogoutRefusal> {
        let audiences = (try? claims.audiences()) ?? []
        let clientID = query["client_id"] ?? audiences.first ?? ""
        guard audiences.containsBytes(clientID) else {
            return .failure(LogoutRefusal(response: errorPage(status: 400, .problemRequest, .msgUnknownClient, code: "invalid_request")))
        }
        guard let uri = query["post_logout_redirect_uri"] else { return .success("/login") }
        guard let client = try? runtime.storage.client(id: clientID), client.redirectURIs.containsBytes(uri) else {
            return .failure(LogoutRefusal(response: errorPage(status: 400, .problemRequest, .msgUnknownRedirect, code: "invalid_request")))
        }
        let state = query["state"].map { (uri.contains("?") ? "&" : "?") + "state=" + FormEncoding.encodeComponent($0) }
        return .success(uri + (state ?? ""))
    }

    /// The hint was issued for this very session: its subject is the session's account and its
    /// `auth_time` (OIDC Core §2) the session's sign-in time, to the second.
    static func hint(_ claims: JWTClaims, isOf session: Session, _ account: Account) -> Bool {
        guard let subject = (try? claims.string("sub")) ?? nil, account.id.sameBytes(subject),
              let authTime = (try? claims.numericDate("auth_time")) ?? nil
        else { return false }
        return authTime == Int64(session.authTime.timeIntervalSince1970.rounded(.down))
    }

    /// RP-Initiated Logout §2: the person is asked; the button posts to `/logout` with the session's CSRF token.
    func logoutQuestion(_ session: Session, _ account: Account) -> HTTPResponse {
        let page = AccountFormPage(
            productName: branding.productName, logoURL: branding.logoURL, title: .logOut, intro: .signedInAs,
            values: ["email": account.email ?? account.displayName ?? ""], action: "/logout",
            csrfToken: WebSessions(environment: environment).csrfToken(session, purpose: "account"),
            submit: .logOut, links: [(.cancel, "/account")], locale: pageLocale())
        return HTTPResponse.html(200, page.render()).noStore()
    }
}

/// A refused logout request's error page.
struct LogoutRefusal: Error {
    let response: HTTPResponse
}
