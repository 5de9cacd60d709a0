import Foundation
import Mail
import OAuthCore

/// One-time link tokens (Sources/OAuthCore/Storage/OneTimeTokenStore.swift) and the outbox (Sources/Mail/Outbox/OutboxMail.swift).
extension SQLStorage {
    static var oneTimeTokenColumns: String { "hash, purpose, account_id, email, created_at, expires_at, used_at, password_hash" }
    static var mailColumns: String {
        """
        id, kind, account_id, recipient, subject, text_body, html_body, status, attempts, unknown_outcomes,
        next_attempt_at, last_outcome, created_at, sent_at
        """
    }

    public func insertOneTimeToken(_ token: OneTimeToken) throws {
        try insertRow(
            into: "one_time_tokens", Self.oneTimeTokenColumns,
            [.text(token.hash), .text(token.purpose.rawValue), .text(token.accountID), .text(token.email),
             .date(token.createdAt), .date(token.expiresAt), .optionalDate(token.usedAt),
             .optionalText(token.passwordHash)])
    }

    public func oneTimeToken(hash: String) throws -> OneTimeToken? {
        try access {
            try $0.query("SELECT \(Self.oneTimeTokenColumns) FROM one_time_tokens WHERE hash = $1", [.text(hash)]) {
                try $0.oneTimeToken()
            }
        }.first
    }

    /// `UPDATE … WHERE used_at IS NULL` decides the race; the row is then read in the same transaction.
    public func consumeOneTimeToken(hash: String, at time: Date) throws -> OneTimeTokenConsumption {
        try atomic { db in
            let marked = try db.run(
                "UPDATE one_time_tokens SET used_at = $2 WHERE hash = $1 AND used_at IS NULL", [.text(hash), .date(time)])
            let rows = try db.query(
                "SELECT \(Self.oneTimeTokenColumns) FROM one_time_tokens WHERE hash = $1", [.text(hash)]
            ) { try $0.oneTimeToken() }
            guard let token = rows.first else { return .notFound }
            return marked == 1 ? .consumed(token) : .alreadyUsed(token)
        }
    }

    public func invalidateOneTimeTokens(accountID: String, purpose: OneTimeToken.Purpose, at time: Date) throws -> Int {
        try access {
            try $0.run(
                "UPDATE one_time_tokens SET used_at = $3 WHERE account_id = $1 AND purpose = $2 AND used_at IS NULL",
                [.text(accountID), .text(purpose.rawValue), .date(time)])
        }
    }

    public func invalidateOneTimeTokens(accountID: String, purposes: Set<OneTimeToken.Purpose>, at time: Date) throws
        -> Int
    {
        let names = purposes.map(\.rawValue).sorted()
        guard !names.isEmpty else { return 0 }
        let list = names.indices.map { "$\($0 + 3)" }.joined(separator: ", ")
        return try access {
            try $0.run(
                """
                UPDATE one_time_tokens SET used_at = $2 WHERE account_id = $1 AND used_at IS NULL AND purpose IN (\(list))
                """, [.text(accountID), .date(time)] + names.map { .text($0) })
        }
    }

    public func insertMail(_ mail: OutboxMail) throws {
        try access {
            try $0.insert(
                """
                INSERT INTO outbox (\(Self.mailColumns))
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
                """, Self.values(mail))
        }
    }

    public func mail(id: String) throws -> OutboxMail? {
        try access {
            try $0.query("SELECT \(Self.mailColumns) FROM outbox WHERE id = $1", [.text(id)]) { try $0.outboxMail() }
        }.first
    }

    public func listMail() throws -> [OutboxMail] {
        try access {
            try $0.query("SELECT \(Self.mailColumns) FROM outbox ORDER BY created_at, seq") { try $0.outboxMail() }
        }
    }

    public func dueMail(at time: Date, limit: Int) throws -> [OutboxMail] {
        try access {
            try $0.query(
                """
                SELECT \(Self.mailColumns) FROM outbox WHERE status IN ('pending', 'sending') AND next_attempt_at <= $1
                ORDER BY created_at, seq LIMIT $2
                """, [.date(time), .int(limit)]
            ) { try $0.outboxMail() }
        }
    }

    public func updateMail(_ mail: OutboxMail, ifUnchangedFrom expected: OutboxMail) throws -> Bool {
        try access {
            try $0.run(
                """
                UPDATE outbox SET kind = $2, account_id = $3, recipient = $4, subject = $5, text_body = $6,
                html_body = $7, status = $8, attempts = $9, unknown_outcomes = $10, next_attempt_at = $11,
                last_outcome = $12, created_at = $13, sent_at = $14
                WHERE id = $1 AND status = $15 AND attempts = $16
                """, Self.values(mail) + [.text(expected.status.rawValue), .int(expected.attempts)]) == 1
        }
    }

    static func values(_ m: OutboxMail) -> [SQLValue] {
        [
            .text(m.id), .text(m.kind), .optionalText(m.accountID), .text(m.recipient), .text(m.subject),
            .text(m.textBody), .text(m.htmlBody), .text(m.status.rawValue), .int(m.attempts), .int(m.unknownOutcomes),
            .date(m.nextAttemptAt), .optionalText(m.lastOutcome), .date(m.createdAt), .optionalDate(m.sentAt),
        ]
    }
}

extension SQLRow {
    func oneTimeToken() throws -> OneTimeToken {
        OneTimeToken(
            hash: try text(0), purpose: try raw(1, as: OneTimeToken.Purpose.self), accountID: try text(2),
            email: try text(3), createdAt: try date(4), expiresAt: try date(5), usedAt: try optionalDate(6),
            passwordHash: try optionalText(7))
    }

    func outboxMail() throws -> OutboxMail {
        OutboxMail(
            id: try text(0), kind: try text(1), accountID: try optionalText(2), recipient: try text(3),
            subject: try text(4), textBody: try text(5), htmlBody: try text(6),
            status: try raw(7, as: OutboxMail.Status.self), attempts: try int(8), unknownOutcomes: try int(9),
            nextAttemptAt: try date(10), lastOutcome: try optionalText(11), createdAt: try date(12),
            sentAt: try optionalDate(13))
    }
}
