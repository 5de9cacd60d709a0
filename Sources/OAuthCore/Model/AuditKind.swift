/// What an audit entry records. The raw values are the strings stored in `audit_events.kind` and shown
/// by `/admin/audit` and `accountlink audit`; never change one (docs/operations.md, Audit). Entries
/// are made only by `AuditRecorder`, the one owner of how an entry is built.
public enum AuditKind: String, Sendable, CaseIterable {
    // Accounts
    case accountCreated = "account.created"
    case accountSignedUp = "account.signed-up"
    case accountSignUpExistingEmail = "account.sign-up-existing-email"
    case accountDeleted = "account.deleted"
    case accountDisabled = "account.disabled"
    case accountEnabled = "account.enabled"
    case accountDisowned = "account.disowned"
    case accountUpgraded = "account.upgraded"
    case accountSignedOutEverywhere = "account.signed-out-everywhere"
    case adminAccountCreated = "admin.account.created"
    case adminAccountDeleted = "admin.account.deleted"
    // Email and passwords
    case emailVerified = "email.verified"
    case emailChanged = "email.changed"
    case accountRenamed = "account.renamed"
    case emailChangeRequested = "email.change-requested"
    case emailChangeCancelled = "email.change-cancelled"
    case passwordChanged = "password.changed"
    case passwordSetByOperator = "password.set-by-operator"
    case passwordResetRequested = "password.reset-requested"
    case passwordReset = "password.reset"
    case mailBudgetSpent = "mail.budget-spent"
    // Sign-in methods
    case identityAdded = "identity.added"
    case identityAutoLinked = "identity.auto-linked"
    case identityLinked = "identity.linked"
    case identityRemoved = "identity.removed"
    case passkeyAdded = "passkey.added"
    case passkeyRemoved = "passkey.removed"
    case passkeySignIn = "passkey.sign_in"
    case passkeyCounterRegressed = "passkey.counter_regressed"
    case loginSuccess = "login.success"
    case loginFailure = "login.failure"
    case appLogout = "app.logout"
    case sessionEnd = "session.end"
    case sessionSignedOut = "session.signed-out"
    case appSignedOut = "app.signed-out"
    // Grants and tokens
    case authorizeAllow = "authorize.allow"
    case authorizeDeny = "authorize.deny"
    case grantUnlink = "grant.unlink"
    case grantRevoked = "grant.revoked"
    case tokenRevoke = "token.revoke"
    case refreshRetry = "refresh.retry"
    case refreshReuse = "refresh.reuse"
    case clientCredentialsIssued = "client_credentials.issued"
    case appFlipAllow = "app_flip.allow"
    case appFlipInvalidRequest = "app_flip.invalid_request"
    case appFlipCancelled = "app_flip.cancelled"
    case appFlipAccessDenied = "app_flip.access_denied"
    case appFlipUnrecoverable = "app_flip.unrecoverable"
    case appFlipServerError = "app_flip.server_error"
    case appFlipTemporarilyUnavailable = "app_flip.temporarily_unavailable"
    // Apple and Google
    case appleNotification = "apple.notification"
    case appleTransferExported = "apple.transfer.exported"
    case appleTransferMigrated = "apple.transfer.migrated"
    case googleRisc = "google.risc"
    // The operator
    case clientAdded = "client.added"
    case clientRemoved = "client.removed"
    case clientUpdated = "client.updated"
    case scopeAdded = "scope.added"
    case scopeRemoved = "scope.removed"
    case webhookAdded = "webhook.added"
    case webhookRemoved = "webhook.removed"
    case webhookDeliveryRetried = "webhook.delivery.retried"
    case keysRotated = "keys.rotated"

    /// The App Flip refusal of `code` (one of the codes App Flip answers; Google's App Flip guide,
    /// "Error handling"); anything else is recorded as `invalid_request`, as it is answered.
    public static func appFlipRefused(_ code: OAuthError.Code) -> AuditKind {
        AuditKind(rawValue: "app_flip." + code.rawValue) ?? .appFlipInvalidRequest
    }
}
