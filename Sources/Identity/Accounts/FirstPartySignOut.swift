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
enum FirstPartySignOut {
    @discardableResult
    static func run(accountID: String, in tx: any Storage, at now: Date, keepingSession: Session? = nil,
                    keepingGrant: String? = nil, before cutoff: Date? = nil) throws -> Int {
        if let cutoff {
            try tx.deleteSessions(accountID: accountID, createdUpTo: cutoff)
        } else {
            try tx.deleteSessions(accountID: accountID)
        }
        // The store deletes an account's sessions all at once; the one kept is written back in this
        // transaction, so no reader ever sees it gone.
        if let keepingSession, keepingSession.accountID.sameBytes(accountID) { try tx.insertSession(keepingSession) }
        var ended = 0
        for grant in GrantLockOrder.sorted(try tx.activeGrants(accountID: accountID))
        where try tx.client(id: grant.clientID)?.firstParty == true && keepingGrant?.sameBytes(grant.id) != true
            && cutoff.map({ grant.createdAt <= $0 }) != false {
            if try tx.revokeGrant(id: grant.id, at: now) { ended += 1 }
        }
        try OneTimeLinkRule.voidLinks(accountID: accountID, in: tx, at: now)
        return ended
    }
}
