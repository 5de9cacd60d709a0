import HTTPServer
import Identity
import OAuthCore

/// `POST /account/sign-ins/end`: signs out one web session (field `session`, the page's reference) or one
/// app sign-in (field `grant`) of the signed-in account (docs/accounts-and-email.md, "Sessions and app
/// sign-ins"). HTTP translation only; the rules are `SignInsFlow`'s. Ending this very session signs the
/// browser out, as Log out does.
extension AccountPageRoutes {
    func endSignIn(_ request: HTTPRequest) -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(let session, let account, let form) = check else { return answer(check) }
        let flow = SignInsFlow(context: accountFlows)
        let ended: Bool
        do {
            if let ref = form["session"] {
                let outcome = try flow.endSession(accountID: account.id, ref: ref, current: session)
                if outcome.wasCurrent {
                    return HTTPResponse.redirect(to: "/login", status: 303).noStore()
                        .adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
                }
                ended = outcome.ended
            } else {
                ended = try flow.endAppSignIn(accountID: account.id, grantID: form["grant"] ?? "")
            }
        } catch {
            logger.error("ending a sign-in failed", ["error": "\(error)"])
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let changed = ended ? "signed-out" : "sign-in-gone"
        return HTTPResponse.redirect(to: "/account?changed=" + changed, status: 303).noStore()
    }
}
