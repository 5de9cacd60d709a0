import Foundation
import OAuthCore
import StoreSQL

/// One purger at a time across instances: every instance runs the periodic purge, but each purge
/// first tries a transaction-level advisory lock (PostgreSQL docs §9.27.10, `pg_try_advisory_xact_lock`);
/// whoever does not get it skips this round (answers 0) instead of deleting the same rows again.
/// The lock is keyed by the schema too, so deployments sharing one database in separate schemas
/// purge independently. It ends with the transaction: no instance can keep it by dying.
extension PostgresStorage {
    /// The advisory lock's first key (the migration lock is 7426031).
    static let purgeLockKey = 7_426_032

    public func purgeExpired(before time: Date) throws -> Int {
        try exclusively { try SQLPurge.expired.run($0, before: time) }
    }

    public func purgeRefreshHistory(before time: Date) throws -> Int {
        try exclusively { try SQLPurge.refreshHistory.run($0, before: time) }
    }

    private func exclusively(_ purge: (PGConnection) throws -> Int) throws -> Int {
        try atomically { db in
            let taken = try db.query(
                "SELECT pg_try_advisory_xact_lock($1, hashtext(current_schema()))", [.int(Self.purgeLockKey)]
            ).rows { try $0.bool(0) }
            guard taken.first == true else { return 0 }
            return try purge(db)
        }
    }
}
