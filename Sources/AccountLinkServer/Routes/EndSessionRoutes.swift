import Foundation
import HTTPServer
import OAuthCore
import Pages
import Support

/// `GET /logout`: OIDC RP-Initiated Logout 1.0 as OAuthCore's `EndSession` decides it and `WebSessions`
/// ends it; here only the cookie and the pages.
extension ProtocolRoutes {
    func endSession(_ request: HTTPRequest) async -> HTTPResponse {
        let cookie = request.cookies[CookiePolicy.sessionName]
        let current = (try? WebSessions(environment: environment).session(cookie: cookie)) ?? nil
        let (keyRing, issuer, storage) = (keyRing, issuer, environment.storage)
        let rule = EndSession(verifyHint: { keyRing.verify($0, issuer: issuer) }, lookUpClient: { try storage.client(id: $0) })
        switch rule.decide(request.query, current: current.map { ($0.0, $0.1) }) {
        case .ask:
            guard let (session, account) = current else { return HTTPResponse.redirect(to: "/account", status: 303).noStore() }
            return logoutQuestion(session, account)
        case .redirect(let target):
            return HTTPResponse.redirect(to: target, status: 303).noStore()
        case .end(let target):
            if let (session, _) = current {
                try? WebSessions(environment: environment).end(session, detail: "RP-initiated logout")
            }
            return HTTPResponse.redirect(to: target, status: 303).noStore()
                .adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
        case .refuse(let error):
            return errorPage(status: 400, code: error.code.rawValue, reason: error.pageReason)
        }
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
