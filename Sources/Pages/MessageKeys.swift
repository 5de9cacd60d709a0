extension Messages {
    /// Every text the pages show. Placeholders are `{name}`. Each language table has every key
    /// (`MessagesTests.everyLanguageIsComplete`).
    public enum Key: String, CaseIterable, Sendable {
        case signInTitle, email, password, signIn, signInFailed, or
        case signInWithApple, signInWithGoogle
        case consentTitle, consentIntro, consentAuthorization, consentDataHeading, consentNoData
        case consentPrivacy, consentUnlink, consentSignedInAs, useAnotherAccount
        case agreeAndLink, cancel
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
        // OIDC Core §11 offline_access; the form_post page (OAuth 2.0 Form Post Response Mode §2).
        case scopeOfflineAccess, formPostTitle, formPostBody
        case signInThrottledMinute, signInThrottledMinutes
        case errorCode, msgUnknownClient, msgUnknownRedirect, msgBadRequest, msgAccountUnavailable
        case msgUnlinkFailed
        case landingTitle, landingIntro, goToAccount, notFoundTitle, notFoundText, goHome
        // Accounts and email (docs/accounts-and-email.md).
        case signUpTitle, signUpLink, forgotLink, nameOptional, createAccount, passwordRules
        case checkInboxTitle, checkInboxBody, continueLabel, verifyTitle, verifyBody, verifyButton
        case verifiedTitle, verifiedBody, linkInvalidTitle, linkInvalidBody, forgotTitle, forgotBody
        case sendLink, forgotSentBody, resetTitle, newPassword, setPassword, resetDoneTitle
        case resetDoneBody, currentPassword, changePasswordHeading, changeEmailHeading, newEmail, emailNotVerified
        case resendVerification, emailChangeSentBody, passwordChangedBody, pwTooShort, pwTooLong, pwCommon
        case pwEqualsEmail, invalidEmail, wrongCurrentPassword, signUpClosed, tooManyRequests, mailVerifySubject
        case mailVerifyBody, mailVerifyButton, mailIgnore, mailExistsSubject, mailExistsBody, mailResetSubject
        case mailResetBody, mailResetButton, mailPasswordChangedSubject, mailPasswordChangedBody, mailNewEmailSubject, mailNewEmailBody
        case mailChangeNoticeSubject, mailChangeNoticeBody, mailFooter, mailUnknownDevice
        // The account-lifecycle rules (docs/accounts-and-email.md, "Taking over an account through its lifecycle").
        case madeWith, notMeButton, notMeDoneTitle, notMeDoneBody, mailVerifyNewAccountBody, mailCancelChangeButton
        case cancelChangeTitle, cancelChangeBody, cancelChangeDoneBody, emailChangeNeedsPassword, msgEmailUnverified
        case resetDoneRemovedBody, mailPasswordResetRemovedBody, signOutEverywhere, signedOutEverywhereBody
        // App Flip's error_description, read by the person in Google's app (Messages+AppFlipTexts.swift).
        case appFlipInvalidRequest, appFlipCancelled, appFlipAccessDenied, appFlipUnrecoverable, appFlipTryLater
        // The account page (Messages+AccountPageTexts.swift): email state, sessions and app sign-ins, danger zone.
        case accountEmailHeading, emailVerifiedBadge, sessionsHeading, sessionsIntro, thisDevice, lastUsedAt
        case placeIP, placeUnknown, unknownDevice, deviceOn, appSignInLabel, signOutOne, signOutEverywhereHint
        case dangerZone, dangerZoneText, passkeysHeading, passkeyAddedOn, signedOutOneBody, signInGoneBody
        // Passkeys on the web pages (Messages+PasskeyTexts.swift, docs/passkeys.md).
        case passkeySignIn, passkeyFailed, passkeysIntro, passkeyNone, passkeyCreated, passkeyLastUsed
        case passkeyNeverUsed, passkeySynced, passkeyNotSynced, passkeyName, passkeyRename, passkeyAdd, passkeyNotAdded
        case passkeyProblem, passkeyNotChanged, passkeySignUp, passkeySignUpNote, passkeySignUpFailed
    }
}
