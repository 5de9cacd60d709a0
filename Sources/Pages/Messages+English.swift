extension Messages {
    /// Every message the pages show. Placeholders are `{name}`.
    public enum Key: String, CaseIterable, Sendable {
        case signInTitle, email, password, signIn, signInFailed, or
        case signInWithApple, signInWithGoogle
        case consentTitle, consentIntro, consentAuthorization, consentDataHeading, consentNoData
        case consentPrivacy, consentUnlink, consentSignedInAs, useAnotherAccount
        case agreeAndLink, cancel
        case errorTitle
        case accountTitle, signedInAs, signInMethods, remove, linkedServices, noLinkedServices
        case addApple, addGoogle
        case linkedOn, unlink, deleteAccount, logOut, scopesLabel
        case deleteTitle, deleteWarning, deleteConfirm, keepAccount
        case linkTitle, linkIntro, linkAndSignIn
        case problemAccountDeleted, problemCannotRemove, problemDenied, problemRequest, problemServer, problemSignIn, problemUnlinkFailed
        case msgAccountDeleted, msgAppleNoToken, msgAppleOff, msgFormExpired, msgFormUnreadable, msgGoogleNoCode, msgGoogleOff, msgLastMethod, msgMethodNotRemoved, msgNotCompleted, msgNotDeleted, msgNotVerified, msgNothing, msgSignInExpired, msgTryAgain
    }

    /// English: complete, the fallback for every other table.
    public static let englishTable: [Key: String] = [
        .signInTitle: "Sign in to {product}",
        .email: "Email",
        .password: "Password",
        .signIn: "Sign in",
        // Generic on purpose: never reveal whether the email has an account (OWASP ASVS V2.2).
        .signInFailed: "The email or password is incorrect.",
        .or: "or",
        .signInWithApple: "Sign in with Apple",
        .signInWithGoogle: "Sign in with Google",
        // Google: say the account is linked to Google, not to Google Home or the Assistant.
        .consentTitle: "Link your {product} account to Google",
        .consentIntro: "Google is asking to link to your {product} account.",
        .consentAuthorization: "Once linked, Google will be able to control your devices.",
        .consentDataHeading: "{product} will share with Google, so that Google can do this:",
        .consentNoData: "No personal data beyond your account link.",
        .consentPrivacy: "Google Privacy Policy",
        .consentUnlink: "You can unlink at any time in your account settings.",
        .consentSignedInAs: "Signed in as {email}.",
        .useAnotherAccount: "Use another account",
        .agreeAndLink: "Agree and link",
        .cancel: "Cancel",
        .errorTitle: "Something went wrong",
        .accountTitle: "Your {product} account",
        .signedInAs: "Signed in as {email}",
        .signInMethods: "Sign-in methods",
        .addApple: "Add Sign in with Apple",
        .addGoogle: "Add Sign in with Google",
        .remove: "Remove",
        .linkedServices: "Linked services",
        .noLinkedServices: "No services are linked to your account.",
        .linkedOn: "Linked on {date}",
        .unlink: "Unlink",
        .deleteAccount: "Delete account",
        .logOut: "Log out",
        .scopesLabel: "Access:",
        .deleteTitle: "Delete your account?",
        .deleteWarning:
            "This deletes {email} and unlinks every service, Google included. It cannot be undone.",
        .deleteConfirm: "Delete my account",
        .keepAccount: "Keep my account",
        .linkTitle: "This email already has an account",
        .linkIntro: "{email} already has a {product} account: sign in to link it.",
        .linkAndSignIn: "Sign in and link",
        .problemSignIn: "Sign-in problem",
        .problemServer: "Something went wrong on our side",
        .problemAccountDeleted: "Account deleted",
        .problemCannotRemove: "Cannot remove",
        .problemUnlinkFailed: "Unlink failed",
        .problemRequest: "This link request cannot be completed",
        .problemDenied: "Access denied",
        .msgSignInExpired: "This sign-in has expired. Start again.",
        .msgAccountDeleted: "Your account and everything linked to it were deleted.",
        .msgNotDeleted: "Your account was not deleted. Try again.",
        .msgNotVerified: "The sign-in could not be verified.",
        .msgNotCompleted: "The sign-in could not be completed.",
        .msgFormExpired: "The form has expired. Reload the page and try again.",
        .msgNothing: "Nothing to show.",
        .msgTryAgain: "Try again in a moment.",
        .msgAppleNoToken: "Apple did not send an identity token.",
        .msgGoogleNoCode: "Google did not send a code.",
        .msgFormUnreadable: "The form could not be read. Go back and try again.",
        .msgGoogleOff: "Google Sign-In is not enabled.",
        .msgAppleOff: "Sign in with Apple is not enabled.",
        .msgMethodNotRemoved: "That sign-in method could not be removed.",
        .msgLastMethod: "This is your only way to sign in.",
    ]
}
