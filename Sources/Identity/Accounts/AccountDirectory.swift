import Foundation
import OAuthCore
import Support

/// Creating accounts and their first identity, atomically, so that no half-made account remains.
public struct AccountDirectory: Sendable {
    public enum Failure: Error, Equatable {
        case emailTaken
        /// Not an address `EmailAddress.isPlausible` accepts (control characters, no domain, …).
        case invalidEmail
    }

    let storage: any Storage
    let clock: any Clock
    let random: any RandomSource
    let hasher: Argon2idHasher

    public init(storage: any Storage, clock: any Clock, random: any RandomSource,
                hasher: Argon2idHasher = .interactive) {
        self.storage = storage
        self.clock = clock
        self.random = random
        self.hasher = hasher
    }

    public static func newAccountID(_ random: any RandomSource) -> String { "acc_" + random.token(byteCount: 16) }
    public static func newIdentityID(_ random: any RandomSource) -> String { "idn_" + random.token(byteCount: 16) }

    /// A password account: the email is its password identity's subject (normalised).
    public func createPasswordAccount(email: String, name: String?, password: String) throws -> Account {
        let normalized = EmailAddress.normalized(email)
        guard EmailAddress.isPlausible(normalized) else { throw Failure.invalidEmail }
        let hash = try hasher.hash(password)
        let now = clock.now()
        let account = Account(id: Self.newAccountID(random), email: normalized, emailVerified: false,
                              displayName: name, createdAt: now)
        let identity = Identity(id: Self.newIdentityID(random), accountID: account.id, provider: .password,
                                subject: normalized, email: normalized, emailVerified: false,
                                firstSignInAt: now, lastSignInAt: now)
        do {
            try storage.transaction { tx in
                guard try tx.account(email: normalized) == nil else { throw Failure.emailTaken }
                try tx.insertAccount(account)
                try tx.insertIdentity(identity)
                try tx.setPasswordHash(hash, accountID: account.id)
                try tx.appendAudit(AuditEvent(id: random.token(byteCount: 12), time: now, kind: "account.created",
                                              accountID: account.id, detail: "provider=password"))
                try EventOutbox.record(AccountEvent(.accountCreated, accountID: account.id, data: ["type": "password"]),
                                       in: tx, at: now, random: random)
            }
        } catch StoreError.conflict {
            throw Failure.emailTaken
        }
        return account
    }
}
