import Foundation
import OAuthCore

extension SQLiteStorage: TokenStore {
    public func insertCode(_ code: AuthorizationCode) throws {
        try access {
            try $0.run(
                "INSERT INTO authorization_codes (\(Columns.code)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(code.hash), .text(code.grantID), .text(code.clientID), .text(code.accountID),
                    .text(code.redirectURI),
                    try .strings(code.scope), .optionalText(code.nonce), .optionalText(code.codeChallenge),
                    .date(code.authTime),
                    .date(code.createdAt), .date(code.expiresAt), .optionalDate(code.consumedAt),
                ])
        }
    }

    /// UPDATE … WHERE consumed_at IS NULL under the writer lock: one caller changes the row.
    public func consumeCode(hash: String, at time: Date) throws -> CodeConsumption {
        try atomic { db in
            let changed = try db.run(
                "UPDATE authorization_codes SET consumed_at = ? WHERE hash = ? AND consumed_at IS NULL",
                [.date(time), .text(hash)])
            let found = try db.query(
                "SELECT \(Columns.code) FROM authorization_codes WHERE hash = ?", [.text(hash)]
            ) {
                try $0.code()
            }
            guard let code = found.first else { return .notFound }
            return changed == 1 ? .consumed(code) : .alreadyUsed(code)
        }
    }

    public func insertToken(_ token: TokenRecord) throws {
        try access {
            try $0.run(
                "INSERT INTO tokens (\(Columns.token)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(token.hash), .text(token.kind.rawValue), .text(token.grantID),
                    .text(token.clientID),
                    .text(token.accountID), try .strings(token.scope), .date(token.authTime),
                    .date(token.createdAt),
                    .optionalDate(token.expiresAt), .optionalDate(token.revokedAt),
                    .optionalDate(token.rotatedAt),
                ])
        }
    }

    /// The hot path: a primary-key lookup.
    public func token(hash: String) throws -> TokenRecord? {
        try access {
            try $0.query("SELECT \(Columns.token) FROM tokens WHERE hash = ?", [.text(hash)]) {
                try $0.token()
            }
        }
        .first
    }

    public func markRotated(hash: String, at time: Date) throws -> Bool {
        try access {
            try $0.run(
                "UPDATE tokens SET rotated_at = ? WHERE hash = ? AND rotated_at IS NULL",
                [.date(time), .text(hash)]) == 1
        }
    }

    public func revokeToken(hash: String, at time: Date) throws -> Bool {
        try access {
            try $0.run(
                "UPDATE tokens SET revoked_at = ? WHERE hash = ? AND revoked_at IS NULL",
                [.date(time), .text(hash)]) == 1
        }
    }

    public func purgeExpired(before time: Date) throws -> Int {
        try atomic { db in
            let before: [SQLiteValue] = [.date(time)]
            return try db.run("DELETE FROM authorization_codes WHERE expires_at < ?", before)
                + db.run("DELETE FROM tokens WHERE expires_at IS NOT NULL AND expires_at < ?", before)
                + db.run("DELETE FROM sessions WHERE expires_at < ?", before)
                + db.run("DELETE FROM interactions WHERE expires_at < ?", before)
        }
    }
}
