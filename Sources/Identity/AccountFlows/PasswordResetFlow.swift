import Foundation
import Mail
import OAuthCore

/// Forgotten passwords (docs/accounts-and-email.md: `/password/forgot`, `/password/reset`): the
/// same answer
/// for every address, requests throttled per client address and per email, a single-use link valid
/// for one hour. A reset ends every web session and first-party app sign-in of the account (third-party
/// links such as Google's stay) and clears the login throttle of that email.
public struct PasswordResetFlow: Sendable {
    /// The records this flow reads and writes.
    public typealias Store = AccountStore & PasskeyStore & PasswordRemovalStore & OneTimeTokenStore & FirstPartySignOut.Store & AccountFlowContext.MailWriting & Transacting

    public enum Failure: Error, Equatable, Sendable {
        /// Too many requests from this client address (the answer may say so: it reveals no account).
        case throttled
        case invalidLink
        case password(PasswordPolicy.Violation)
    }

    let context: AccountFlowContext
    var store: any Store { context.storage }

    public init(context: AccountFlowContext) { self.context = context }

    /// Mails a reset link when the address has an active account. Returns normally in every other case
    /// too, including a throttled email, so the caller's answer is the same for every address.
    public func request(email rawEmail: String, locale: String?, clientAddress: String?) throws {
        let email = EmailAddress.normalized(rawEmail)
        let now = context.clock.now()
        let throttle = context.requestThrottle
        let addressKeys = clientAddress.map { ["forgot-address:" + $0] } ?? []
        guard try throttle.take(addressKeys, at: now, in: store) else { throw Failure.throttled }
        let emailKey = ["forgot-email:" + Account.emailKey(email)]
        guard EmailAddress.isPlausible(email), try throttle.take(emailKey, at: now, in: store) else { return }
        try store.transaction { tx in
            // Found by its folded form; mailed at the account's own address, not a copy typed here.
            guard let account = try tx.account(email: email), account.status == .active, let email = account.email else {
                try context.audit(.passwordResetRequested, accountID: nil, detail: "no account", in: tx)
                return
            }
            try tx.invalidateOneTimeTokens(accountID: account.id, purpose: .resetPassword, at: now)
            // The link records the account's address as stored: it works only while that stays the email.
            let link = try context.issueLink(.resetPassword, accountID: account.id, email: account.email ?? email,
                                             path: "/password/reset", in: tx)
            try context.enqueue(.passwordReset(link: link), to: email, accountID: account.id, locale: locale, in: tx)
            try context.audit(.passwordResetRequested, accountID: account.id, in: tx)
        }
        context.mailWritten()
    }

    /// What a reset did, for the page that follows.
    public struct Done: Sendable, Equatable {
        public let accountID: String
        /// The methods an unproven account was made with, removed because this reset proved its address
        /// (`UnprovenAccountRule`); empty for every other account.
        public let removedMethods: [LinkedIdentity.Provider]
    }

    /// Sets the new password with the link's token. A refused password does not use up the link. Every
    /// attempt counts against the client address like a sign-in (`AccountFlowContext.loginThrottle`, given
    /// back on success); the token is looked up before anything is hashed, so an unknown, used or expired
    /// token costs no Argon2id; the slow hash is computed before the transaction (SQLite locks the store).
    /// The link works only while the account's email is the address it was sent to; the reset proves that
    /// address, ends every sign-in and voids the account's other links (`FirstPartySignOut`, `OneTimeLinkRule`).
    public func reset(token: String, newPassword: String, locale: String?, clientAddress: String? = nil) throws -> Done {
        _ = try Self.checked(context.policy, newPassword, email: nil)
        let addressKeys = clientAddress.map { ["reset-address:" + $0] } ?? []
        guard try context.loginThrottle.take(addressKeys, at: context.clock.now(), in: store) else {
            throw Failure.throttled
        }
        guard let live = try liveResetToken(token) else { throw Failure.invalidLink }
        let normalized = try Self.checked(context.policy, newPassword, email: live.email)
        let hash = try context.hasher.hash(normalized)
        let done = try store.transaction { tx -> Done? in
            guard let record = try context.consume(token, purposes: [.resetPassword], in: tx),
                  let account = try tx.account(id: record.accountID), account.status == .active,
                  OneTimeLinkRule.stillAddressed(record, to: account)
            else { return nil }
            _ = try Self.checked(context.policy, newPassword, email: account.email)
            try tx.setPasswordHash(hash, accountID: account.id)
            let removed = try prove(account, in: tx)
            try FirstPartySignOut.run(accountID: account.id, in: tx, at: context.clock.now(), random: context.random)
            if let email = account.email {
                let mail: AccountMail = removed.isEmpty ? context.passwordChangedNotice() : .passwordResetRemovedMethods(methods: removed)
                try context.enqueue(mail, to: email, accountID: account.id, locale: locale, in: tx)
                try context.loginThrottle.succeeded([LoginThrottle.accountKey(email)] + addressKeys, in: tx)
            }
            try context.audit(.passwordReset, accountID: account.id, in: tx)
            return Done(accountID: account.id, removedMethods: removed)
        }
        guard let done else { throw Failure.invalidLink }
        context.mailWritten()
        return done
    }

    /// The reset link reached the address: it is proven. An unproven account first loses the methods it
    /// was made with (other than the password this reset sets).
    func prove(_ account: Account, in tx: any Store) throws -> [LinkedIdentity.Provider] {
        let removed = try UnprovenAccountRule.removeMethods(of: account, in: tx, random: context.random,
                                                            at: context.clock.now())
        var proven = account
        if !account.emailVerified, let email = account.email {
            proven.emailVerified = true
            try tx.updateAccount(proven)
            try EmailVerificationFlow(context: context).markPasswordIdentity(account.id, email: email, in: tx)
        }
        // An account without a password (a passkey-only sign-up) gets the identity of the password set here.
        try PasswordChangeFlow(context: context).ensurePasswordIdentity(proven, in: tx)
        return removed
    }
}

extension PasswordResetFlow {
    /// The reset token's record while it is unused and unexpired: a look, nothing consumed.
    func liveResetToken(_ token: String) throws -> OneTimeToken? {
        guard !token.isEmpty, let record = try store.oneTimeToken(hash: OpaqueToken.hash(token)),
              record.purpose == .resetPassword, record.usedAt == nil, record.expiresAt > context.clock.now()
        else { return nil }
        return record
    }

    static func checked(_ policy: PasswordPolicy, _ password: String, email: String?) throws(Failure) -> String {
        do { return try policy.check(password, email: email) } catch { throw .password(error) }
    }
}

