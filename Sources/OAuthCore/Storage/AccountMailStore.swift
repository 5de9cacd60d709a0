import Foundation

/// A single-use link token of an email (verification, email change, password reset). The token itself
/// is only in the mail; the store keeps `OpaqueToken.hash` of it (docs/architecture.md, Decisions).
public struct OneTimeToken: Sendable, Equatable, Codable {
    public enum Purpose: String, Sendable, Codable, CaseIterable {
        case verifyEmail = "verify_email"
        case changeEmail = "change_email"
        case resetPassword = "reset_password"
        /// The link in the notice to the old address of an email change: cancels it and signs out everywhere.
        case cancelEmailChange = "cancel_email_change"
    }

    public var hash: String
    public var purpose: Purpose
    public var accountID: String
    /// The address the link was mailed to: the one it verifies, or the new address of a change.
    public var email: String
    public var createdAt: Date
    public var expiresAt: Date
    public var usedAt: Date?
    /// Sign-up that signs nobody in until the address is proven (`ACCOUNTLINK_SIGNUP_MODE=verify-first`):
    /// the Argon2id hash of the chosen password, set on the account when this verification link is followed.
    public var passwordHash: String?

    public init(hash: String, purpose: Purpose, accountID: String, email: String, createdAt: Date,
                expiresAt: Date, usedAt: Date? = nil, passwordHash: String? = nil) {
        self.hash = hash
        self.purpose = purpose
        self.accountID = accountID
        self.email = email
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
        self.passwordHash = passwordHash
    }
}

/// The outcome of presenting a one-time token.
public enum OneTimeTokenConsumption: Sendable, Equatable {
    /// First use: the token is now marked used. Expiry and purpose are the caller's checks.
    case consumed(OneTimeToken)
    case alreadyUsed(OneTimeToken)
    case notFound
}

public protocol OneTimeTokenStore {
    /// Throws `.conflict` when the hash exists.
    func insertOneTimeToken(_ token: OneTimeToken) throws
    /// The token as stored, used or not, without changing it (a cheap look before slow work).
    func oneTimeToken(hash: String) throws -> OneTimeToken?
    /// Atomically marks the token used; of concurrent callers exactly one gets `.consumed`.
    func consumeOneTimeToken(hash: String, at time: Date) throws -> OneTimeTokenConsumption
    /// Marks every unused token of that account and purpose used (a new link replaces older ones).
    /// Returns how many it marked.
    @discardableResult
    func invalidateOneTimeTokens(accountID: String, purpose: OneTimeToken.Purpose, at time: Date) throws -> Int
    /// Marks every unused token of that account whose purpose is one of `purposes` used, in one statement
    /// (the account's lifecycle voids its links, Identity's `OneTimeLinkRule`). Returns how many it marked.
    @discardableResult
    func invalidateOneTimeTokens(accountID: String, purposes: Set<OneTimeToken.Purpose>, at time: Date) throws -> Int
}

/// One mail in the outbox, written in the transaction of the change that caused it
/// (docs/architecture.md, Data).
public struct OutboxMail: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Waiting for its next attempt (`nextAttemptAt`).
        case pending
        /// Handed to the SMTP server; `nextAttemptAt` is when the claim lapses (the sender died).
        case sending
        case sent
        /// Given up: refused for good, or its outcome was unknown twice.
        case failed
    }

    public var id: String
    /// What the mail is for (`verify-email`, `password-reset`, …), for `mail list` and the logs.
    public var kind: String
    public var accountID: String?
    public var recipient: String
    public var subject: String
    public var textBody: String
    public var htmlBody: String
    public var status: Status
    public var attempts: Int
    /// How many times an attempt ended without knowing whether the server took the mail.
    public var unknownOutcomes: Int
    public var nextAttemptAt: Date
    /// The SMTP server's last answer or the transport's error (never a body or a token).
    public var lastOutcome: String?
    public var createdAt: Date
    public var sentAt: Date?

    public init(id: String, kind: String, accountID: String?, recipient: String, subject: String, textBody: String,
                htmlBody: String, status: Status = .pending, attempts: Int = 0, unknownOutcomes: Int = 0,
                nextAttemptAt: Date, lastOutcome: String? = nil, createdAt: Date, sentAt: Date? = nil) {
        self.id = id
        self.kind = kind
        self.accountID = accountID
        self.recipient = recipient
        self.subject = subject
        self.textBody = textBody
        self.htmlBody = htmlBody
        self.status = status
        self.attempts = attempts
        self.unknownOutcomes = unknownOutcomes
        self.nextAttemptAt = nextAttemptAt
        self.lastOutcome = lastOutcome
        self.createdAt = createdAt
        self.sentAt = sentAt
    }
}

public protocol OutboxStore {
    /// Throws `.conflict` when the id exists.
    func insertMail(_ mail: OutboxMail) throws
    func mail(id: String) throws -> OutboxMail?
    /// Every mail, oldest first.
    func listMail() throws -> [OutboxMail]
    /// Mails `pending` or `sending` whose `nextAttemptAt` is at or before `time`, oldest first, at most `limit`.
    func dueMail(at time: Date, limit: Int) throws -> [OutboxMail]
    /// Compare-and-set: replaces the stored mail with `mail` only while its stored status and attempts
    /// still equal `expected`'s. True for the one caller that did (how senders claim a mail).
    func updateMail(_ mail: OutboxMail, ifUnchangedFrom expected: OutboxMail) throws -> Bool
}
