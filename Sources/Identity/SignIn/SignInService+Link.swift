import Foundation
import JOSE
import OAuthCore
import Support

extension SignInService {
    /// Stores the pending link; returns the link token (256 random bits, single use, short-lived).
    func createPendingLink(_ provider: Provider, _ token: VerifiedIdentity, names: (given: String?, family: String?)?,
                           owner: Account, sealedToken: [UInt8]?) throws -> String {
        let linkToken = random.token(byteCount: 32)
        let now = clock.now()
        let expiry = now.addingTimeInterval(policy.linkTokenLifetime)
        // The provider token waits as a revocation due after the link expires: redeeming the link cancels
        // it, an abandoned link still gets its token revoked (docs/sign-in.md, "When a code exchange fails").
        let revocation = sealedToken.map {
            ProviderRevocationQueue.entry(provider.stored, $0, due: expiry.addingTimeInterval(60), random: random)
        }
        var pending = PendingLink(
            provider: provider.rawValue, subject: token.subject, email: Self.matchableEmail(token) ?? "",
            emailVerified: true, isPrivateEmail: false, realUserStatus: token.realUserStatus,
            displayName: Self.displayName(names), ownerAccountID: owner.id,
            sealedAppleToken: provider == .apple ? sealedToken : nil, sealedGoogleToken: provider == .google ? sealedToken : nil)
        pending.revocationID = revocation?.id
        try storage.transaction { tx in
            if let revocation { try tx.insertPendingRevocation(revocation) }
            try tx.insertInteraction(Interaction(
                id: PendingLink.interactionID(token: linkToken), request: Array(try JSONEncoder().encode(pending)),
                accountID: owner.id, csrfSecret: [], createdAt: now, expiresAt: expiry))
        }
        logger.info("link required", ["identity.provider": provider.rawValue, "account.id": owner.id])
        return linkToken
    }

    /// After the person proved `provenAccountID` (password): links the pending identity to it.
    /// Single use: the pending link is deleted in the transaction that inserts the identity.
    @discardableResult
    public func redeemLinkToken(_ token: String, provenAccountID: String) throws -> LinkedIdentity {
        let id = PendingLink.interactionID(token: token)
        let now = clock.now()
        return try storage.transaction { tx in
            guard let interaction = try tx.interaction(id: id),
                let pending = try? JSONDecoder().decode(PendingLink.self, from: Data(interaction.request))
            else { throw Failure.linkTokenInvalid }
            // Expired links stay until `purgeExpired` removes them; throwing rolls the transaction back.
            guard now < interaction.expiresAt else { throw Failure.linkTokenExpired }
            // The email's owner now must still be the account the link was made for, and the one proven.
            let owner = try tx.account(email: pending.email)
            guard owner?.id.sameBytes(pending.ownerAccountID) == true, pending.ownerAccountID.sameBytes(provenAccountID) else {
                throw Failure.linkAccountMismatch
            }
            guard owner?.status == .active else { throw Failure.accountUnavailable }
            guard let identity = pending.identity(id: AccountDirectory.newIdentityID(random), accountID: provenAccountID, at: now)
            else { throw Failure.linkTokenInvalid }
            guard try tx.identity(provider: identity.provider, subject: identity.subject) == nil else {
                throw Failure.identityInUse
            }
            try tx.deleteInteraction(id: id)
            try tx.insertIdentity(identity)
            if var account = owner, account.displayName == nil, let name = pending.displayName {
                account.displayName = name
                try tx.updateAccount(account)
            }
            if let revocationID = pending.revocationID { try tx.deletePendingRevocation(id: revocationID) }
            if let sealed = pending.sealedAppleToken ?? pending.sealedGoogleToken {
                try tx.saveThirdPartyToken(ThirdPartyToken(identityID: identity.id, accountID: provenAccountID,
                                                           provider: identity.provider, encryptedRefreshToken: sealed,
                                                           createdAt: now, lookupKeys: lookupKeys(sealed, provider: identity.provider)))
            }
            try AuditRecorder(clock: clock, random: random).record(.identityLinked, accountID: provenAccountID, detail: "provider=\(pending.provider)", at: now, in: tx)
            try EventOutbox.record(AccountEvent(.identityAdded, accountID: provenAccountID,
                                                data: ["type": identity.provider.rawValue]), in: tx, at: now, random: random)
            return identity
        }
    }

    /// A signed-in person adds Apple or Google to their account ("upgrade"); nothing is asked
    /// because the session already proves the account. An unproven account (made through sign-up, its
    /// address not confirmed) is refused with `emailUnverified` (`UnprovenAccountRule`).
    @discardableResult
    public func addIdentity(to accountID: String, provider: Provider, identity: VerifiedIdentity,
                            appleAuthorizationCode: String? = nil, appleRedirectURI: String? = nil,
                            googleServerAuthCode: String? = nil) async throws -> LinkedIdentity {
        try checkHold(provider, identity)
        if let account = try storage.account(id: accountID), UnprovenAccountRule.isUnproven(account) {
            throw Failure.emailUnverified
        }
        let code = ProviderCode.from(provider, apple: appleAuthorizationCode, appleRedirectURI: appleRedirectURI,
                                     google: googleServerAuthCode)
        let existing = try storage.identity(provider: provider.stored, subject: identity.subject)
        let sealed = try await sealedProviderToken(code, identity: identity, existing: existing)
        do {
            let added = try insertIdentity(provider, identity, accountID: accountID, kind: .identityAdded)
            storeProviderToken(sealed, provider: provider.stored, identityID: added.id, accountID: accountID)
            return added
        } catch {
            abandon(sealed, provider: provider.stored)
            throw error
        }
    }
}
