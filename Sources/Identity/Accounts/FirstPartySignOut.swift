import Foundation
import OAuthCore

/// Ends every web session and every first-party app token of an account; grants to third-party
/// clients (Google Home's account link) stay, since the account itself remains
/// (`POST /api/account/sign-out-everywhere`). Runs on the caller's transaction view. Returns how many app
/// grants ended.
enum FirstPartySignOut {
    @discardableResult
    static func run(accountID: String, in tx: any Storage, at now: Date) throws -> Int {
        try tx.deleteSessions(accountID: accountID)
        var ended = 0
        for grant in GrantLockOrder.sorted(try tx.activeGrants(accountID: accountID))
        where try tx.client(id: grant.clientID)?.firstParty == true {
            if try tx.revokeGrant(id: grant.id, at: now) { ended += 1 }
        }
        return ended
    }
}
