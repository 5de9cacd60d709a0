import HTTPServer
import Identity
import OAuthCore
import Pages
import Support

/// Sign-out-everywhere on the account page (docs/accounts-and-email.md, "Taking over an account through its
/// lifecycle"). HTTP translation only; the rule is Identity's `SignOutEverywhereFlow`.
extension AccountPageRoutes {
    /// Ends this session too: the browser is signed out with the rest.
    func signOutEverywhere(_ request: HTTPRequest) -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(_, let account, _) = check else { return answer(check) }
        do {
            try SignOutEverywhereFlow(context: accountFlows).run(accountID: account.id)
        } catch {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        let done = AccountFormPage(productName: branding.productName, logoURL: branding.logoURL,
                                   title: .signOutEverywhere, intro: .signedOutEverywhereBody,
                                   links: [(.signIn, "/login")], locale: pageLocale())
        return page(200, done.render()).adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
    }
}
