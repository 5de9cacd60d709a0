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
        // Accounts and email (issue #10).
        case signUpTitle, signUpLink, forgotLink, nameOptional, createAccount, passwordRules
        case checkInboxTitle, checkInboxBody, continueLabel, verifyTitle, verifyBody, verifyButton
        case verifiedTitle, verifiedBody, linkInvalidTitle, linkInvalidBody, forgotTitle, forgotBody
        case sendLink, forgotSentBody, resetTitle, newPassword, setPassword, resetDoneTitle
        case resetDoneBody, currentPassword, changePasswordHeading, changeEmailHeading, newEmail, emailNotVerified
        case resendVerification, emailChangeSentBody, passwordChangedBody, pwTooShort, pwTooLong, pwCommon
        case pwEqualsEmail, invalidEmail, wrongCurrentPassword, signUpClosed, tooManyRequests, mailVerifySubject
        case mailVerifyBody, mailVerifyButton, mailIgnore, mailExistsSubject, mailExistsBody, mailResetSubject
        case mailResetBody, mailResetButton, mailPasswordChangedSubject, mailPasswordChangedBody, mailNewEmailSubject, mailNewEmailBody
        case mailChangeNoticeSubject, mailChangeNoticeBody, mailFooter
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
        // Accounts and email (issue #10): sign-up, verification, reset, change, mails.
        .signUpTitle: "Create your {product} account",
        .signUpLink: "Create an account",
        .forgotLink: "Forgot your password?",
        .nameOptional: "Name (optional)",
        .createAccount: "Create account",
        .passwordRules: "At least 8 characters. A long phrase you use nowhere else is best.",
        .checkInboxTitle: "Check your email",
        .checkInboxBody: "We sent a mail to {email}. Follow its link to confirm the address.",
        .continueLabel: "Continue",
        .verifyTitle: "Confirm your email address",
        .verifyBody: "Press the button to confirm your email address.",
        .verifyButton: "Confirm",
        .verifiedTitle: "Email address confirmed",
        .verifiedBody: "Thank you. Your email address is confirmed.",
        .linkInvalidTitle: "This link does not work",
        .linkInvalidBody: "The link has expired or was already used. Ask for a new one.",
        .forgotTitle: "Reset your password",
        .forgotBody: "Enter your email address. If it has an account, we send it a link to choose a new password.",
        .sendLink: "Send link",
        .forgotSentBody: "If {email} has an account, a mail with a link is on its way. The link works for one hour.",
        .resetTitle: "Choose a new password",
        .newPassword: "New password",
        .setPassword: "Set password",
        .resetDoneTitle: "Password changed",
        .resetDoneBody: "Your password was changed and you were signed out everywhere. Sign in with the new password.",
        .currentPassword: "Current password",
        .changePasswordHeading: "Change password",
        .changeEmailHeading: "Change email",
        .newEmail: "New email address",
        .emailNotVerified: "Not confirmed yet",
        .resendVerification: "Send the confirmation mail again",
        .emailChangeSentBody: "We sent a link to {email}. Your address changes when you follow it.",
        .passwordChangedBody: "Your password was changed.",
        .pwTooShort: "The password must have at least 8 characters.",
        .pwTooLong: "The password may have at most {max} characters.",
        .pwCommon: "This password is too common. Choose another one.",
        .pwEqualsEmail: "The password must not be your email address.",
        .invalidEmail: "Enter a valid email address.",
        .wrongCurrentPassword: "The current password is incorrect.",
        .signUpClosed: "Sign-up is closed on this server.",
        .tooManyRequests: "Too many requests. Try again later.",
        .mailVerifySubject: "Confirm your email address for {product}",
        .mailVerifyBody: "Confirm that this is your email address to finish setting up your {product} account. The link works once, for 24 hours.",
        .mailVerifyButton: "Confirm email address",
        .mailIgnore: "If you did not ask for this, ignore this mail; nothing will change.",
        .mailExistsSubject: "Someone tried to create a {product} account with your email",
        .mailExistsBody: "Someone tried to sign up for {product} with this email address, which already has an account. If it was you, sign in, or reset your password if you forgot it.",
        .mailResetSubject: "Reset your {product} password",
        .mailResetBody: "Follow this link to choose a new password for {product}. It works once, for one hour.",
        .mailResetButton: "Choose a new password",
        .mailPasswordChangedSubject: "Your {product} password was changed",
        .mailPasswordChangedBody: "The password of your {product} account was just changed. If that was not you, reset your password now.",
        .mailNewEmailSubject: "Confirm your new email address for {product}",
        .mailNewEmailBody: "Confirm that this address should become the email of your {product} account. The link works once, for 24 hours.",
        .mailChangeNoticeSubject: "Your {product} email address is being changed",
        .mailChangeNoticeBody: "Someone asked to change the email address of your {product} account to {email}. It changes only when a link sent there is followed. If that was not you, reset your password.",
        .mailFooter: "This mail was sent by {product}.",
    ]
}
