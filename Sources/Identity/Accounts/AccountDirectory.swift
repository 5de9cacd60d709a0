import Foundation
import OAuthCore
import Support

/// Creating accounts and their first identity, atomically, so that no half-made account remains. The one
/// owner of what a new password account is (docs/architecture.md, One owner per rule): the operator's
/// `user add` and `POST /admin/users` call `createPasswordAccount`, self-service sign-up (SignUpFlow) calls
/// `checkedNewPassword` and `insertPasswordAccount`, so every door refuses the same address and password.
public struct AccountDirectory: Sendable {
    public enum Failure: Error, Equatable {
        case emailTaken
        /// Not an address `EmailAddress.isPlausible` accepts (control characters, no domain, …).
        case invalidEmail
        /// The password breaks the NIST SP 800-63B rules of `PasswordPolicy`.
        case password(PasswordPolicy.Violation)
    }

    /// Accounts with their identities and passwords, the `account.created` event, the audit entry.
    public typealias Store = AccountStore & EventOutbox.Store & AuditStore & Transacting

    let storage: any Store
    let clock: any Clock
    let random: any RandomSource
    let hasher: Argon2idHasher
    let policy: PasswordPolicy

    public init(storage: any Store, clock: any Clock, random: any RandomSource,
                hasher: Argon2idHasher = .interactive, policy: PasswordPolicy = .standard) {
        self.storage = storage
        self.clock = clock
        self.random = random
        self.hasher = hasher
        self.policy = policy
    }

    public static func newAccountID(_ random: any RandomSource) -> String { "acc_" + random.token(byteCount: 16) }
    public static func newIdentityID(_ random: any RandomSource) -> String { "idn_" + random.token(byteCount: 16) }

    /// The address as stored (`EmailAddress.normalized`) and the password as hashed (`PasswordPolicy.check`),
    /// or the refusal every way of making a password account gives.
    public static func checkedNewPassword(email: String, password: String,
                                          policy: PasswordPolicy) throws(Failure) -> (email: String, password: String) {
        let normalized = EmailAddress.normalized(email)
        guard EmailAddress.isPlausible(normalized) else { throw .invalidEmail }
        do { return (normalized, try policy.check(password, email: normalized)) } catch { throw .password(error) }
    }

    /// Names are optional, trimmed and bounded like Apple's (Sources/Identity/SignIn/SignInService.swift).
    public static func trimmedName(_ name: String?) -> String? {
        let text = String((name ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(100))
        return text.isEmpty ? nil : text
    }

    /// The account and its password identity (the email is the identity's subject), inside the caller's
    /// transaction; `hash` nil leaves the password unset (a verify-first sign-up keeps it with its link).
    static func insertPasswordAccount(email: String, name: String?, hash: String?, selfService: Bool,
                                      random: any RandomSource, at now: Date, in tx: any AccountStore & EventOutbox.Store) throws -> Account {
        let account = Account(id: newAccountID(random), email: email, emailVerified: false,
                              displayName: trimmedName(name), createdAt: now, selfService: selfService)
        try tx.insertAccount(account)
        try tx.insertIdentity(LinkedIdentity(id: newIdentityID(random), accountID: account.id, provider: .password,
                                       subject: email, email: email, emailVerified: false,
                                       firstSignInAt: now, lastSignInAt: now))
        if let hash { try tx.setPasswordHash(hash, accountID: account.id) }
        try EventOutbox.record(AccountEvent(.accountCreated, accountID: account.id, data: ["type": "password"]),
                               in: tx, at: now, random: random)
        return account
    }

    /// A password account made by the operator; `actor` (`cli`, `admin-api`) is audited with it.
    public func createPasswordAccount(email: String, name: String?, password: String,
                                      actor: String = "operator") throws -> Account {
        let checked = try Self.checkedNewPassword(email: email, password: password, policy: policy)
        let hash = try hasher.hash(checked.password)
        let now = clock.now()
        do {
            return try storage.transaction { tx in
                guard try tx.account(email: checked.email) == nil else { throw Failure.emailTaken }
                let account = try Self.insertPasswordAccount(email: checked.email, name: name, hash: hash,
                                                             selfService: false, random: random, at: now, in: tx)
                try AuditRecorder(clock: clock, random: random).record(
                    .accountCreated, accountID: account.id, detail: "provider=password by \(actor)", at: now, in: tx)
                return account
            }
        } catch StoreError.conflict {
            throw Failure.emailTaken
        }
    }
}
