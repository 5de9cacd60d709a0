import Foundation
import OAuthCore

/// Changing the password (the current one is required: the account page, the app's API) and setting
/// it as the operator (`accountlink user set-password`). Every change ends the account's other web
/// sessions and first-party app sign-ins and voids its open one-time links (`FirstPartySignOut`,
/// `OneTimeLinkRule`); the sign-in that asked stays. Both send the owner a notice.
public struct PasswordChangeFlow: Sendable {
    /// The records this flow reads and writes.
    public typealias Store = AccountStore & FirstPartySignOut.Store & AccountFlowContext.MailWriting & Transacting

    public enum Failure: Error, Equatable, Sendable {
        case wrongCurrentPassword
        /// Too many wrong current passwords: the account's login throttle refuses for now.
        case throttled
        case password(PasswordPolicy.Violation)
        case accountUnavailable
    }

    let context: AccountFlowContext
    var store: any Store { context.storage }

    public init(context: AccountFlowContext) { self.context = context }

    /// - Parameters:
    ///   - keepingSession: the web session that asked (the account page); it stays signed in.
    ///   - keepingGrant: the first-party app sign-in that asked (the app's API); it stays signed in.
    public func change(accountID: String, currentPassword: String, newPassword: String, locale: String?,
                       keepingSession: Session? = nil, keepingGrant: String? = nil) throws {
        guard let account = try store.account(id: accountID), account.status == .active else {
            throw Failure.accountUnavailable
        }
        switch try context.checkCurrentPassword(currentPassword, of: account) {
        case .throttled: throw Failure.throttled
        case .wrong: throw Failure.wrongCurrentPassword
        case .correct: break
        }
        try set(accountID: accountID, newPassword: newPassword, locale: locale, audit: .passwordChanged,
                keepingSession: keepingSession, keepingGrant: keepingGrant)
    }

    /// The operator's reset: ends every sign-in of the account, like a reset by mail.
    public func setByOperator(accountID: String, newPassword: String) throws {
        try set(accountID: accountID, newPassword: newPassword, locale: nil, audit: .passwordSetByOperator)
    }

    func set(accountID: String, newPassword: String, locale: String?, audit: AuditKind, keepingSession: Session? = nil,
             keepingGrant: String? = nil) throws {
        guard let account = try store.account(id: accountID), account.status != .deleted else {
            throw Failure.accountUnavailable
        }
        let normalized: String
        do { normalized = try context.policy.check(newPassword, email: account.email) } catch {
            throw Failure.password(error)
        }
        let hash = try context.hasher.hash(normalized)
        try store.transaction { tx in
            try tx.setPasswordHash(hash, accountID: accountID)
            try ensurePasswordIdentity(account, in: tx)
            try FirstPartySignOut.run(accountID: accountID, in: tx, at: context.clock.now(), random: context.random,
                                      keepingSession: keepingSession, keepingGrant: keepingGrant)
            if let email = account.email {
                try context.enqueue(context.passwordChangedNotice(), to: email, accountID: accountID, locale: locale, in: tx)
                try context.loginThrottle.succeeded([LoginThrottle.accountKey(email)], in: tx)
            }
            try context.audit(audit, accountID: accountID, in: tx)
        }
        context.mailWritten()
    }

    /// An Apple- or Google-only account that gets a password also gets the password identity.
    func ensurePasswordIdentity(_ account: Account, in tx: any AccountStore) throws {
        guard let email = account.email,
              !(try tx.identities(accountID: account.id).contains { $0.provider == .password })
        else { return }
        let now = context.clock.now()
        try tx.insertIdentity(LinkedIdentity(id: AccountDirectory.newIdentityID(context.random), accountID: account.id,
                                       provider: .password, subject: email, email: email,
                                       emailVerified: account.emailVerified, firstSignInAt: now, lastSignInAt: now))
    }
}

/// The operator's switches (`accountlink user disable` / `enable`, `POST /admin/users/{id}/disable` /
/// `enable`; the one owner of an account's status change): a disabled account cannot sign in and its
/// sign-ins end (grants stay, so enabling restores the links); disabling voids its one-time links. All in
/// one transaction with its audit entry.
public struct AccountStatusFlow: Sendable {
    /// The records this flow reads and writes.
    public typealias Store = AccountStore & SessionStore & OneTimeTokenStore & EventOutbox.Revoking & AuditStore & Transacting

    let context: AccountFlowContext
    var store: any Store { context.storage }

    public init(context: AccountFlowContext) { self.context = context }

    /// False when the account does not exist or is deleted. `actor` (`cli`, `admin-api`) is audited.
    public func setDisabled(_ disabled: Bool, accountID: String, actor: String = "cli") throws -> Bool {
        try store.transaction { tx in
            guard var account = try tx.account(id: accountID), account.status != .deleted else { return false }
            account.status = disabled ? .disabled : .active
            try tx.updateAccount(account)
            if disabled {
                try tx.deleteSessions(accountID: accountID)
                try OneTimeLinkRule.voidLinks(accountID: accountID, in: tx, at: context.clock.now())
                try EventOutbox.sessionsEnded(accountID: accountID, in: tx, at: context.clock.now(), random: context.random)
            }
            try context.emit(disabled ? .accountDisabled : .accountEnabled, accountID: accountID, in: tx)
            try context.audit(disabled ? .accountDisabled : .accountEnabled, accountID: accountID,
                              detail: "by \(actor)", in: tx)
            return true
        }
    }
}
