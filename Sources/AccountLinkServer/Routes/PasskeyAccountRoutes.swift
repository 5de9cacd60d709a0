import HTTPServer
import Identity
import OAuthCore
import Pages
import Support

/// The passkeys section of `/account` (docs/passkeys.md, The web pages): its view model, and adding,
/// renaming and removing, each with the session and the account page's CSRF field. Rules are Identity's.
extension AccountPageRoutes {
    /// The section `AccountPage` embeds; adding is offered only where adding a method is allowed.
    func passkeysSection(_ passkeys: [Passkey], csrfToken: String, canAdd: Bool) -> PasskeysSection {
        let items = passkeys.map {
            PasskeysSection.Item(credentialID: $0.credentialID, name: $0.name, createdAt: $0.createdAt,
                                 lastUsedAt: $0.lastUsedAt, synced: $0.backedUp)
        }
        return PasskeysSection(items: items, csrfToken: csrfToken, canAdd: canAdd)
    }

    /// `POST /account/passkeys/options` (`csrf_token`) → `{"flow_id","publicKey"}` for this account.
    func passkeyAddOptions(_ request: HTTPRequest) async -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(_, let account, _) = check else { return answer(check) }
        return passkeyJSON { try PasskeyRegistrationFlow(context: passkeys).options(accountID: account.id) }
    }

    /// `POST /account/passkeys` (`csrf_token`, `flow_id`, `credential`, `name`?) → back to `/account`.
    func passkeyAdd(_ request: HTTPRequest) async -> HTTPResponse {
        passkeyChange(request, failure: .passkeyNotAdded) { accountID, form in
            try PasskeyRegistrationFlow(context: passkeys).finish(
                accountID: accountID, flowID: form["flow_id"], credential: PasskeyForm.credential(form), name: form["name"])
        }
    }

    /// `POST /account/passkeys/rename` (`csrf_token`, `credential_id`, `name`).
    func passkeyRename(_ request: HTTPRequest) async -> HTTPResponse {
        passkeyChange(request, failure: .passkeyNotChanged) { accountID, form in
            try PasskeyRenaming(context: passkeys).rename(accountID: accountID, credentialID: form["credential_id"] ?? "",
                                                           name: form["name"])
        }
    }

    /// `POST /account/passkeys/remove` (`csrf_token`, `credential_id`): never the last way to sign in.
    func passkeyRemove(_ request: HTTPRequest) async -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(_, let account, let form) = check else { return answer(check) }
        do {
            try signIn.removePasskey(accountID: account.id, credentialID: form["credential_id"] ?? "")
        } catch SignInService.Failure.lastIdentity {
            return errorPage(status: 400, .problemCannotRemove, .msgLastMethod)
        } catch {
            return errorPage(status: 400, .problemCannotRemove, .msgMethodNotRemoved)
        }
        return HTTPResponse.redirect(to: "/account", status: 303).noStore()
    }

    func passkeyChange(_ request: HTTPRequest, failure: Messages.Key,
                       _ change: (String, FormParameters) throws -> Void) -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(_, let account, let form) = check else { return answer(check) }
        do {
            try change(account.id, form)
        } catch {
            let status = OAuthError.from(error).status >= 500 ? 503 : 400
            return errorPage(status: status, .passkeyProblem, failure)
        }
        return HTTPResponse.redirect(to: "/account", status: 303).noStore()
    }
}
