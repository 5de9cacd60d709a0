import HTTPServer
import Identity
import OAuthCore
import Pages
import Support

/// The account page's password and email forms (docs/accounts-and-email.md).
extension AccountPageRoutes {
    func changePassword(_ request: HTTPRequest) -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(let session, let account, let form) = check else { return answer(check) }
        do {
            // Every other session and app sign-in ends; this session stays (PasswordChangeFlow).
            try PasswordChangeFlow(context: accountFlows).change(
                accountID: account.id, currentPassword: form["current_password"] ?? "",
                newPassword: form["new_password"] ?? "", locale: pageLocale(), keepingSession: session)
        } catch PasswordChangeFlow.Failure.wrongCurrentPassword {
            return refusedOnPage(400, session, account, .currentPassword, .wrongCurrentPassword)
        } catch PasswordChangeFlow.Failure.throttled {
            return refusedOnPage(429, session, account, .currentPassword, .tooManyRequests)
        } catch PasswordChangeFlow.Failure.password(let violation) {
            let (status, key, values) = ErrorWording.describe(violation)
            return refusedOnPage(status, session, account, .newPassword, key, values)
        } catch {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        return HTTPResponse.redirect(to: "/account?changed=password", status: 303).noStore()
    }

    /// Asks for the current password unless the session signed in within `EmailChangeFlow.recentSignIn`.
    func changeEmail(_ request: HTTPRequest) -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(let session, let account, let form) = check else { return answer(check) }
        do {
            try EmailChangeFlow(context: accountFlows).request(
                accountID: account.id, newEmail: form["new_email"] ?? "", currentPassword: form["current_password"],
                signedInAt: session.authTime, locale: pageLocale())
        } catch let failure as EmailChangeFlow.Failure {
            return changeEmailRefused(failure, session, account, typed: form["new_email"] ?? "")
        } catch {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        return HTTPResponse.redirect(to: "/account?changed=email", status: 303).noStore()
    }

    /// The account page again, the refusal beside the field it is about and the typed address kept.
    func changeEmailRefused(_ failure: EmailChangeFlow.Failure, _ session: Session, _ account: Account,
                            typed: String) -> HTTPResponse {
        let (status, field, key): (Int, AccountPage.FormError.Field, Messages.Key) = switch failure {
        case .invalidEmail: (400, .newEmail, .invalidEmail)
        case .reauthenticationRequired: (403, .emailCurrentPassword, .emailChangeNeedsPassword)
        case .wrongCurrentPassword: (400, .emailCurrentPassword, .wrongCurrentPassword)
        case .throttled: (429, .newEmail, .tooManyRequests)
        case .invalidLink: (400, .newEmail, .linkInvalidBody)
        }
        return refusedOnPage(status, session, account, field, key, keptEmail: typed)
    }

    /// A refused account-page form: the page again with `key` beside `field` (never a page of its own).
    func refusedOnPage(_ status: Int, _ session: Session, _ account: Account, _ field: AccountPage.FormError.Field,
                       _ key: Messages.Key, _ values: [String: String] = [:], keptEmail: String = "") -> HTTPResponse {
        let message = Messages(locale: pageLocale()).text(key, values)
        return accountPageResponse(status, session: session, account: account,
                                   formError: AccountPage.FormError(field: field, message: message, keptEmail: keptEmail))
    }

    func resendVerification(_ request: HTTPRequest) -> HTTPResponse {
        let check = signedIn(request, csrfPurpose: "account")
        guard case .person(_, let account, _) = check else { return answer(check) }
        do {
            try EmailVerificationFlow(context: accountFlows).resend(accountID: account.id, locale: pageLocale())
        } catch {
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
        return HTTPResponse.redirect(to: "/account?changed=verification", status: 303).noStore()
    }
}

extension AccountPageRoutes {
    /// The line the account page shows after a change (from the redirect's `changed=`).
    func accountNotice(_ changed: String?, locale: String?) -> String? {
        let m = Messages(locale: locale)
        switch changed {
        case "password": return m[.passwordChangedBody]
        case "email": return m.text(.emailChangeSentBody, ["email": m[.newEmail]])
        case "verification": return m.text(.checkInboxTitle)
        case "signed-out": return m[.signedOutOneBody]
        case "sign-in-gone": return m[.signInGoneBody]
        default: return nil
        }
    }
}
