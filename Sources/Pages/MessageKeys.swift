extension Messages {
    /// Every text the pages show. Placeholders are `{name}`. Each language table has every key
    /// (`MessagesTests.everyLanguageIsComplete`).
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
        // docs/pages.md: the page frame, consent for any client, honest messages, landing and 404.
        case language, footerPrivacy, footerTerms, skipToContent
        case clientConsentTitle, clientConsentIntro, clientConsentDataHeading, clientConsentUnlink, allow
        case scopeOpenID, scopeEmail, scopeProfile, scopeDevices, methodPassword
        case signInThrottledMinute, signInThrottledMinutes
        case errorCode, msgUnknownClient, msgUnknownRedirect, msgBadRequest, msgAccountUnavailable
        case msgUnlinkFailed
        case landingTitle, landingIntro, goToAccount, notFoundTitle, notFoundText, goHome
    }
}
