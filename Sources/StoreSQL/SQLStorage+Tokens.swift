import Foundation
import OAuthCore

extension SQLStorage {
    public func insertCode(_ code: AuthorizationCode) throws {
        try access {
            try $0.insert(
                "INSERT INTO authorization_codes (\(Columns.code)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                [
                    .text(code.hash), .text(code.grantID), .text(code.clientID), .text(code.accountID),
                    .text(code.redirectURI),
                    try .strings(code.scope), .optionalText(code.nonce), .optionalText(code.codeChallenge),
                    .date(code.authTime),
                    .date(code.createdAt), .date(code.expiresAt), .optionalDate(code.consumedAt),
                ])
        }
    }

    /// `UPDATE … WHERE consumed_at IS NULL RETURNING`, one statement: in PostgreSQL a concurrent caller
    /// blocks on the row lock, then re-checks the condition and changes nothing; SQLite runs it under
    /// its writer lock. Either way exactly one caller gets `.consumed`.
    public func consumeCode(hash: String, at time: Date) throws -> CodeConsumption {
        try access { db in
            let consumed = try db.query(
                """
                UPDATE authorization_codes SET consumed_at = $1 WHERE hash = $2 AND consumed_at IS NULL
                RETURNING \(Columns.code)
                """, [.date(time), .text(hash)]
            ) { try $0.code() }
            if let code = consumed.first { return .consumed(code) }
            let found = try db.query(
                "SELECT \(Columns.code) FROM authorization_codes WHERE hash = $1", [.text(hash)]
            ) {
                try $0.code()
            }
            return found.first.map { .alreadyUsed($0) } ?? .notFound
        }
    }

    public func insertToken(_ token: TokenRecord) throws {
        try access { try $0.insert(insertTokenSQL, Self.tokenValues(token, scope: try .strings(token.scope))) }
    }

    /// The hot path: a primary-key lookup.
    public func token(hash: String) throws -> TokenRecord? {
        try access {
            try $0.query("SELECT \(Columns.token) FROM tokens WHERE hash = $1", [.text(hash)]) {
                try $0.token()
            }
        }
        .first
    }

    public func markRotated(hash: String, at time: Date) throws -> Bool {
        try access {
            try $0.run(
                "UPDATE tokens SET rotated_at = $1 WHERE hash = $2 AND rotated_at IS NULL",
                [.date(time), .text(hash)]) == 1
        }
    }

    public func revokeToken(hash: String, at time: Date) throws -> Bool {
        try access {
            try $0.run(
                "UPDATE tokens SET revoked_at = $1 WHERE hash = $2 AND revoked_at IS NULL",
                [.date(time), .text(hash)]) == 1
        }
    }

    public func purgeExpired(before time: Date) throws -> Int {
        try atomic { try SQLPurge.expired.run($0, before: time) }
    }
}
