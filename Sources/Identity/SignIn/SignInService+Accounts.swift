import Foundation
import JOSE
import OAuthCore
import Support

extension SignInService {
    /// A known identity signs in again: its email facts follow the token, the account's name stays.
    func refresh(_ existing: LinkedIdentity, with token: VerifiedIdentity, displayName: String?) throws -> String {
        try storage.transaction { tx in
            guard var account = try tx.account(id: existing.accountID), account.status == .active else {
                throw Failure.accountUnavailable
            }
            var identity = existing
            identity.lastSignInAt = clock.now()
            // Apple sends email only if it was shared; a later token without it keeps what we know.
            if let email = token.email { identity.email = EmailAddress.normalized(email) }
            if let verified = token.emailVerified { identity.emailVerified = verified }
            if let isPrivate = token.isPrivateEmail { identity.isPrivateEmail = isPrivate }
            if let status = token.realUserStatus { identity.realUserStatus = status }
            if let picture = Self.picture(token) { identity.picture = picture }
            try tx.updateIdentity(identity)
            // The app retries with the name if the first request failed
            // (https://developer.apple.com/documentation/signinwithapple/authenticating-users-with-sign-in-with-apple):
            // fill, never replace.
            if account.displayName == nil, let displayName {
                account.displayName = displayName
                try tx.updateAccount(account)
            }
            return account.id
        }
    }

    /// A new person: account and identity in one transaction (Apple sends the name once: persist it at once).
    func createAccount(_ provider: Provider, _ token: VerifiedIdentity, displayName: String?) throws -> (String, String) {
        let now = clock.now()
        let email = token.email.map(EmailAddress.normalized)
        let verified = token.emailVerified == true
        let accountID = AccountDirectory.newAccountID(random)
        let identity = makeIdentity(provider, token, accountID: accountID, at: now)
        do {
            try storage.transaction { tx in
                // Only a verified address becomes the account's, and only when no account has it: an
                // unverified one (Google's `email_verified` false) stays on the identity, or whoever
                // claims someone else's address would hold it ("pre-hijacking", UnprovenAccountRule).
                let owned = try email.map { try tx.account(email: $0) != nil } ?? false
                let kept = verified && !owned ? email : nil
                let account = Account(id: accountID, email: kept, emailVerified: kept != nil,
                                      displayName: displayName, createdAt: now, selfService: true)
                try tx.insertAccount(account)
                try tx.insertIdentity(identity)
                try AuditRecorder(clock: clock, random: random).record(.accountCreated, accountID: accountID, detail: "provider=\(provider.rawValue)", at: now, in: tx)
                try EventOutbox.record(AccountEvent(.accountCreated, accountID: accountID, data: ["type": provider.stored.rawValue]),
                                       in: tx, at: now, random: random)
            }
        } catch StoreError.conflict {
            // A concurrent first sign-in of the same person won the race: use its account.
            guard let winner = try storage.identity(provider: provider.stored, subject: token.subject) else {
                throw StoreError.conflict("identity")
            }
            return (try refresh(winner, with: token, displayName: displayName), winner.id)
        }
        return (accountID, identity.id)
    }

    func makeIdentity(_ provider: Provider, _ token: VerifiedIdentity, accountID: String, at now: Date) -> LinkedIdentity {
        LinkedIdentity(
            id: AccountDirectory.newIdentityID(random), accountID: accountID, provider: provider.stored,
            subject: token.subject, email: token.email.map(EmailAddress.normalized),
            emailVerified: token.emailVerified == true,
            isPrivateEmail: token.isPrivateEmail == true || token.email.map(EmailAddress.isPrivateRelay) == true,
            realUserStatus: token.realUserStatus, picture: Self.picture(token), firstSignInAt: now, lastSignInAt: now)
    }

    /// Google's `picture` claim when it is an `https` URL (https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload);
    /// anything else is not kept.
    static func picture(_ token: VerifiedIdentity) -> String? {
        guard let text = (try? token.claims.string("picture")) ?? nil, text.utf8.count <= 2048,
              let url = URL(string: text), url.scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return text
    }

    /// Adds a (new) identity to an active account; the same identity on the same account is a no-op.
    func insertIdentity(_ provider: Provider, _ token: VerifiedIdentity, accountID: String,
                        kind: AuditKind) throws -> LinkedIdentity {
        let now = clock.now()
        let identity = makeIdentity(provider, token, accountID: accountID, at: now)
        return try storage.transaction { tx in
            guard let account = try tx.account(id: accountID), account.status == .active else {
                throw Failure.accountUnavailable
            }
            if let existing = try tx.identity(provider: provider.stored, subject: token.subject) {
                guard existing.accountID.sameBytes(accountID) else { throw Failure.identityInUse }
                return existing
            }
            try tx.insertIdentity(identity)
            try AuditRecorder(clock: clock, random: random).record(kind, accountID: accountID, detail: "provider=\(provider.rawValue)", at: now, in: tx)
            try EventOutbox.record(AccountEvent(.identityAdded, accountID: accountID, data: ["type": provider.stored.rawValue]),
                                   in: tx, at: now, random: random)
            return identity
        }
    }
}
