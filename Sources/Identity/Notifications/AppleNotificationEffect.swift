import Foundation
import OAuthCore
import Support

/// What each Apple notification changes
/// (https://developer.apple.com/documentation/signinwithapple/processing-changes-for-sign-in-with-apple-accounts),
/// on the transaction that records it, ordered by the event's time (`InboundOrder`).
struct AppleNotificationEffect {
    static let older = "older than the state it would change"

    let identity: LinkedIdentity
    let event: AppleNotificationEvent
    /// The event's time (`event_time`, else `iat`).
    let time: Date
    let tx: InboundTransaction

    /// `email-disabled` / `email-enabled`: the person switched relay forwarding off or on; the newest
    /// event decides.
    func setReachable(_ reachable: Bool) throws -> AppleNotificationProcessor.Outcome {
        guard try InboundOrder.isCurrent(.emailReachability, provider: .apple, subject: identity.subject, at: time,
                                         in: tx.store)
        else { return .ignored(Self.older) }
        var updated = identity
        updated.emailReachable = reachable
        if let email = event.email, !email.isEmpty { updated.email = EmailAddress.normalized(email) }
        if let isPrivate = event.isPrivateEmail { updated.isPrivateEmail = isPrivate }
        try tx.store.updateIdentity(updated)
        return .processed(event.type)
    }

    /// `consent-revoked`: the person stopped using Sign in with Apple with us; Apple's tokens are dead
    /// (https://developer.apple.com/documentation/technotes/tn3194-handling-account-deletions-and-revoking-tokens-for-sign-in-with-apple).
    /// Browser sessions and the maker's own app tokens begun before the event end; grants to other clients
    /// (Google's account link) stay, since the account itself remains. The stored Apple token goes; the
    /// Apple identity goes too when another sign-in method remains, otherwise it is kept so that the
    /// person can come back with Apple to the same account. A sign-in with Apple after the event's time
    /// gave consent again: the identity and its token then stay.
    func consentRevoked() throws -> AppleNotificationProcessor.Outcome {
        _ = try tx.signOut(accountID: identity.accountID, reason: .apple, before: InboundOrder.cutoff(time))
        guard InboundOrder.revokes(time, began: identity.lastSignInAt) else { return .processed(event.type) }
        let others = try otherIdentities()
        // `deleteIdentity` also deletes its third-party token (the only way the store offers).
        _ = try tx.store.deleteIdentity(id: identity.id)
        if others.isEmpty {
            try tx.store.insertIdentity(identity)
        } else {
            try tx.identityRemoved(accountID: identity.accountID, provider: .apple)
        }
        return .processed(event.type)
    }

    /// `account-delete(d)`: the Apple ID is gone for good (final: nothing newer exists for this `sub`). The
    /// identity goes; an account left with no way to sign in is deleted as `AccountDeletionService` does
    /// (grants revoked, data erased, provider tokens queued for revocation), in this transaction.
    func appleAccountDeleted(_ deletion: AccountDeletionService)
        throws -> (AppleNotificationProcessor.Outcome, [PendingRevocation])
    {
        guard try otherIdentities().isEmpty else {
            _ = try tx.store.deleteIdentity(id: identity.id)
            try tx.identityRemoved(accountID: identity.accountID, provider: .apple)
            return (.processed(event.type), [])
        }
        return (.processed(event.type), try tx.erase(accountID: identity.accountID, with: deletion))
    }

    private func otherIdentities() throws -> [LinkedIdentity] {
        try tx.store.identities(accountID: identity.accountID).filter { $0.id != identity.id }
    }
}
