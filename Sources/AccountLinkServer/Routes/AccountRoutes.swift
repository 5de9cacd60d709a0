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
        let form = request.form ?? FormParameters()
        if let csrfPurpose, !sessions.checkCSRF(form["csrf_token"], session, purpose: csrfPurpose) {
            return .answer(errorPage(status: 403, .problemSignIn, .msgFormExpired))
        }
        return .person(session, account, form)
    }

    /// `GET /account`: sign-in methods and linked services, with unlink and delete (docs/sign-in.md,
    /// Lifecycle).
    func accountPage(_ request: HTTPRequest) async -> HTTPResponse {
        let check = signedIn(request)
        guard case .person(let session, let account, _) = check else { return answer(check) }
        do {
            let methods = try runtime.storage.identities(accountID: account.id).filter { $0.provider != .passkey }.map {
                AccountPage.SignInMethod(id: $0.id, provider: $0.provider.rawValue, email: $0.email)
            }
            let services = try LinkedServices(environment: environment).list(accountID: account.id).map {
                AccountPage.LinkedService(grantID: $0.grantID, clientName: $0.clientName, scopes: $0.scope,
                                          linkedAt: $0.linkedAt)
            }
            var withLinks = AccountPage(productName: branding.productName, email: account.email ?? "",
                                        name: account.displayName, signInMethods: methods, linkedServices: services,
                                        csrfToken: WebSessions(environment: environment).csrfToken(session, purpose: "account"),
                                        locale: pageLocale())
            let providers = Set(methods.map(\.provider))
            if !providers.contains("apple") { withLinks.addAppleURL = branding.appleSignInURL(nil).map { $0 + "?add=1" } }
            if !providers.contains("google") { withLinks.addGoogleURL = branding.googleSignInURL(nil).map { $0 + "?add=1" } }
            withLinks.emailVerified = account.emailVerified
            withLinks.addingMethodsBlocked = UnprovenAccountRule.isUnproven(account)
            withLinks.passkeys = try passkeysSection(accountID: account.id, csrfToken: withLinks.csrfToken,
                                                     canAdd: !withLinks.addingMethodsBlocked)
            withLinks.securityNotice = accountNotice(request.query["changed"], locale: pageLocale())
            return .html(200, withLinks.render()).noStore()
        } catch {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
    }

    /// `POST /account/unlink`: revokes that grant; Google then gets `invalid_grant` and shows the link broken.
    func unlink(_ request: HTTPRequest) async -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(_, let account, let form) = check else { return answer(check) }
        do {
            _ = try LinkedServices(environment: environment).unlink(grantID: form["grant_id"] ?? "", accountID: account.id)
            runtime.audit("grant.unlinked", accountID: account.id)
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
            try runtime.identity.signIn.removeIdentity(accountID: account.id, identityID: form["method_id"] ?? "")
            runtime.audit("identity.removed", accountID: account.id)
        } catch SignInService.Failure.lastIdentity {
            return errorPage(status: 400, .problemCannotRemove, .msgLastMethod)
        } catch {
            return errorPage(status: 400, .problemCannotRemove, .msgMethodNotRemoved)
        }
        return HTTPResponse.redirect(to: "/account", status: 303).noStore()
    }
}
