import Foundation
import OAuthCore
import Support

/// Ends every web session and every first-party app token of an account; grants to third-party
/// clients (Google Home's account link) stay, since the account itself remains
/// (`POST /api/account/sign-out-everywhere`). Runs on the caller's transaction view. Returns how many app
/// grants ended. Signing out everywhere also voids the account's open one-time links (`OneTimeLinkRule`).
/// `keepingSession` / `keepingGrant`: the sign-in that asked (a password change ends every other one).
/// `before`: a provider's revocation ends only the sessions and grants that began up to that cutoff
/// (`InboundOrder.cutoff`).
/// Writes `sessions.revoked`, and `grant.revoked` (`reason`) with a back-channel logout token for
/// each grant it ends (docs/webhooks.md), on the same transaction.
public enum FirstPartySignOut {
    /// Sessions (all, or those begun up to a cutoff), grants with their events, and the account's links.
    public typealias Store = SessionStore & InboundEventStore & EventOutbox.Revoking & OneTimeTokenStore

    @discardableResult
    static func run(accountID: String, in tx: any Store, at now: Date, random: any RandomSource,
                    reason: AccountEvent.RevocationReason = .user, keepingSession: Session? = nil,
                    keepingGrant: String? = nil, before cutoff: Date? = nil) throws -> Int {
        if let cutoff {
            try tx.deleteSessions(accountID: accountID, createdUpTo: cutoff)
        } else {
            try tx.deleteSessions(accountID: accountID)
        }
        // The store deletes an account's sessions all at once; the one kept is written back in this
        // transaction, so no reader ever sees it gone.
        if let keepingSession, keepingSession.accountID.sameBytes(accountID) { try tx.insertSession(keepingSession) }
        let ended = try EventOutbox.revokeGrants(accountID: accountID, reason: reason, in: tx, at: now, random: random) {
            grant in
            try tx.client(id: grant.clientID)?.firstParty == true && keepingGrant?.sameBytes(grant.id) != true
                && cutoff.map({ grant.createdAt <= $0 }) != false
        }
        try EventOutbox.sessionsEnded(accountID: accountID, in: tx, at: now, random: random)
        try OneTimeLinkRule.voidLinks(accountID: accountID, in: tx, at: now)
        return ended
    }
}
