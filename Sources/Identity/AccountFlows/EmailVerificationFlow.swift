import Foundation
import OAuthCore
import Support

/// Confirms an address with the single-use link of a verification or email-change mail (24 h). The
/// page shows a button and only the POST calls `confirm` (mail scanners follow GET links).
public struct EmailVerificationFlow: Sendable {
    public enum Outcome: Sendable, Equatable {
        case verified(accountID: String)
        /// The email change took effect: the new address is the account's, verified.
        case changed(accountID: String)
    }

    public enum Failure: Error, Equatable, Sendable {
        /// Unknown, used, expired, of another purpose, or no longer matching the account.
        case invalidLink
    }

    let context: AccountFlowContext

    public init(context: AccountFlowContext) { self.context = context }

    /// Sends a new verification link for the account's current, unverified address.
    public func resend(accountID: String, locale: String?) throws {
        // Spent: the same answer, no mail (AccountFlowContext.accountMailBudget).
        guard try context.accountMayAsk("resend-verification", accountID: accountID) else { return }
        try context.storage.transaction { tx in
            guard let account = try tx.account(id: accountID), account.status == .active, !account.emailVerified,
                  let email = account.email
            else { return }
            try tx.invalidateOneTimeTokens(accountID: accountID, purpose: .verifyEmail, at: context.clock.now())
            let link = try context.issueLink(.verifyEmail, accountID: accountID, email: email, path: "/verify-email", in: tx)
            try context.enqueue(.verifyEmail(link: link), to: email, accountID: accountID, locale: locale, in: tx)
        }
        context.mailWritten()
    }

    public func confirm(token: String) throws -> Outcome {
        let outcome = try context.storage.transaction { tx -> Outcome? in
            guard let record = try context.consume(token, purposes: [.verifyEmail, .changeEmail], in: tx),
                  var account = try tx.account(id: record.accountID), account.status == .active
            else { return nil }
            if record.purpose == .verifyEmail {
                // The link verifies the address it was sent to, only while that is still the account's.
                guard let current = account.email, current.sameBytes(record.email) else { return nil }
                account.emailVerified = true
                try tx.updateAccount(account)
                // A verify-first sign-up's password takes effect now (SignUpFlow.Mode.verifyFirst).
                if let pending = record.passwordHash { try tx.setPasswordHash(pending, accountID: account.id) }
                try markPasswordIdentity(account.id, email: record.email, in: tx)
                try context.audit("email.verified", accountID: account.id, in: tx)
                return .verified(accountID: account.id)
            }
            return try change(&account, to: record.email, in: tx)
        }
        guard let outcome else { throw Failure.invalidLink }
        return outcome
    }

    func change(_ account: inout Account, to email: String, in tx: any Storage) throws -> Outcome? {
        if let owner = try tx.account(email: email), !owner.id.sameBytes(account.id) { return nil }
        account.email = email
        account.emailVerified = true
        try tx.updateAccount(account)
        try markPasswordIdentity(account.id, email: email, in: tx)
        try context.audit("email.changed", accountID: account.id, in: tx)
        return .changed(accountID: account.id)
    }

    /// The password identity's subject is the email (Sources/OAuthCore/Model/Account.swift).
    func markPasswordIdentity(_ accountID: String, email: String, in tx: any Storage) throws {
        for var identity in try tx.identities(accountID: accountID) where identity.provider == .password {
            identity.subject = email
            identity.email = email
            identity.emailVerified = true
            try tx.updateIdentity(identity)
        }
    }
}
