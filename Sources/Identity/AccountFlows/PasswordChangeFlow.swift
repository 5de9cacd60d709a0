import Foundation
import OAuthCore

/// Changing the password on the account page (the current one is required) and setting it as the
/// operator (`accountlink user set-password`). Both send the owner a notice.
public struct PasswordChangeFlow: Sendable {
    public enum Failure: Error, Equatable, Sendable {
        case wrongCurrentPassword
        case password(PasswordPolicy.Violation)
        case accountUnavailable
    }

    let context: AccountFlowContext

    public init(context: AccountFlowContext) { self.context = context }

    public func change(accountID: String, currentPassword: String, newPassword: String, locale: String?) throws {
        guard let stored = try context.storage.passwordHash(accountID: accountID),
              context.hasher.verify(currentPassword, hash: stored)
        else { throw Failure.wrongCurrentPassword }
        try set(accountID: accountID, newPassword: newPassword, locale: locale, audit: "password.changed")
    }

    /// The operator's reset: also ends the account's first-party sign-ins, like a reset by mail.
    public func setByOperator(accountID: String, newPassword: String) throws {
        try set(accountID: accountID, newPassword: newPassword, locale: nil, audit: "password.set-by-operator",
                signOut: true)
    }

    func set(accountID: String, newPassword: String, locale: String?, audit: String, signOut: Bool = false) throws {
        guard let account = try context.storage.account(id: accountID), account.status != .deleted else {
            throw Failure.accountUnavailable
        }
        let normalized: String
        do { normalized = try context.policy.check(newPassword, email: account.email) } catch {
            throw Failure.password(error)
        }
        let hash = try context.hasher.hash(normalized)
        try context.storage.transaction { tx in
            try tx.setPasswordHash(hash, accountID: accountID)
            try ensurePasswordIdentity(account, in: tx)
            if signOut { try FirstPartySignOut.run(accountID: accountID, in: tx, at: context.clock.now()) }
            if let email = account.email {
                try context.enqueue(.passwordChanged, to: email, accountID: accountID, locale: locale, in: tx)
                try context.loginThrottle.succeeded([LoginThrottle.accountKey(email)], in: tx)
            }
            try context.audit(audit, accountID: accountID, in: tx)
        }
        context.mailWritten()
    }

    /// An Apple- or Google-only account that gets a password also gets the password identity.
    func ensurePasswordIdentity(_ account: Account, in tx: any Storage) throws {
        guard let email = account.email,
              !(try tx.identities(accountID: account.id).contains { $0.provider == .password })
        else { return }
        let now = context.clock.now()
        try tx.insertIdentity(Identity(id: AccountDirectory.newIdentityID(context.random), accountID: account.id,
                                       provider: .password, subject: email, email: email,
                                       emailVerified: account.emailVerified, firstSignInAt: now, lastSignInAt: now))
    }
}

/// Changing the email on the account page: a link to the new address, a notice to the old one; the
/// change takes effect in `EmailVerificationFlow.confirm` when the link is followed.
public struct EmailChangeFlow: Sendable {
    public enum Failure: Error, Equatable, Sendable { case invalidEmail }

    let context: AccountFlowContext

    public init(context: AccountFlowContext) { self.context = context }

    /// An address that already belongs to another account gets no mail, and the answer is the same.
    public func request(accountID: String, newEmail rawEmail: String, locale: String?) throws {
        let email = EmailAddress.normalized(rawEmail)
        guard EmailAddress.isPlausible(email) else { throw Failure.invalidEmail }
        // Spent: the same answer, no mail (AccountFlowContext.accountMailBudget).
        guard try context.accountMayAsk("email-change", accountID: accountID) else { return }
        try context.storage.transaction { tx in
            guard let account = try tx.account(id: accountID), account.status == .active else { return }
            if let owner = try tx.account(email: email), !owner.id.sameBytes(accountID) { return }
            try tx.invalidateOneTimeTokens(accountID: accountID, purpose: .changeEmail, at: context.clock.now())
            let link = try context.issueLink(.changeEmail, accountID: accountID, email: email, path: "/verify-email", in: tx)
            try context.enqueue(.confirmNewEmail(link: link), to: email, accountID: accountID, locale: locale, in: tx)
            if let old = account.email {
                try context.enqueue(.emailChangeRequested(newEmail: email), to: old, accountID: accountID,
                                    locale: locale, in: tx)
            }
            try context.audit("email.change-requested", accountID: accountID, in: tx)
        }
        context.mailWritten()
    }
}

/// The operator's switches (`accountlink user disable` / `enable`): a disabled account cannot sign in
/// and its sign-ins end (grants stay, so enabling restores the links).
public struct AccountStatusFlow: Sendable {
    let context: AccountFlowContext

    public init(context: AccountFlowContext) { self.context = context }

    /// False when the account does not exist or is deleted.
    public func setDisabled(_ disabled: Bool, accountID: String) throws -> Bool {
        try context.storage.transaction { tx in
            guard var account = try tx.account(id: accountID), account.status != .deleted else { return false }
            account.status = disabled ? .disabled : .active
            try tx.updateAccount(account)
            if disabled { try tx.deleteSessions(accountID: accountID) }
            try context.audit(disabled ? "account.disabled" : "account.enabled", accountID: accountID, in: tx)
            return true
        }
    }
}
