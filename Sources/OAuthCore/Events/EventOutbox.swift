import Foundation
import Support

/// The one writer of the event outbox (docs/webhooks.md): each call runs on the transaction view of the
/// change that causes the event, so an event exists exactly when its change committed (docs/architecture.md,
/// Decisions). Nothing is sent here; the delivery worker reads the outbox later.
public enum EventOutbox {
    /// What writing an event needs: the subscribed endpoints and the outbox, and the client's
    /// back-channel logout URI.
    public typealias Store = EventOutboxStore & ClientStore
    /// What ending grants with their events needs.
    public typealias Revoking = EventOutboxStore & ClientStore & GrantStore

    /// One delivery per webhook endpoint subscribed to the event's type, each with its own `webhook-id`.
    public static func record(_ event: AccountEvent, in tx: any Store, at now: Date, random: any RandomSource) throws {
        let body = event.body(at: now)
        for endpoint in try tx.listWebhookEndpoints() where endpoint.wants(event.kind.rawValue) {
            try tx.insertEventDelivery(EventDelivery(
                id: "msg_" + random.token(byteCount: 16), kind: .webhook, endpointID: endpoint.id, url: endpoint.url,
                eventType: event.kind.rawValue, accountID: event.accountID, body: body, nextAttemptAt: now,
                createdAt: now))
        }
    }

    /// A grant ended: `grant.revoked` with its reason, and a back-channel logout token for its client when
    /// that client registered a `backchannel_logout_uri` (OIDC Back-Channel Logout 1.0 §2.5).
    public static func grantEnded(_ grant: Grant, reason: AccountEvent.RevocationReason, logout: Bool = true,
                                  in tx: any Store, at now: Date, random: any RandomSource) throws {
        try record(.grantRevoked(grant, reason), in: tx, at: now, random: random)
        if logout { try backchannelLogout(accountID: grant.accountID, clientID: grant.clientID, in: tx, at: now, random: random) }
    }

    /// Queues a logout token for the client, when it takes them (its `jti` is the delivery id).
    public static func backchannelLogout(accountID: String, clientID: String, in tx: any Store, at now: Date,
                                         random: any RandomSource) throws {
        guard let uri = try tx.client(id: clientID)?.backchannelLogoutURI, !uri.isEmpty else { return }
        try tx.insertEventDelivery(EventDelivery(
            id: "lt_" + random.token(byteCount: 16), kind: .backchannelLogout, endpointID: clientID, url: uri,
            eventType: "backchannel_logout", accountID: accountID, body: "", nextAttemptAt: now, createdAt: now))
    }

    /// Revokes one grant and writes its events, in one transaction of its own (RFC 7009 revocation, a code
    /// or refresh token presented again, the operator's revocation). False when it was absent or revoked.
    @discardableResult
    public static func revokeGrant(id: String, reason: AccountEvent.RevocationReason, in storage: any Revoking & Transacting,
                                   at now: Date, random: any RandomSource) throws -> Bool {
        try storage.transaction { tx in try endGrant(id: id, reason: reason, in: tx, at: now, random: random) != nil }
    }

    /// The operator's revocation (admin API `DELETE /admin/grants/{id}`): `revokeGrant` with reason `admin`,
    /// and the audit entry `grant.revoked` naming `actor`, in the same transaction.
    @discardableResult
    public static func revokeGrant(id: String, by actor: String, in storage: any Revoking & AuditStore & Transacting,
                                   at now: Date, random: any RandomSource) throws -> Bool {
        try storage.transaction { tx in
            guard let grant = try endGrant(id: id, reason: .admin, in: tx, at: now, random: random) else { return false }
            try AuditRecorder(random: random, at: now).record(
                .grantRevoked, accountID: grant.accountID, clientID: grant.clientID, detail: "by \(actor)", in: tx)
            return true
        }
    }

    /// The grant revoked with its events on the caller's transaction; nil when it was absent or revoked.
    private static func endGrant(id: String, reason: AccountEvent.RevocationReason, in tx: any Revoking, at now: Date,
                                 random: any RandomSource) throws -> Grant? {
        guard let grant = try tx.grant(id: id), try tx.revokeGrant(id: id, at: now) else { return nil }
        try grantEnded(grant, reason: reason, in: tx, at: now, random: random)
        return grant
    }

    /// Every active grant of the account, revoked with events (`grant.revoked` and logout tokens), in
    /// GrantLockOrder. `only` narrows which grants end. Returns how many did.
    @discardableResult
    public static func revokeGrants(accountID: String, reason: AccountEvent.RevocationReason, in tx: any Revoking,
                                    at now: Date, random: any RandomSource, only: (Grant) throws -> Bool = { _ in true })
        throws -> Int
    {
        var ended = 0
        for grant in GrantLockOrder.sorted(try tx.activeGrants(accountID: accountID)) where try only(grant) {
            guard try tx.revokeGrant(id: grant.id, at: now) else { continue }
            try grantEnded(grant, reason: reason, in: tx, at: now, random: random)
            ended += 1
        }
        return ended
    }

    /// Sessions ended (sign-out everywhere, reset, disable): `sessions.revoked`, and a logout token for every
    /// client of the account's active grants that takes them (their sessions at the relying party end too).
    public static func sessionsEnded(accountID: String, in tx: any Revoking, at now: Date, random: any RandomSource) throws {
        try record(AccountEvent(.sessionsRevoked, accountID: accountID), in: tx, at: now, random: random)
        var seen: [String] = []
        for grant in try tx.activeGrants(accountID: accountID) where !seen.containsBytes(grant.clientID) {
            seen.append(grant.clientID)
            try backchannelLogout(accountID: accountID, clientID: grant.clientID, in: tx, at: now, random: random)
        }
    }
}
