import Foundation
import OAuthCore
import StoreSQL

extension PostgresStorage {
    /// StoreSQL's conditional INSERT (SQLStorage+TokenPath.swift), sent in a group commit with the
    /// others waiting (PGInsertBatch's thread): one round trip and one WAL flush for many refreshes. Inside a
    /// transaction view it runs at once on the transaction's connection.
    public func insertToken(_ token: TokenRecord, whileLive refreshHash: String, at now: Date) async throws -> Bool {
        let (sql, values) = try Self.insertWhileLiveLocking(token, refreshHash, now)
        if let pinned { return try pinned.query(sql, values).changed == 1 }
        return try await insertBatch.run(PGStatement(sql, values, locks: token.grantID)) == 1
    }
}
