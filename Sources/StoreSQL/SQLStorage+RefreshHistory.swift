import Foundation
import OAuthCore

/// RefreshHistoryStore (Sources/OAuthCore/Storage/RefreshHistoryStore.swift) in SQL both dialects
/// accept. Migration 7 indexes `rotated_at`, `revoked_at` and `refresh_lineage.created_at`.
extension SQLStorage {
    public func purgeRefreshHistory(before time: Date) throws -> Int {
        try atomic { try Self.purgeRefreshHistory($0, before: time) }
    }

    /// The statements, for a backend that wraps them (PostgreSQL takes its purge lock first).
    package static func purgeRefreshHistory(_ db: any SQLConnection, before time: Date) throws -> Int {
        try db.runEach(
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
            ], [.date(time)])
    }
}
