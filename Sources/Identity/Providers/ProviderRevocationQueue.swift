import Foundation
import OAuthCore
import Support

/// The one place a stored provider refresh token is queued for revocation at its provider (TN3194: revoke
/// what we no longer use; https://developer.apple.com/documentation/technotes/tn3194-handling-account-deletions-and-revoking-tokens-for-sign-in-with-apple),
/// for `ProviderRevoker` behind `AccountDeletionService`'s pending queue: a removed sign-in method, an
/// unproven account's methods, an erased account, a token obtained but not kept, a pending link's token.
enum ProviderRevocationQueue {
    /// A revocation of `sealed` due at `due`, with a fresh id.
    static func entry(_ provider: LinkedIdentity.Provider, _ sealed: [UInt8], due: Date,
                      random: any RandomSource) -> PendingRevocation {
        PendingRevocation(id: "rev_" + random.token(byteCount: 12), provider: provider, encryptedRefreshToken: sealed,
                          nextAttemptAt: due)
    }

    /// Each of `tokens` as a revocation due at `now`.
    static func entries(_ tokens: [ThirdPartyToken], at now: Date, random: any RandomSource) -> [PendingRevocation] {
        tokens.map { entry($0.provider, $0.encryptedRefreshToken, due: now, random: random) }
    }

    /// Queues, in `tx`, the tokens among `tokens` that `identity` holds, due at once.
    static func queueTokens(of identity: LinkedIdentity, among tokens: [ThirdPartyToken], in tx: any AccountStore,
                            at now: Date, random: any RandomSource) throws {
        for revocation in entries(tokens.filter { $0.identityID.sameBytes(identity.id) }, at: now, random: random) {
            try tx.insertPendingRevocation(revocation)
        }
    }
}
