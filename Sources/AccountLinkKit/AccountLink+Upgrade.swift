import Foundation

/// The calls behind Apple's Account Authentication Modification extension
/// (https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationviewcontroller):
/// from the Passwords settings the person upgrades a saved password account to Sign in with Apple,
/// or to a strong password. The extension first signs in with the saved password (`signIn(email:password:)`),
/// then makes one of these calls with that sign-in.
extension AccountLink {
    /// `POST /api/account/upgrade/apple`: adds this Apple ID and removes the password in one step
    /// (the extension's `convertAccountToSignInWithAppleWithoutUserInteraction`, or the app's
    /// `ASAccountAuthenticationModificationReplacePasswordWithSignInWithAppleRequest`). `nonce` is the one
    /// whose `hashed` value went into the Apple ID request. 409 `identity_in_use` when another account
    /// has that Apple ID; 400 `invalid_request` when this account does not sign in with a password.
    @discardableResult
    public func upgradeToApple(_ credential: AppleCredential, nonce: AppleNonce) async throws -> AccountInfo {
        var form = [("subject_token", credential.identityToken), ("subject_token_type", idTokenType),
                    ("nonce", nonce.raw)]
        if let code = credential.authorizationCode { form.append(("apple_authorization_code", code)) }
        return try await postAccount("/api/account/upgrade/apple", form)
    }

    /// `POST /api/account/password`: the strong-password upgrade (the extension's
    /// `changePasswordWithoutUserInteraction`, or the app's `ASAccountAuthenticationModificationUpgradePasswordToStrongPasswordRequest`)
    /// and the app's plain password change. 400 `invalid_grant`
    /// when `currentPassword` is wrong, `weak_password` when the new one breaks the policy.
    @discardableResult
    public func changePassword(current currentPassword: String, new newPassword: String) async throws -> AccountInfo {
        try await postAccount("/api/account/password",
                              [("current_password", currentPassword), ("new_password", newPassword)])
    }
}
