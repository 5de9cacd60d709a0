import Foundation
import OAuthCore

extension AppleNotificationProcessor {
    /// `email-disabled` / `email-enabled`: the person switched relay forwarding off or on
    /// (https://developer.apple.com/documentation/signinwithapple/processing-changes-for-sign-in-with-apple-accounts).
    func setReachable(_ reachable: Bool, _ identity: OAuthCore.Identity, _ event: AppleNotificationEvent) throws {
        var updated = identity
        updated.emailReachable = reachable
        if let email = event.email, !email.isEmpty { updated.email = EmailAddress.normalized(email) }
        if let isPrivate = event.isPrivateEmail { updated.isPrivateEmail = isPrivate }
        try storage.updateIdentity(updated)
    }

    /// `consent-revoked`: the person stopped using Sign in with Apple with us; Apple's tokens are dead
    /// (https://developer.apple.com/documentation/technotes/tn3194-handling-account-deletions-and-revoking-tokens-for-sign-in-with-apple).
    /// Browser sessions and the maker's own app tokens end; grants to other clients
    /// (Google's account link) stay, since the account itself remains. The stored Apple token goes; the
    /// Apple identity goes too when another sign-in method remains, otherwise it is kept so that the
    /// person can come back with Apple to the same account.
    func consentRevoked(_ identity: OAuthCore.Identity) throws {
        let now = clock.now()
        try storage.transaction { tx in
            try FirstPartySignOut.run(accountID: identity.accountID, in: tx, at: now, random: random, reason: .apple)
            let others = try tx.identities(accountID: identity.accountID).filter { $0.id != identity.id }
            // `deleteIdentity` also deletes its third-party token (the only way the store offers).
            _ = try tx.deleteIdentity(id: identity.id)
            if others.isEmpty { try tx.insertIdentity(identity) } else {
                try EventOutbox.record(AccountEvent(.identityRemoved, accountID: identity.accountID, data: ["type": "apple"]),
                                       in: tx, at: now, random: random)
            }
        }
    }

    /// `account-delete(d)`: the Apple ID is gone for good. The identity goes; an account left with no
    /// way to sign in is deleted through `AccountDeletionService` (grants revoked, data erased).
    func appleAccountDeleted(_ identity: OAuthCore.Identity) async throws {
        let others = try storage.identities(accountID: identity.accountID).filter { $0.id != identity.id }
        if others.isEmpty {
            _ = try await deletion.delete(accountID: identity.accountID)
        } else {
            _ = try storage.deleteIdentity(id: identity.id)
        }
    }
}
