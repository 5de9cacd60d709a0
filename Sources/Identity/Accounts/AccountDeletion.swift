import Foundation
import OAuthCore
import Support

/// Revokes a provider refresh token at the provider (Apple `/auth/revoke`). Throwing means "try
/// again later", and the revocation is kept as pending, never forgotten.
public protocol ProviderTokenRevoker: Sendable {
    func revoke(provider: LinkedIdentity.Provider, encryptedRefreshToken: [UInt8]) async throws
}

/// Account deletion (App Store rule 5.1.1(v)): provider tokens revoked, every grant revoked (so
/// Google's refresh token dies and Google unlinks), personal data erased, an audit record kept.
public struct AccountDeletionService: Sendable {
    public struct Report: Sendable, Equatable {
        public var grantsRevoked: Int
        public var providerTokensRevoked: Int
        public var providerTokensPending: Int

        public var summary: String {
            "\(grantsRevoked) linked service(s) revoked, \(providerTokensRevoked) provider token(s) revoked"
                + (providerTokensPending > 0 ? ", \(providerTokensPending) provider revocation(s) queued for retry" : "")
        }
    }

    /// The account's records and pending provider revocations, its grants with their events, the audit entry.
    public typealias Store = AccountStore & EventOutbox.Revoking & AuditStore & Transacting

    let storage: any Store
    let clock: any Clock
    let random: any RandomSource
    let revoker: (any ProviderTokenRevoker)?

    public init(storage: any Store, clock: any Clock, random: any RandomSource,
                revoker: (any ProviderTokenRevoker)?) {
        self.storage = storage
        self.clock = clock
        self.random = random
        self.revoker = revoker
    }

    /// `requestedBy`: the operator's tool that asked (the admin API), recorded as `admin.account.deleted` in the
    /// transaction that erases.
    public func delete(accountID: String, requestedBy actor: String? = nil) async throws -> Report {
        let now = clock.now()
        let erased = try storage.transaction { tx in
            let erased = try erase(accountID: accountID, in: tx, at: now)
            if let actor {
                try AuditRecorder(random: random, at: now).record(.adminAccountDeleted, accountID: accountID,
                                                                  detail: "by \(actor)", in: tx)
            }
            return erased
        }
        let revoked = try await attemptAll(erased.pending)
        return Report(grantsRevoked: erased.grants, providerTokensRevoked: revoked,
                      providerTokensPending: erased.pending.count - revoked)
    }

    /// The erasing step on the caller's transaction view (Apple's `account-delete` runs it in the
    /// transaction that records the notification): the account erased, its provider tokens held as
    /// pending revocations in the same transaction, so a crash between the two steps loses nothing.
    /// Returns the revocations to attempt after the commit and how many grants ended.
    func erase(accountID: String, in tx: any Store, at now: Date) throws -> (pending: [PendingRevocation], grants: Int) {
        let tokens = try tx.thirdPartyTokens(accountID: accountID)
        // The grants the erase revokes, read on its transaction: each is an event and a logout token.
        let ending = try tx.activeGrants(accountID: accountID)
        let grants = ending.count
        guard try tx.eraseAccount(id: accountID, at: now) else { return ([], grants) }
        let pending = ProviderRevocationQueue.entries(tokens, at: now, random: random)
        for grant in GrantLockOrder.sorted(ending) {
            try EventOutbox.grantEnded(grant, reason: .deletion, in: tx, at: now, random: random)
        }
        try EventOutbox.record(AccountEvent(.accountDeleted, accountID: accountID), in: tx, at: now, random: random)
        for revocation in pending { try tx.insertPendingRevocation(revocation) }
        try AuditRecorder(clock: clock, random: random).record(
            .accountDeleted, accountID: accountID, detail: "grants=\(grants) provider_tokens=\(tokens.count)", at: now, in: tx)
        return (pending, grants)
    }

    /// Attempts each revocation once (after the commit that queued them); how many were delivered.
    func attemptAll(_ pending: [PendingRevocation]) async throws -> Int {
        var revoked = 0
        for revocation in pending where try await attempt(revocation) { revoked += 1 }
        return revoked
    }

    /// Delivers one pending revocation; on failure schedules the next try with a growing delay.
    public func attempt(_ revocation: PendingRevocation) async throws -> Bool {
        guard let revoker else { return false }
        do {
            try await revoker.revoke(provider: revocation.provider,
                                     encryptedRefreshToken: revocation.encryptedRefreshToken)
            try storage.deletePendingRevocation(id: revocation.id)
            return true
        } catch {
            var next = revocation
            next.attempts += 1
            next.nextAttemptAt = clock.now().addingTimeInterval(min(3600, 30 * pow(2, Double(min(next.attempts, 7)))))
            next.lastError = String(describing: error).prefix(200).description
            try storage.updatePendingRevocation(next)
            return false
        }
    }

    /// Retries every revocation that is due; the server calls this periodically.
    public func retryDue() async throws -> Int {
        var delivered = 0
        for revocation in try storage.duePendingRevocations(at: clock.now()) where try await attempt(revocation) {
            delivered += 1
        }
        return delivered
    }
}
