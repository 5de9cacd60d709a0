import Foundation
import HTTPServer
import Identity
import OAuthCore
import Pages
import Support

/// The signed-in person of an account-page request, with the posted form once its CSRF token checked.
enum SignedIn {
    case person(Session, Account, FormParameters)
    /// Not signed in (a redirect to the login page), a failed CSRF check, or the store unreachable.
    case answer(HTTPResponse)
}

extension AccountLinkApp {
    /// The session behind the cookie; for a form (`csrfPurpose` given) also its CSRF token.
    func signedIn(_ request: HTTPRequest, csrfPurpose: String? = nil) -> SignedIn {
        let sessions = WebSessions(environment: environment)
        let found: (Session, Account)?
        do {
            found = try sessions.session(cookie: request.cookies[CookiePolicy.sessionName])
        } catch {
            return .answer(errorPage(status: 503, .problemServer, .msgTryAgain))
        }
        guard let (session, account) = found else {
            return .answer(HTTPResponse.redirect(to: "/login?next=%2Faccount", status: 303).noStore())
        }
        // "Last used" on the account page; at most one write per session in `WebSessions.useGranularity`.
        try? sessions.noteUse(session)
        let form = request.form ?? FormParameters()
        if let csrfPurpose, !sessions.checkCSRF(form["csrf_token"], session, purpose: csrfPurpose) {
            return .answer(errorPage(status: 403, .problemSignIn, .msgFormExpired))
        }
        return .person(session, account, form)
    }

    /// `GET /account`: the account page (Pages/AccountPage.swift; docs/sign-in.md, Lifecycle).
    func accountPage(_ request: HTTPRequest) async -> HTTPResponse {
        let check = signedIn(request)
        guard case .person(let session, let account, _) = check else { return answer(check) }
        return accountPageResponse(200, session: session, account: account,
                                   notice: accountNotice(request.query["changed"], locale: pageLocale()))
    }

    /// The account page for this session, with `notice` on top or a refused form's error beside its field.
    func accountPageResponse(_ status: Int, session: Session, account: Account, notice: String? = nil,
                             formError: AccountPage.FormError? = nil) -> HTTPResponse {
        do {
            var page = try accountPageModel(session: session, account: account)
            page.securityNotice = notice
            page.formError = formError
            page.frame = pageFrame(switchURL: "/account")
            return .html(status, page.render()).noStore()
        } catch {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
    }

    func accountPageModel(session: Session, account: Account) throws -> AccountPage {
        let identities = try runtime.storage.identities(accountID: account.id)
        let methods = identities.map { AccountPage.SignInMethod(id: $0.id, provider: $0.provider.rawValue, email: $0.email) }
        let signIns = SignInsFlow(context: accountFlows)
        let apps = try signIns.appSignIns(accountID: account.id)
        let services = try LinkedServices(environment: environment).list(accountID: account.id)
            .filter { service in !apps.contains { $0.grantID.sameBytes(service.grantID) } }
            .map { AccountPage.LinkedService(grantID: $0.grantID, clientName: $0.clientName, scopes: $0.scope,
                                             linkedAt: $0.linkedAt) }
        var page = AccountPage(productName: branding.productName, email: account.email ?? "",
                               name: account.displayName, signInMethods: methods, linkedServices: services,
                               csrfToken: WebSessions(environment: environment).csrfToken(session, purpose: "account"),
                               locale: pageLocale())
        page.logoURL = branding.logoURL
        let providers = Set(methods.map(\.provider))
        if !providers.contains("apple") { page.addAppleURL = branding.appleSignInURL(nil).map { $0 + "?add=1" } }
        if !providers.contains("google") { page.addGoogleURL = branding.googleSignInURL(nil).map { $0 + "?add=1" } }
        page.emailVerified = account.emailVerified
        page.addingMethodsBlocked = UnprovenAccountRule.isUnproven(account)
        page.passkeys = try passkeysSection(accountID: account.id, csrfToken: page.csrfToken,
                                            canAdd: !page.addingMethodsBlocked)
        page.signIns = try signIns.sessions(accountID: account.id, current: session).map {
            AccountPage.SignIn(kind: .web(ref: $0.ref, userAgent: $0.origin.userAgent), ipAddress: $0.origin.ipAddress,
                               lastUsedAt: $0.lastUsedAt, isCurrent: $0.isCurrent)
        } + apps.map {
            AccountPage.SignIn(kind: .app(grantID: $0.grantID, appName: $0.clientName), ipAddress: $0.origin.ipAddress,
                               lastUsedAt: $0.lastUsedAt)
        }
        return page
    }

    /// `POST /account/unlink`: revokes that grant; Google then gets `invalid_grant` and shows the link broken.
    func unlink(_ request: HTTPRequest) async -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(_, let account, let form) = check else { return answer(check) }
        do {
            // Audited by the flow (LinkedServices.unlink), in its transaction.
            _ = try LinkedServices(environment: environment).unlink(grantID: form["grant_id"] ?? "", accountID: account.id)
        } catch {
            return errorPage(status: error.status, .problemUnlinkFailed, .msgUnlinkFailed, code: error.code.rawValue)
        }
        return HTTPResponse.redirect(to: "/account", status: 303).noStore()
    }

    /// `GET /account/delete/confirm`.
    func deleteConfirm(_ request: HTTPRequest) async -> HTTPResponse {
        let check = signedIn(request)
        guard case .person(let session, let account, _) = check else { return answer(check) }
        var page = DeleteAccountConfirmPage(email: account.email ?? "",
                                            csrfToken: WebSessions(environment: environment).csrfToken(session, purpose: "delete"),
                                            locale: pageLocale())
        page.frame = pageFrame(switchURL: "/account/delete/confirm")
        return .html(200, page.render()).noStore()
    }

    /// `POST /account/delete`: with the app's Bearer token (JSON answer), or session + CSRF (page).
    func deleteAccount(_ request: HTTPRequest) async -> HTTPResponse {
        if TokenService.bearerToken(fromAuthorization: request.header("Authorization")) != nil {
            do {
                let bearer = try await appAccount.bearer(request.header("Authorization"))
                let report = try await runtime.deletion.delete(accountID: bearer.account.id)
                return .json(200, raw: #"{"deleted":true,"grants_revoked":\#(report.grantsRevoked)}"#).noStore()
            } catch {
                return http(OAuthError.from(error).response)
            }
        }
        let check = signedIn(request, csrfPurpose: "delete")
        guard case .person(_, let account, _) = check else { return answer(check) }
        do {
            _ = try await runtime.deletion.delete(accountID: account.id)
        } catch {
            return errorPage(status: 503, .problemServer, .msgNotDeleted)
        }
        return errorPage(status: 200, .problemAccountDeleted, .msgAccountDeleted)
            .adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
    }
}

extension AccountLinkApp {
    func answer(_ check: SignedIn) -> HTTPResponse {
        if case .answer(let response) = check { return response }
        return HTTPResponse.redirect(to: "/account", status: 303).noStore()
    }
}

extension AccountLinkApp {
    /// `POST /account/methods/remove`: drops a sign-in method that is not the account's last
    /// (its stored Apple token is queued for revocation).
    func removeMethod(_ request: HTTPRequest) async -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(_, let account, let form) = check else { return answer(check) }
        do {
            // Audited by the flow (SignInService.removeIdentity), in its transaction.
            try runtime.identity.signIn.removeIdentity(accountID: account.id, identityID: form["method_id"] ?? "")
        } catch SignInService.Failure.lastIdentity {
            return errorPage(status: 400, .problemCannotRemove, .msgLastMethod)
        } catch {
            return errorPage(status: 400, .problemCannotRemove, .msgMethodNotRemoved)
        }
        return HTTPResponse.redirect(to: "/account", status: 303).noStore()
    }
}
