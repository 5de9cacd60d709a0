import Foundation
import OAuthCore
import Support

extension AppAccountAPI {
    /// What ending app sign-ins needs: grants with their events, sessions and links (`FirstPartySignOut`), audit.
    typealias SignOutStore = FirstPartySignOut.Store & AuditStore & Transacting

    var signOutStore: any SignOutStore { environment.storage }

    /// `POST /api/logout`: ends this app sign-in. Each first-party sign-in has its own grant
    /// (`TokenIssuer.signIn`), so revoking it ends this sign-in's access and refresh tokens, and only
    /// those (RFC 7009 §2.1: revoking a grant's token may revoke the grant's other tokens).
    public func logout(_ bearer: TokenService.Bearer) throws {
        let now = environment.clock.now()
        try signOutStore.transaction { tx in
            if let grant = try tx.grant(id: bearer.record.grantID), try tx.revokeGrant(id: grant.id, at: now) {
                try EventOutbox.grantEnded(grant, reason: .user, in: tx, at: now, random: environment.random)
            }
            try audit(.appLogout, accountID: bearer.account.id, clientID: bearer.record.clientID, in: tx, at: now)
        }
    }

    /// `POST /api/account/sign-out-everywhere`: every web session and every first-party app sign-in of
    /// the account ends; third-party links (Google's) stay. Returns how many app sign-ins ended.
    @discardableResult
    public func signOutEverywhere(_ bearer: TokenService.Bearer) throws -> Int {
        let now = environment.clock.now()
        return try signOutStore.transaction { tx in
            let ended = try FirstPartySignOut.run(accountID: bearer.account.id, in: tx, at: now, random: environment.random)
            try audit(.accountSignedOutEverywhere, accountID: bearer.account.id, clientID: bearer.record.clientID,
                      in: tx, at: now)
            return ended
        }
    }

    private func audit(_ kind: AuditKind, accountID: String, clientID: String, in tx: any AuditStore, at now: Date) throws {
        try AuditRecorder(clock: environment.clock, random: environment.random)
            .record(kind, accountID: accountID, clientID: clientID, at: now, in: tx)
    }
}
