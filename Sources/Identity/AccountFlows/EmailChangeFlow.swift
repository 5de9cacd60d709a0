import Foundation
import OAuthCore
import Support

/// Changing the email on the account page: a link to the new address, a notice to the old one with a
/// link that cancels the change and signs out everywhere; the change takes effect in
/// `EmailVerificationFlow.confirm` when the link is followed. Asking needs the current password or a
/// sign-in within `recentSignIn` (a session alone is not enough: docs/accounts-and-email.md, "Taking over
/// an account through its lifecycle").
public struct EmailChangeFlow: Sendable {
    /// The records this flow reads and writes.
    public typealias Store = AccountStore & OneTimeTokenStore & FirstPartySignOut.Store & AccountFlowContext.MailWriting & Transacting

    public enum Failure: Error, Equatable, Sendable {
        case invalidEmail
        /// Neither a recent sign-in nor the current password: sign in again or give the password.
        case reauthenticationRequired
        case wrongCurrentPassword
        /// Too many wrong current passwords (the account's login throttle).
        case throttled
        /// The cancel link is unknown, used or expired.
        case invalidLink
    }

    /// How recent a sign-in (any method: password, Apple, Google) stands in for the current password.
    public static let recentSignIn: TimeInterval = 5 * 60

    let context: AccountFlowContext
    var store: any Store { context.storage }

    public init(context: AccountFlowContext) { self.context = context }

    /// An address that already belongs to another account gets no mail, and the answer is the same.
    /// - Parameters:
    ///   - currentPassword: as typed; ignored after a recent sign-in.
    ///   - signedInAt: when the asking session signed in (its `authTime`).
    public func request(accountID: String, newEmail rawEmail: String, currentPassword: String?, signedInAt: Date?,
                        locale: String?) throws {
        let email = EmailAddress.normalized(rawEmail)
        guard EmailAddress.isPlausible(email) else { throw Failure.invalidEmail }
        guard let account = try store.account(id: accountID), account.status == .active else { return }
        try reauthenticate(account, currentPassword: currentPassword, signedInAt: signedInAt)
        // Spent: the same answer, no mail (AccountFlowContext.accountMailBudget).
        guard try context.accountMayAsk("email-change", accountID: accountID) else { return }
        try store.transaction { tx in
            if let owner = try tx.account(email: email), !owner.id.sameBytes(accountID) { return }
            try tx.invalidateOneTimeTokens(accountID: accountID, purpose: .changeEmail, at: context.clock.now())
            let link = try context.issueLink(.changeEmail, accountID: accountID, email: email, path: "/verify-email", in: tx)
            try context.enqueue(.confirmNewEmail(link: link), to: email, accountID: accountID, locale: locale, in: tx)
            if let old = account.email {
                let cancel = try context.issueLink(.cancelEmailChange, accountID: accountID, email: old,
                                                   path: "/email-change/cancel", in: tx)
                try context.enqueue(.emailChangeRequested(newEmail: email, cancelLink: cancel), to: old,
                                    accountID: accountID, locale: locale, in: tx)
            }
            try context.audit(.emailChangeRequested, accountID: accountID, in: tx)
        }
        context.mailWritten()
    }

    func reauthenticate(_ account: Account, currentPassword: String?, signedInAt: Date?) throws {
        if let signedInAt, context.clock.now().timeIntervalSince(signedInAt) <= Self.recentSignIn { return }
        guard let currentPassword, !currentPassword.isEmpty else { throw Failure.reauthenticationRequired }
        switch try context.checkCurrentPassword(currentPassword, of: account) {
        case .throttled: throw Failure.throttled
        case .wrong: throw Failure.wrongCurrentPassword
        case .correct: return
        }
    }

    /// The old address's link: a pending change dies, a change already made is undone (the old address
    /// comes back, proven by this link, unless another account took it since), and every sign-in of the
    /// account ends. Returns the account id.
    @discardableResult
    public func cancel(token: String) throws -> String {
        let accountID = try store.transaction { tx -> String? in
            guard let record = try context.consume(token, purposes: [.cancelEmailChange], in: tx),
                  var account = try tx.account(id: record.accountID), account.status == .active
            else { return nil }
            let now = context.clock.now()
            if account.email.map({ !$0.sameBytes(record.email) }) ?? true, try tx.account(email: record.email) == nil {
                account.email = record.email
                account.emailVerified = true
                try tx.updateAccount(account)
                try EmailVerificationFlow(context: context).markPasswordIdentity(account.id, email: record.email, in: tx)
            }
            try FirstPartySignOut.run(accountID: account.id, in: tx, at: now, random: context.random)
            try tx.invalidateOneTimeTokens(accountID: account.id, purpose: .cancelEmailChange, at: now)
            try context.audit(.emailChangeCancelled, accountID: account.id, in: tx)
            return account.id
        }
        guard let accountID else { throw Failure.invalidLink }
        return accountID
    }
}
