import Foundation
import JOSE
import OAuthCore
import Support

/// The app's side of Apple's Account Authentication Modification extension
/// (https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationviewcontroller):
/// from the Passwords settings, the person turns a saved password account into a Sign in with Apple
/// account (`POST /api/account/upgrade/apple`) or gives it a strong password (`POST /api/account/password`,
/// also the app's plain password change). Each answer is the account JSON or a `Refusal`.
extension AppAccountAPI {
    /// `subject_token` must be a Sign in with Apple identity token, checked exactly as at native sign-in
    /// (nonce required); the Bearer's account must sign in with a password, which the Apple ID replaces.
    public func upgradeToApple(accountID: String, form: FormParameters) async throws -> JSONValue {
        let (provider, identity) = try await check.verify(form)
        guard provider == .apple else {
            throw OAuthError.invalidGrant("the upgrade takes a Sign in with Apple identity token")
        }
        do {
            try await signIn.upgradePasswordToApple(accountID: accountID, identity: identity,
                                                    appleAuthorizationCode: form["apple_authorization_code"])
        } catch let failure as SignInService.Failure {
            throw Self.refusal(failure)
        }
        return try summary(accountID: accountID)
    }

    /// `current_password` and `new_password`: the change of the account page (PasswordChangeFlow),
    /// which checks the current password (throttled) and the policy, ends the account's other sign-ins
    /// but this one (`bearer`'s grant), and sends the owner a notice. Answers the account JSON.
    public func changePassword(_ bearer: TokenService.Bearer, form: FormParameters, flow: PasswordChangeFlow,
                               locale: String?) throws -> JSONValue {
        let accountID = bearer.account.id
        do {
            try flow.change(accountID: accountID, currentPassword: form["current_password"] ?? "",
                            newPassword: form["new_password"] ?? "", locale: locale, keepingGrant: bearer.record.grantID)
        } catch PasswordChangeFlow.Failure.wrongCurrentPassword {
            throw Refusal.wrongCurrentPassword
        } catch PasswordChangeFlow.Failure.throttled {
            throw Refusal.throttled
        } catch PasswordChangeFlow.Failure.password(let violation) {
            throw Refusal.weakPassword(violation)
        } catch PasswordChangeFlow.Failure.accountUnavailable {
            throw OAuthError(.invalidToken, "the account is not active")
        }
        return try summary(accountID: accountID)
    }
}
