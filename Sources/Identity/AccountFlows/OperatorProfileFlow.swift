import Foundation
import OAuthCore
import Support

/// The operator's change of an account's email or name (`PATCH /admin/users/{id}`). The address is taken
/// by the folded key as sign-up takes it (`Account.emailKey`, one live account per address), and the
/// change follows the email-change lifecycle (EmailVerificationFlow.change): the password identity's
/// subject moves with it and open one-time links die (OneTimeLinkRule). The new address is unproven until
/// its owner follows a verification link (the account page's resend), because the operator did not prove it.
public struct OperatorProfileFlow: Sendable {
    /// The records this flow reads and writes.
    public typealias Store = AccountStore & OneTimeTokenStore & AuditStore & Transacting

    public enum Failure: Error, Equatable, Sendable {
        case accountUnavailable
        case invalidEmail
        case emailTaken
    }

    let context: AccountFlowContext
    var store: any Store { context.storage }

    public init(context: AccountFlowContext) { self.context = context }

    /// nil leaves that field; an empty name removes it. One transaction with its audit entries.
    public func update(accountID: String, email rawEmail: String?, name: String?, actor: String) throws -> Account {
        let email = rawEmail.map(EmailAddress.normalized)
        if let email, !EmailAddress.isPlausible(email) { throw Failure.invalidEmail }
        do {
            return try store.transaction { tx in
                guard var account = try tx.lockAccount(id: accountID), account.status != .deleted else {
                    throw Failure.accountUnavailable
                }
                if let name { account.displayName = AccountDirectory.trimmedName(name) }
                if let email, !(account.email?.sameBytes(email) ?? false) {
                    try change(&account, to: email, actor: actor, in: tx)
                } else {
                    try tx.updateAccount(account)
                }
                if name != nil { try context.audit(.accountRenamed, accountID: accountID, detail: "by \(actor)", in: tx) }
                return account
            }
        } catch StoreError.conflict {
            throw Failure.emailTaken
        }
    }

    func change(_ account: inout Account, to email: String, actor: String, in tx: any Store) throws {
        if let owner = try tx.account(email: email), !owner.id.sameBytes(account.id) { throw Failure.emailTaken }
        account.email = email
        account.emailVerified = false
        try tx.updateAccount(account)
        for var identity in try tx.identities(accountID: account.id) where identity.provider == .password {
            identity.subject = email
            identity.email = email
            identity.emailVerified = false
            try tx.updateIdentity(identity)
        }
        try OneTimeLinkRule.voidLinks(accountID: account.id, in: tx, at: context.clock.now())
        try context.audit(.emailChanged, accountID: account.id, detail: "by \(actor)", in: tx)
    }
}
