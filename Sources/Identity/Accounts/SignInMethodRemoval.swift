import Foundation
import OAuthCore
import Support

/// The one rule of what goes with a removed sign-in method, on the caller's transaction: a password method
/// takes the password hash with it and a passkey its public key, so that neither signs in any more; a
/// provider's stored refresh token is queued for revocation (TN3194, `ProviderRevocationQueue`). Used by
/// the removal of a method (SignInService+Removal.swift) and by a reset that proves an unproven account
/// (`UnprovenAccountRule`); each records its own audit entry and events.
enum SignInMethodRemoval {
    typealias Store = AccountStore & PasswordRemovalStore & PasskeyStore

    /// `tokens`: the account's stored provider tokens, read once for every method removed.
    static func remove(_ identity: LinkedIdentity, tokens: [ThirdPartyToken], in tx: any Store, at now: Date,
                       random: any RandomSource) throws {
        if identity.provider == .password { _ = try tx.deletePasswordHash(accountID: identity.accountID) }
        if identity.provider == .passkey { _ = try tx.deletePasskey(credentialID: identity.subject) }
        try ProviderRevocationQueue.queueTokens(of: identity, among: tokens, in: tx, at: now, random: random)
        _ = try tx.deleteIdentity(id: identity.id)
    }
}
