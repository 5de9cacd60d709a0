import Foundation

/// The periodic purges' statements, each run with the cut-off time as `$1`; the rows they delete, summed.
/// One owner for SQLStorage's `purgeExpired` and `purgeRefreshHistory` and for a backend that wraps them
/// (PostgreSQL takes its purge lock first, PostgresStorage+Purge.swift).
package enum SQLPurge {
    /// Codes, tokens, sessions, interactions and one-time tokens past their expiry (TokenStore).
    case expired
    /// RefreshHistoryStore (Sources/OAuthCore/Storage/RefreshHistoryStore.swift); migration 7 indexes
    /// `rotated_at`, `revoked_at` and `refresh_lineage.created_at`.
    case refreshHistory

    package func run(_ db: any SQLConnection, before time: Date) throws -> Int {
        try db.runEach(statements, [.date(time)])
    }

    var statements: [String] {
        switch self {
        case .expired:
            [
                "DELETE FROM authorization_codes WHERE expires_at < $1",
                "DELETE FROM tokens WHERE expires_at IS NOT NULL AND expires_at < $1",
                "DELETE FROM sessions WHERE expires_at < $1",
                "DELETE FROM interactions WHERE expires_at < $1",
                "DELETE FROM one_time_tokens WHERE expires_at < $1",
            ]
        case .refreshHistory:
            [
                "DELETE FROM tokens WHERE rotated_at IS NOT NULL AND rotated_at < $1",
                "DELETE FROM tokens WHERE revoked_at IS NOT NULL AND revoked_at < $1",
                """
                DELETE FROM tokens WHERE hash IN (SELECT branch.hash FROM refresh_lineage branch
                WHERE branch.created_at < $1 AND branch.used_at IS NULL AND EXISTS (SELECT 1 FROM refresh_lineage used
                WHERE used.parent_hash = branch.parent_hash AND used.hash <> branch.hash AND used.used_at < $1))
                """,
                """
                DELETE FROM refresh_lineage WHERE created_at < $1 AND NOT EXISTS (SELECT 1 FROM refresh_lineage child
                JOIN tokens ON tokens.hash = child.hash
                WHERE child.parent_hash = refresh_lineage.parent_hash AND tokens.revoked_at IS NULL)
                """,
            ]
        }
    }
}
