import Foundation
import OAuthCore
import Support

/// The account page's "Sessions and app sign-ins" (docs/accounts-and-email.md): every live web session and
/// every first-party app sign-in of the account, with where and when each was last used, and signing out
/// one of them. Signing out all of them is `SignOutEverywhereFlow`; third-party links are `LinkedServices`.
public struct SignInsFlow: Sendable {
    /// The records this flow reads and writes.
    public typealias Store = SignInListStore & SessionStore & EventOutbox.Revoking & AuditStore & Transacting

    public struct WebSession: Sendable, Equatable {
        /// Names the session in a form without being its store key (`ref(_:)`).
        public var ref: String
        public var origin: SignInOrigin
        public var lastUsedAt: Date
        /// The session of the request that asked.
        public var isCurrent: Bool
    }

    public struct AppSignIn: Sendable, Equatable {
        public var grantID: String
        public var clientName: String
        public var origin: SignInOrigin
        /// When the app last got a token (a refresh issues one), else when it signed in.
        public var lastUsedAt: Date
    }

    let context: AccountFlowContext
    var store: any Store { context.storage }

    public init(context: AccountFlowContext) { self.context = context }

    /// The reference of a session in the page: a digest of its store key, which is itself a digest.
    public static func ref(_ session: Session) -> String { String(OpaqueToken.hash("session-ref:" + session.hash).prefix(32)) }

    /// The live web sessions, most recently used first, `current` marked.
    public func sessions(accountID: String, current: Session) throws -> [WebSession] {
        try store.liveSessions(accountID: accountID, at: context.clock.now()).map {
            WebSession(ref: Self.ref($0), origin: $0.origin, lastUsedAt: $0.lastUsedAt ?? $0.createdAt,
                       isCurrent: $0.hash.sameBytes(current.hash))
        }
    }

    /// The active grants of first-party clients (one per app sign-in, `TokenIssuer.signIn`), most recently
    /// used first. Grants of other clients are linked services, not sign-ins.
    public func appSignIns(accountID: String) throws -> [AppSignIn] {
        var apps: [AppSignIn] = []
        let grants = try store.activeGrants(accountID: accountID)
        let lastUse = try store.lastTokenIssued(grantIDs: grants.map(\.id))
        for grant in grants {
            guard let client = try store.client(id: grant.clientID), client.firstParty else { continue }
            apps.append(AppSignIn(grantID: grant.id, clientName: client.name, origin: grant.origin,
                                  lastUsedAt: max(lastUse[grant.id] ?? grant.createdAt, grant.createdAt)))
        }
        return apps.sorted { $0.lastUsedAt > $1.lastUsedAt }
    }

    /// Ends the account's web session named `ref`: `ended` is false when it has none such (already ended, or
    /// another account's); `wasCurrent` when it was the session that asked (the browser is then signed out).
    public func endSession(accountID: String, ref: String, current: Session) throws -> (ended: Bool, wasCurrent: Bool) {
        try store.transaction { tx in
            let now = context.clock.now()
            guard let session = try tx.liveSessions(accountID: accountID, at: now).first(where: { Self.ref($0).sameBytes(ref) })
            else { return (false, false) }
            try tx.deleteSession(hash: session.hash)
            try context.audit(.sessionSignedOut, accountID: accountID, in: tx)
            return (true, session.hash.sameBytes(current.hash))
        }
    }

    /// Ends one app sign-in: revokes that first-party grant with its tokens (as `POST /api/logout` does from the
    /// app, with its events). False when it is not an active first-party grant of this account.
    public func endAppSignIn(accountID: String, grantID: String) throws -> Bool {
        try store.transaction { tx in
            guard let grant = try tx.grant(id: grantID), grant.accountID.sameBytes(accountID), grant.isActive,
                  try tx.client(id: grant.clientID)?.firstParty == true
            else { return false }
            let now = context.clock.now()
            let ended = try tx.revokeGrant(id: grant.id, at: now)
            // `grant.revoked` (reason `user`) and the client's back-channel logout token (docs/webhooks.md).
            if ended { try EventOutbox.grantEnded(grant, reason: .user, in: tx, at: now, random: context.random) }
            try context.audit(.appSignedOut, accountID: accountID, detail: grant.clientID, in: tx)
            return ended
        }
    }
}
