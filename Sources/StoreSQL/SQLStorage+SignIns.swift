import Foundation
import OAuthCore

/// `SignInListStore` (Sources/OAuthCore/Storage/SignInListStore.swift) on SQLite and PostgreSQL.
extension SQLStorage {
    public func liveSessions(accountID: String, at time: Date) throws -> [Session] {
        try access {
            try $0.query(
                """
                SELECT \(Columns.session) FROM sessions WHERE account_id = $1 AND expires_at > $2
                ORDER BY COALESCE(last_used_at, created_at) DESC, hash DESC
                """, [.text(accountID), .date(time)]
            ) { try $0.session() }
        }
    }

    public func recordSessionUse(hash: String, at time: Date, origin: SignInOrigin) throws {
        try access {
            try $0.run(
                "UPDATE sessions SET last_used_at = $2, ip_address = $3, user_agent = $4 WHERE hash = $1",
                [.text(hash), .date(time), .optionalText(origin.ipAddress), .optionalText(origin.userAgent)])
        }
    }

    /// One indexed look-up per grant (`tokens_grant` is `(grant_id, created_at)`); the page lists a handful.
    public func lastTokenIssued(grantIDs: [String]) throws -> [String: Date] {
        var newest: [String: Date] = [:]
        for id in grantIDs {
            let found = try access {
                try $0.query("SELECT MAX(created_at) FROM tokens WHERE grant_id = $1", [.text(id)]) {
                    try $0.optionalDate(0)
                }
            }
            if let date = found.first ?? nil { newest[id] = date }
        }
        return newest
    }
}
