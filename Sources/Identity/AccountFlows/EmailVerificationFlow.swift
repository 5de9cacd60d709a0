import Foundation
import Mail
import OAuthCore
import Support

/// Confirms an address with the single-use link of a verification or email-change mail (24 h). The
/// page shows a button and only the POST calls `confirm` (mail scanners follow GET links). A sign-up's
/// link also offers "this wasn't me" (`disown`), which deletes the never-proven account and frees the
/// address (`UnprovenAccountRule`).
public struct EmailVerificationFlow: Sendable {
    /// The records this flow reads and writes.
    public typealias Store = AccountStore & PasskeyStore & PasswordRemovalStore & OneTimeTokenStore & EventOutbox.Store & AccountFlowContext.MailWriting & Transacting

    public enum Outcome: Sendable, Equatable {
        case verified(accountID: String)
        /// The email change took effect: the new address is the account's, verified.
        case changed(accountID: String)
    }

    public enum Failure: Error, Equatable, Sendable {
        /// Unknown, used, expired, of another purpose, or no longer matching the account.
        case invalidLink
    }

    /// What the verification page says about the account a sign-up link belongs to.
    public struct MadeAccount: Sendable, Equatable {
        public let madeAt: Date
        public let methods: [LinkedIdentity.Provider]
    }

    let context: AccountFlowContext
    var store: any Store { context.storage }

    public init(context: AccountFlowContext) { self.context = context }

    /// Sends a new verification link for the account's current, unverified address.
    public func resend(accountID: String, locale: String?) throws {
        // Spent: the same answer, no mail (AccountFlowContext.accountMailBudget).
        guard try context.accountMayAsk("resend-verification", accountID: accountID) else { return }
        try store.transaction { tx in
            guard let account = try tx.account(id: accountID), account.status == .active, !account.emailVerified,
                  let email = account.email
            else { return }
            try tx.invalidateOneTimeTokens(accountID: accountID, purpose: .verifyEmail, at: context.clock.now())
            let link = try context.issueLink(.verifyEmail, accountID: accountID, email: email, path: "/verify-email", in: tx)
            try context.enqueue(try verificationMail(account, link: link, in: tx), to: email, accountID: accountID,
                                locale: locale, in: tx)
        }
        context.mailWritten()
    }

    /// A self-service account's mail says when it was made and with which methods (and offers "this
    /// wasn't me"); an operator's account gets the plain one.
    func verificationMail(_ account: Account, link: String, in tx: any AccountStore) throws -> AccountMail {
        guard UnprovenAccountRule.isUnproven(account) else { return .verifyEmail(link: link) }
        let methods = try tx.identities(accountID: account.id).map(\.provider)
        return .verifyNewAccount(link: link, madeAt: account.createdAt, methods: methods)
    }

    public func confirm(token: String) throws -> Outcome {
        let outcome = try store.transaction { tx -> Outcome? in
            guard let record = try context.consume(token, purposes: [.verifyEmail, .changeEmail], in: tx),
                  var account = try tx.account(id: record.accountID), account.status == .active
            else { return nil }
            if record.purpose == .verifyEmail {
                // The link verifies the address it was sent to, only while that is still the account's.
                guard OneTimeLinkRule.stillAddressed(record, to: account) else { return nil }
                account.emailVerified = true
                try tx.updateAccount(account)
                // A verify-first sign-up's password takes effect now (SignUpFlow.Mode.verifyFirst).
                if let pending = record.passwordHash { try tx.setPasswordHash(pending, accountID: account.id) }
                try markPasswordIdentity(account.id, email: record.email, in: tx)
                try context.audit(.emailVerified, accountID: account.id, in: tx)
                try context.emit(.emailVerified, accountID: account.id, in: tx)
                return .verified(accountID: account.id)
            }
            return try change(&account, to: record.email, in: tx)
        }
        guard let outcome else { throw Failure.invalidLink }
        return outcome
    }

    func change(_ account: inout Account, to email: String, in tx: any AccountStore & OneTimeTokenStore & EventOutbox.Store & AuditStore) throws -> Outcome? {
        if let owner = try tx.account(email: email), !owner.id.sameBytes(account.id) { return nil }
        account.email = email
        account.emailVerified = true
        try tx.updateAccount(account)
        try markPasswordIdentity(account.id, email: email, in: tx)
        // Links mailed to the old address (a reset, above all) die with it (OneTimeLinkRule).
        try OneTimeLinkRule.voidLinks(accountID: account.id, in: tx, at: context.clock.now())
        try context.audit(.emailChanged, accountID: account.id, in: tx)
        try context.emit(.emailChanged, accountID: account.id, in: tx)
        return .changed(accountID: account.id)
    }

    /// The password identity's subject is the email (Sources/OAuthCore/Model/Account.swift).
    func markPasswordIdentity(_ accountID: String, email: String, in tx: any AccountStore) throws {
        for var identity in try tx.identities(accountID: accountID) where identity.provider == .password {
            identity.subject = email
            identity.email = email
            identity.emailVerified = true
            try tx.updateIdentity(identity)
        }
    }
}

extension EmailVerificationFlow {
    /// The never-proven account an open sign-up link belongs to, without using the link; nil for any
    /// other link (unknown, used, expired, an email change, an account already proven).
    public func madeAccount(token: String) throws -> MadeAccount? {
        guard !token.isEmpty, let record = try store.oneTimeToken(hash: OpaqueToken.hash(token)),
              record.usedAt == nil, record.purpose == .verifyEmail, record.expiresAt > context.clock.now(),
              let account = try store.account(id: record.accountID), account.status == .active,
              OneTimeLinkRule.stillAddressed(record, to: account), UnprovenAccountRule.isUnproven(account)
        else { return nil }
        return MadeAccount(madeAt: account.createdAt,
                           methods: try store.identities(accountID: account.id).map(\.provider))
    }

    /// "This wasn't me": the owner of the address, holding the sign-up link, deletes the never-proven
    /// account made with it (its provider tokens queued for revocation) and the address is free again.
    public func disown(token: String) throws {
        let done = try store.transaction { tx -> Bool in
            guard let record = try context.consume(token, purposes: [.verifyEmail], in: tx),
                  let account = try tx.account(id: record.accountID), account.status == .active,
                  OneTimeLinkRule.stillAddressed(record, to: account), UnprovenAccountRule.isUnproven(account)
            else { return false }
            let now = context.clock.now()
            _ = try UnprovenAccountRule.removeMethods(of: account, in: tx, random: context.random, at: now)
            guard try tx.eraseAccount(id: account.id, at: now) else { return false }
            try context.audit(.accountDisowned, accountID: account.id, in: tx)
            return true
        }
        guard done else { throw Failure.invalidLink }
    }
}
