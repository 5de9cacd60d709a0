import Foundation

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
