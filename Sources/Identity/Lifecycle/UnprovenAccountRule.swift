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
    /// other than the password go (their provider tokens queued for revocation, TN3194), each with its audit
    /// entry and its event, as any removal (SignInService+Removal.swift). Returns the
    /// providers removed, for the reset-done page and mail.
    static func removeMethods(of account: Account, in tx: any SignInMethodRemoval.Store & AuditStore & EventOutbox.Store, random: any RandomSource,
                              at now: Date) throws -> [LinkedIdentity.Provider] {
        guard isUnproven(account) else { return [] }
        let removing = try tx.identities(accountID: account.id).filter { $0.provider != .password }
        let tokens = try tx.thirdPartyTokens(accountID: account.id)
        for identity in removing {
            try SignInMethodRemoval.remove(identity, tokens: tokens, in: tx, at: now, random: random)
            try AuditRecorder(random: random, at: now).record(
                .identityRemoved, accountID: account.id, detail: "unproven account proven by reset", in: tx)
            try EventOutbox.record(AccountEvent(identity.provider == .passkey ? .passkeyRemoved : .identityRemoved,
                                                accountID: account.id, data: ["type": identity.provider.rawValue]),
                                   in: tx, at: now, random: random)
        }
        return removing.map(\.provider)
    }
}
