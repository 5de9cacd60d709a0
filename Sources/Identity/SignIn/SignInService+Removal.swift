import Foundation
import OAuthCore
import Support

/// Removing sign-in methods, never the last (README "The app's API", `POST /api/account/identities/remove`;
/// the account page's `POST /account/methods/remove`). The check and every removal are one transaction,
/// so two removals racing on one account cannot both pass the check, and a refused removal changes nothing.
extension SignInService {
    /// Removes one sign-in method. `identityNotFound` when the account has no such identity,
    /// `lastIdentity` when it is the account's only one.
    public func removeIdentity(accountID: String, identityID: String) throws {
        _ = try removeIdentities(accountID: accountID) { $0.id.sameBytes(identityID) }
    }

    /// Removes one passkey, named by its credential ID (`type=passkey` with `id`); the same
    /// refusals as `removeIdentity`.
    public func removePasskey(accountID: String, credentialID: String) throws {
        _ = try removeIdentities(accountID: accountID) { $0.provider == .passkey && $0.subject.sameBytes(credentialID) }
    }

    /// Removes every sign-in method of `provider`. `identityNotFound` when the account has none of
    /// them, `lastIdentity` when they are all it has. Answers what was removed.
    @discardableResult
    public func removeIdentities(accountID: String, provider: LinkedIdentity.Provider) throws
        -> [LinkedIdentity]
    {
        try removeIdentities(accountID: accountID) { $0.provider == provider }
    }

    private func removeIdentities(accountID: String, where chosen: (LinkedIdentity) -> Bool) throws
        -> [LinkedIdentity]
    {
        let now = clock.now()
        return try storage.transaction { tx in
            let identities = try Self.lockedIdentities(tx, accountID: accountID)
            let removing = identities.filter(chosen)
            guard !removing.isEmpty else { throw Failure.identityNotFound }
            guard removing.count < identities.count else { throw Failure.lastIdentity }
            // The account's provider tokens read once, for every identity removed.
            let tokens = try tx.thirdPartyTokens(accountID: accountID)
            for identity in removing { try remove(identity, tokens, tx, at: now) }
            return removing
        }
    }

    /// The account's identities, read with the account's row locked (`lockAccount`): a second removal
    /// for the same account waits for that row until this one commits, and then counts what this one
    /// left. SQLite and the memory store run transactions one at a time anyway; PostgreSQL at READ
    /// COMMITTED (each statement reads what was committed when it began) would otherwise let two
    /// removals each count the other's method and leave none
    /// (Tests/StorePostgresTests/PostgresMethodRemovalTests.swift).
    private static func lockedIdentities(_ tx: any AccountStore, accountID: String) throws -> [LinkedIdentity] {
        guard try tx.lockAccount(id: accountID) != nil else { throw Failure.identityNotFound }
        return try tx.identities(accountID: accountID)
    }

    /// What the method holds goes with it (`SignInMethodRemoval`: its password or passkey key, its provider
    /// token queued for revocation). A removed method changes the account's state, so its open one-time
    /// links die in the same transaction (`OneTimeLinkRule`): a reset link mailed before the password
    /// went would otherwise bring it back.
    func remove(
        _ identity: LinkedIdentity, _ tokens: [ThirdPartyToken], _ tx: any Store, at now: Date
    ) throws {
        try SignInMethodRemoval.remove(identity, tokens: tokens, in: tx, at: now, random: random)
        try OneTimeLinkRule.voidLinks(accountID: identity.accountID, in: tx, at: now)
        let kind: AuditKind = identity.provider == .passkey ? .passkeyRemoved : .identityRemoved
        try AuditRecorder(clock: clock, random: random).record(kind, accountID: identity.accountID, at: now, in: tx)
        try EventOutbox.record(AccountEvent(identity.provider == .passkey ? .passkeyRemoved : .identityRemoved,
                                            accountID: identity.accountID, data: ["type": identity.provider.rawValue]),
                               in: tx, at: now, random: random)
    }
}
