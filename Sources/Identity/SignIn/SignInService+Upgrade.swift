import Foundation
import JOSE
import OAuthCore
import Support

/// The server half of Apple's Account Authentication Modification extension
/// (https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationviewcontroller):
/// a saved password account becomes a Sign in with Apple account. The Apple identity is added and the
/// password removed in one transaction, so the account is never left with both or with neither.
extension SignInService {
    /// `noPassword` when the account has no password to replace; `identityInUse` when another account
    /// has that Apple ID; `emailUnverified` for an account made through sign-up whose address is not
    /// proven (`UnprovenAccountRule`, as for adding any method). Apple's authorization code, when given, is redeemed before the transaction
    /// (a network call never runs inside one); a token we then cannot keep is revoked, not lost.
    public func upgradePasswordToApple(accountID: String, identity: VerifiedIdentity,
                                       appleAuthorizationCode: String?) async throws {
        if let account = try storage.account(id: accountID), UnprovenAccountRule.isUnproven(account) {
            throw Failure.emailUnverified
        }
        let existing = try storage.identity(provider: .apple, subject: identity.subject)
        if let existing, !existing.accountID.sameBytes(accountID) { throw Failure.identityInUse }
        let code = ProviderCode.from(.apple, apple: appleAuthorizationCode, appleRedirectURI: nil, google: nil)
        let sealed = try await sealedProviderToken(code, identity: identity, existing: existing)
        do {
            try replacePassword(accountID: accountID, with: identity, sealed: sealed)
        } catch {
            abandon(sealed, provider: .apple)
            throw error
        }
    }

    private func replacePassword(accountID: String, with token: VerifiedIdentity, sealed: [UInt8]?) throws {
        let now = clock.now()
        try storage.transaction { tx in
            guard let account = try tx.lockAccount(id: accountID), account.status == .active else {
                throw Failure.accountUnavailable
            }
            if UnprovenAccountRule.isUnproven(account) { throw Failure.emailUnverified }
            let passwords = try tx.identities(accountID: accountID).filter { $0.provider == .password }
            guard !passwords.isEmpty else { throw Failure.noPassword }
            let apple = try appleIdentity(token, accountID: accountID, in: tx, at: now)
            if let sealed {
                try tx.saveThirdPartyToken(ThirdPartyToken(identityID: apple.id, accountID: accountID, provider: .apple,
                                                           encryptedRefreshToken: sealed, createdAt: now,
                                                           lookupKeys: lookupKeys(sealed, provider: .apple)))
            }
            let tokens = try tx.thirdPartyTokens(accountID: accountID)
            for password in passwords { try remove(password, tokens, tx, at: now) }
            try AuditRecorder(clock: clock, random: random).record(.accountUpgraded, accountID: accountID, detail: "provider=apple", at: now, in: tx)
        }
    }

    /// The account's identity for that Apple ID, added when it is new (checked again inside the transaction).
    private func appleIdentity(_ token: VerifiedIdentity, accountID: String, in tx: any AccountStore & AuditStore & EventOutbox.Store,
                               at now: Date) throws -> LinkedIdentity {
        if let existing = try tx.identity(provider: .apple, subject: token.subject) {
            guard existing.accountID.sameBytes(accountID) else { throw Failure.identityInUse }
            return existing
        }
        let identity = makeIdentity(.apple, token, accountID: accountID, at: now)
        try tx.insertIdentity(identity)
        try AuditRecorder(clock: clock, random: random).record(.identityAdded, accountID: accountID, detail: "provider=apple", at: now, in: tx)
        try EventOutbox.record(AccountEvent(.identityAdded, accountID: accountID, data: ["type": "apple"]), in: tx,
                               at: now, random: random)
        return identity
    }
}
