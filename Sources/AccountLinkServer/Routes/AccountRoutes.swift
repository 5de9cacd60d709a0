import Foundation
import HTTPServer
import Identity
import OAuthCore
import Pages
import Support

/// The account page and its forms (docs/accounts-and-email.md; docs/sign-in.md, Lifecycle): the session
/// and CSRF checked here, the rules Identity's and OAuthCore's (EmailRoutes.swift, LifecycleRoutes.swift,
/// SignInRoutes.swift, PasskeyAccountRoutes.swift).
struct AccountPageRoutes: SessionRoutes {
    let web: WebContext
    let environment: OAuthEnvironment
    let accountFlows: AccountFlowContext
    let signIn: SignInService
    let deletion: AccountDeletionService
    let passkeys: PasskeyContext
    /// The app's Bearer token on `POST /account/delete`.
    let appAccount: AppAccountAPI

    func add(to router: inout Router) {
        router.add("GET", "/account") { [self] in await accountPage($0) }
        router.add("POST", "/account/unlink") { [self] in await unlink($0) }
        router.add("POST", "/account/methods/remove") { [self] in await removeMethod($0) }
        router.add("GET", "/account/delete/confirm") { [self] in await deleteConfirm($0) }
        router.add("POST", "/account/delete/confirm") { [self] in await deleteConfirm($0) }
        router.add("POST", "/account/delete") { [self] in await deleteAccount($0) }
        router.add("POST", "/account/password") { [self] in changePassword($0) }
        router.add("POST", "/account/email") { [self] in changeEmail($0) }
        router.add("POST", "/account/verify-email/resend") { [self] in resendVerification($0) }
        router.add("POST", "/account/sign-out-everywhere") { [self] in signOutEverywhere($0) }
        router.add("POST", "/account/sign-ins/end") { [self] in endSignIn($0) }
        router.add("POST", "/account/passkeys/options") { [self] in await passkeyAddOptions($0) }
        router.add("POST", "/account/passkeys") { [self] in await passkeyAdd($0) }
        router.add("POST", "/account/passkeys/rename") { [self] in await passkeyRename($0) }
        router.add("POST", "/account/passkeys/remove") { [self] in await passkeyRemove($0) }
    }
}

extension AccountPageRoutes {
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
        let overview = try AccountOverview(account: account, session: session, flows: accountFlows,
                                           environment: environment)
        let methods = overview.methods.map { AccountPage.SignInMethod(id: $0.id, provider: $0.provider, email: $0.email) }
        let services = overview.linkedServices.map {
            AccountPage.LinkedService(grantID: $0.grantID, clientName: $0.clientName, scopes: $0.scope, linkedAt: $0.linkedAt)
        }
        var page = AccountPage(productName: branding.productName, email: account.email ?? "",
                               name: account.displayName, signInMethods: methods, linkedServices: services,
                               csrfToken: WebSessions(environment: environment).csrfToken(session, purpose: "account"),
                               locale: pageLocale())
        page.logoURL = branding.logoURL
        let providers = Set(methods.map(\.provider))
        if !providers.contains("apple") { page.addAppleURL = branding.appleSignInURL(nil).map { $0 + "?add=1" } }
        if !providers.contains("google") { page.addGoogleURL = branding.googleSignInURL(nil).map { $0 + "?add=1" } }
        page.emailVerified = account.emailVerified
        page.addingMethodsBlocked = !overview.mayAddMethods
        page.passkeys = passkeysSection(overview.passkeys, csrfToken: page.csrfToken, canAdd: overview.mayAddMethods)
        page.signIns = overview.webSessions.map {
            AccountPage.SignIn(kind: .web(ref: $0.ref, userAgent: $0.origin.userAgent), ipAddress: $0.origin.ipAddress,
                               lastUsedAt: $0.lastUsedAt, isCurrent: $0.isCurrent)
        } + overview.appSignIns.map {
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
                let report = try await deletion.delete(accountID: bearer.account.id)
                return .json(200, raw: #"{"deleted":true,"grants_revoked":\#(report.grantsRevoked)}"#).noStore()
            } catch {
                return http(OAuthError.from(error).response)
            }
        }
        let check = signedIn(request, csrfPurpose: "delete")
        guard case .person(_, let account, _) = check else { return answer(check) }
        do {
            _ = try await deletion.delete(accountID: account.id)
        } catch {
            return errorPage(status: 503, .problemServer, .msgNotDeleted)
        }
        return errorPage(status: 200, .problemAccountDeleted, .msgAccountDeleted)
            .adding("Set-Cookie", cookiePolicy.clear(CookiePolicy.sessionName))
    }
}

extension AccountPageRoutes {
    /// `POST /account/methods/remove`: drops a sign-in method that is not the account's last
    /// (its stored Apple token is queued for revocation).
    func removeMethod(_ request: HTTPRequest) async -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(_, let account, let form) = check else { return answer(check) }
        do {
            // Audited by the flow (SignInService.removeIdentity), in its transaction.
            try signIn.removeIdentity(accountID: account.id, identityID: form["method_id"] ?? "")
        } catch SignInService.Failure.lastIdentity {
            return errorPage(status: 400, .problemCannotRemove, .msgLastMethod)
        } catch {
            return errorPage(status: 400, .problemCannotRemove, .msgMethodNotRemoved)
        }
        return HTTPResponse.redirect(to: "/account", status: 303).noStore()
    }
}
