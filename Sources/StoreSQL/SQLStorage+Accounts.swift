import Foundation
import OAuthCore

extension SQLStorage {
    public func insertAccount(_ account: Account) throws {
        try insertRow(
            into: "accounts", "\(Columns.account), email_lower",
            try Self.values(account) + [.optionalText(account.email.map(Account.emailKey))])
    }

    public func account(id: String) throws -> Account? {
        try access { try $0.query(accountByIDSQL, [.text(id)]) { try $0.account() } }.first
    }

    /// `account(id:)`'s query with the connection's row lock appended: the two cannot drift apart.
    public func lockAccount(id: String) throws -> Account? {
        try access { try $0.query(accountByIDSQL + $0.rowLock, [.text(id)]) { try $0.account() } }.first
    }

    public func listAccounts() throws -> [Account] {
        try access {
            try $0.query(
                """
                SELECT \(Columns.account) FROM accounts WHERE status <> 'deleted'
                ORDER BY created_at, \($0.insertionOrder)
                """
            ) {
                try $0.account()
            }
        }
    }

    /// Matches the email key kept beside it (`Account.emailKey`: NFC, Swift lowercasing), by bytes.
    public func account(email: String) throws -> Account? {
        try access {
            try $0.query(
                """
                SELECT \(Columns.account) FROM accounts WHERE email_lower = $1 AND status <> 'deleted'
                ORDER BY created_at, \($0.insertionOrder) LIMIT 1
                """, [.text(Account.emailKey(email))]
            ) { try $0.account() }
        }.first
    }

    public func updateAccount(_ account: Account) throws {
        try access {
            try $0.run(
                """
                UPDATE accounts SET status = $2, email = $3, email_verified = $4, display_name = $5, created_at = $6,
                self_service = $7, email_lower = $8 WHERE id = $1
                """, try Self.values(account) + [.optionalText(account.email.map(Account.emailKey))])
        }
    }

    static func values(_ a: Account) throws -> [SQLValue] {
        [
            .text(a.id), .text(a.status.rawValue), .optionalText(a.email), .bool(a.emailVerified),
            .optionalText(a.displayName), .date(a.createdAt), .bool(a.selfService),
        ]
    }

    public func setPasswordHash(_ hash: String, accountID: String) throws {
        try access {
            try $0.insert(
                """
                INSERT INTO password_credentials (account_id, hash) VALUES ($1, $2)
                ON CONFLICT (account_id) DO UPDATE SET hash = excluded.hash
                """, [.text(accountID), .text(hash)])
        }
    }

    public func passwordHash(accountID: String) throws -> String? {
        try access {
            try $0.query("SELECT hash FROM password_credentials WHERE account_id = $1", [.text(accountID)]) {
                try $0.text(0)
            }
        }.first
    }

    public func eraseAccount(id: String, at time: Date) throws -> Bool {
        try atomic { db in
            let erased = try db.run(
                """
                UPDATE accounts SET status = 'deleted', email = NULL, email_lower = NULL, display_name = NULL,
                email_verified = false WHERE id = $1 AND status <> 'deleted'
                """, [.text(id)])
            guard erased == 1 else { return false }
            let account: [SQLValue] = [.text(id)]
            try db.run("DELETE FROM third_party_tokens WHERE account_id = $1", account)
            try db.run("DELETE FROM identities WHERE account_id = $1", account)
            try db.run("DELETE FROM password_credentials WHERE account_id = $1", account)
            try db.run("DELETE FROM passkeys WHERE account_id = $1", account)
            try db.run("DELETE FROM sessions WHERE account_id = $1", account)
            try db.run("DELETE FROM one_time_tokens WHERE account_id = $1", account)
            try db.run("DELETE FROM outbox WHERE account_id = $1", account)
            let grants = try db.query(
                "SELECT id FROM grants WHERE account_id = $1 AND revoked_at IS NULL", account
            ) {
                try $0.text(0)
            }
            for grant in GrantLockOrder.sorted(grants) { _ = try Self.revokeGrant(grant, at: time, in: db) }
            return true
        }
    }
}

/// One account by id (`account(id:)`; `lockAccount(id:)` appends `SQLConnection.rowLock`).
private let accountByIDSQL = "SELECT \(Columns.account) FROM accounts WHERE id = $1"
