import Foundation
import OAuthCore
import Support

/// Account pre-hijacking (Sudhodanan and Paverd, "Pre-hijacked accounts", USENIX Security 2022): whoever
/// signs up first with someone else's address must not keep a way in once the owner proves it. An
/// account is unproven while it was made through self-service sign-up and its email is not verified;
/// accounts an operator makes (`user add`, the admin API) are outside this rule (docs/accounts-and-email.md,
/// "Taking over an account through its lifecycle").
public enum UnprovenAccountRule {
    /// Such an account may not add another sign-in method (`email_unverified`).
    public static func isUnproven(_ account: Account) -> Bool {
        account.selfService && account.email != nil && !account.emailVerified
    }

    /// When a password reset proves the address of an unproven account, the methods it was made with
    /// other than the password go (their provider tokens queued for revocation, TN3194). Returns the
    /// providers removed, for the reset-done page and mail.
    static func removeMethods(of account: Account, in tx: any AccountStore & PasskeyStore & AuditStore, random: any RandomSource,
                              at now: Date) throws -> [OAuthCore.Identity.Provider] {
        guard isUnproven(account) else { return [] }
        let removing = try tx.identities(accountID: account.id).filter { $0.provider != .password }
        let tokens = try tx.thirdPartyTokens(accountID: account.id)
        for identity in removing {
            for token in tokens where token.identityID.sameBytes(identity.id) {
                try tx.insertPendingRevocation(PendingRevocation(
                    id: "rev_" + random.token(byteCount: 12), provider: token.provider,
                    encryptedRefreshToken: token.encryptedRefreshToken, nextAttemptAt: now))
            }
            // A passkey's key goes with its identity, or it would still sign in (SignInService.remove).
            if identity.provider == .passkey { _ = try tx.deletePasskey(credentialID: identity.subject) }
            _ = try tx.deleteIdentity(id: identity.id)
            try AuditRecorder(random: random, at: now).record(
                .identityRemoved, accountID: account.id, detail: "unproven account proven by reset", in: tx)
        }
        return removing.map(\.provider)
    }
}
